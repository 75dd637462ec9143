package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The names a target gives are shown, not obeyed, and a missing one is said so. */
class AttachSummaryTest {

    @Test
    void aNameIsShownWithItsControlsVisibleAndNoNameIsUnnamed() {
        assertEquals("(unnamed)", AttachSummary.shown(null));
        assertEquals("(unnamed)", AttachSummary.shown(""));
        assertEquals("org.example.Main", AttachSummary.shown("org.example.Main"));
        assertEquals("evil\\x1B[2J", AttachSummary.shown("evil\u001b[2J"));
    }
}
