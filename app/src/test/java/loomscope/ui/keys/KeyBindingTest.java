package loomscope.ui.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import org.junit.jupiter.api.Test;

/** The one key table: no key means two things, every plain key is found from its event, the hint comes from it. */
class KeyBindingTest {

    @Test
    void noCombinationMeansTwoThings() {
        Map<String, KeyBinding> seen = new HashMap<>();
        for (KeyBinding b : KeyBinding.values()) {
            for (KeyCombination c : b.combinations()) {
                KeyBinding before = seen.put(c.getName(), b);
                assertEquals(null, before, c.getName() + " is both " + before + " and " + b);
            }
            assertFalse(b.combinations().isEmpty(), b + " has a key");
            assertFalse(b.keys().isBlank() || b.does().isBlank(), b + " says what it is");
        }
    }

    @Test
    void plainKeysAreFoundFromTheirEventsAndKeysWithModifiersAreNot() {
        assertEquals(KeyBinding.RUN_OR_STOP, KeyBinding.stageKeyFor(press(KeyCode.SPACE, false)).orElseThrow());
        assertEquals(KeyBinding.LOCK_MODE, KeyBinding.stageKeyFor(press(KeyCode.NUMPAD4, false)).orElseThrow());
        assertEquals(KeyBinding.PRESENT, KeyBinding.stageKeyFor(press(KeyCode.F5, false)).orElseThrow());
        assertEquals(KeyBinding.NEXT_CHAPTER, KeyBinding.stageKeyFor(press(KeyCode.PAGE_DOWN, false)).orElseThrow());
        assertTrue(KeyBinding.stageKeyFor(press(KeyCode.R, true)).isEmpty(), "Ctrl+R is the window's, not R's");
        assertTrue(KeyBinding.stageKeyFor(press(KeyCode.Q, false)).isEmpty());
    }

    @Test
    void theStatusBarHintComesFromTheTable() {
        String hint = KeyBinding.hint();
        assertTrue(hint.startsWith("? / F1 all keys · Ctrl+R run · Esc stop · Ctrl+P replay"), "the list of all keys leads: " + hint);
        assertFalse(hint.contains("Ctrl+Shift+J"), "not every key is a hint");
    }

    private static KeyEvent press(KeyCode code, boolean control) {
        return new KeyEvent(KeyEvent.KEY_PRESSED, "", "", code, false, control, false, false);
    }
}
