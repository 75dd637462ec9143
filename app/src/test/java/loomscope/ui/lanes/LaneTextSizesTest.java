package loomscope.ui.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import org.junit.jupiter.api.Test;

class LaneTextSizesTest {

    @Test
    void sixteenLanesOnA1080pStageGetTextABackRowCanRead() {
        double laneHeight = 25;   // presenter mode, P = 16, 1920x1080
        assertTrue(LaneTextSizes.name(laneHeight) >= 15, "name " + LaneTextSizes.name(laneHeight));
        assertTrue(LaneTextSizes.occupant(laneHeight) >= 16, "occupant " + LaneTextSizes.occupant(laneHeight));
        assertTrue(LaneTextSizes.name(laneHeight) < laneHeight, "the name fits in its lane");
    }

    @Test
    void tallLanesStopGrowingAndThinOnesKeepAFloor() {
        assertEquals(20, LaneTextSizes.name(120));
        assertEquals(26, LaneTextSizes.occupant(120));
        assertEquals(9, LaneTextSizes.name(4));
    }

    @Test
    void aOneLineNoteStartsAfterTheLongestNameAndEndsInsideTheLabelColumn() {
        for (double lane = 10; lane < 44; lane++) {   // one-line notes: from the lanes with names to two-line ones
            double size = LaneTextSizes.name(lane);
            double nameEnd = 10 + widthOf("carrier 88", Font.font(null, FontWeight.BOLD, size));
            double noteX = LaneTextSizes.noteX(size);
            double noteEnd = noteX + widthOf("+pool", Font.font(LaneTextSizes.note(lane)));
            assertTrue(noteX > nameEnd, "lane " + lane + ": note at " + noteX + ", name ends at " + nameEnd);
            assertTrue(noteEnd < LanesCanvas.LABEL_WIDTH, "lane " + lane + ": note ends at " + noteEnd);
        }
    }

    /** The width JavaFX lays the text out in (fonts load without a window). */
    private static double widthOf(String text, Font font) {
        Text measured = new Text(text);
        measured.setFont(font);
        return measured.getLayoutBounds().getWidth();
    }
}
