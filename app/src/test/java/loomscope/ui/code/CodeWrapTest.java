package loomscope.ui.code;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The code pane's soft wrap: at spaces, else after a dot or parenthesis, continuations four columns in. */
class CodeWrapTest {
    @Test
    void breaksAtASpaceAndIndentsTheRest() {
        assertEquals("observer.phase(vt,\n    Phase.SLEEP_START);", CodeView.wrap("observer.phase(vt, Phase.SLEEP_START);", 24));
        assertEquals("short", CodeView.wrap("short", 20));
    }

    @Test
    void withoutASpaceBreaksAfterADotOrParenthesisNotInsideAWord() {
        assertEquals("ClassInitGate.initialising(\n    ClassInitTarget.class);", CodeView.wrap("ClassInitGate.initialising(ClassInitTarget.class);", 30));
        assertEquals("abcdefghij\n    klmnop\n    qrstuv\n    wxyz", CodeView.wrap("abcdefghijklmnopqrstuvwxyz", 10),
                "no place to break: at the width (a continuation has the width less its four columns)");
    }
}
