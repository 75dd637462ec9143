package loomscope.ui.widgets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** A remembered window always comes back whole on a screen that is there now. */
class WindowPlacementTest {
    private static final Rectangle2D FULL_HD = new Rectangle2D(0, 0, 1920, 1080);
    private static final Rectangle2D RIGHT = new Rectangle2D(1920, 0, 2560, 1440);

    @Test
    void aWindowOnTheScreenStaysWhereItWas() {
        Rectangle2D w = new Rectangle2D(100, 50, 1280, 800);
        assertEquals(w, WindowPlacement.onScreen(w, List.of(FULL_HD)));
    }

    @Test
    void aWindowHalfOffTheLeftEdgeMovesIn() {
        assertEquals(new Rectangle2D(0, 0, 1280, 1000),
                WindowPlacement.onScreen(new Rectangle2D(-140, 0, 1280, 1000), List.of(FULL_HD)));
    }

    @Test
    void aWindowOnAMonitorThatIsGoneComesToTheFirstScreenShrunkToFit() {
        assertEquals(new Rectangle2D(0, 0, 1920, 1080),
                WindowPlacement.onScreen(new Rectangle2D(2000, 100, 2400, 1300), List.of(FULL_HD)));
    }

    @Test
    void aWindowMostlyOnTheSecondScreenStaysThere() {
        assertEquals(new Rectangle2D(1920, 200, 1600, 900),
                WindowPlacement.onScreen(new Rectangle2D(1800, 200, 1600, 900), List.of(FULL_HD, RIGHT)));
    }
}
