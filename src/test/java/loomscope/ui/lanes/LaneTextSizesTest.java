package loomscope.ui.lanes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void aOneLineNoteStartsAfterTheLongestNameAndInsideTheLabelColumn() {
        for (double lane = 10; lane < 44; lane++) {
            double size = LaneTextSizes.name(lane);
            double nameEnd = 10 + size * 6.2;
            double noteX = LaneTextSizes.noteX(size);
            assertTrue(noteX > nameEnd && noteX + 5 * LaneTextSizes.note(lane) * 0.6 < LanesCanvas.LABEL_WIDTH,
                    "lane " + lane + ": note at " + noteX);
        }
    }
}
