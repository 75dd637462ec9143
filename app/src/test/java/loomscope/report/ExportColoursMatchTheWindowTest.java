package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.awt.Color;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.recording.VtState;
import org.junit.jupiter.api.Test;

/**
 * A clip or a card shows a run in the window's colours: every state's colour in the exporters equals app.css's dark
 * theme (the clip's and the card's look-up), so an exported picture never shows another run than the window did.
 */
class ExportColoursMatchTheWindowTest {

    private static Map<String, Color> darkTheme() throws IOException {
        String css;
        try (InputStream in = ExportColoursMatchTheWindowTest.class.getResourceAsStream("/loomscope/ui/app.css")) {
            css = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher root = Pattern.compile("\\.root \\{(.*?)}", Pattern.DOTALL).matcher(css);
        assertFalse(!root.find(), "app.css has a .root block");
        Map<String, Color> colours = new HashMap<>();
        Matcher entry = Pattern.compile("-ls-([a-z-]+):\\s*#([0-9a-fA-F]{6});").matcher(root.group(1));
        while (entry.find()) {
            colours.put(entry.group(1), new Color(Integer.parseInt(entry.group(2), 16)));
        }
        return colours;
    }

    @Test
    void everyStateIsTheWindowsColourInClips() throws IOException {
        Map<String, Color> window = darkTheme();
        for (VtState state : VtState.values()) {
            Color css = window.get(state.name().toLowerCase(Locale.ROOT));
            if (css != null) {
                assertEquals(css, ClipColours.of(state), state + ": clip vs app.css");
            }
        }
        assertEquals(window.get("canvas-bg"), ClipColours.BACKGROUND);
        assertEquals(window.get("lane-bg"), ClipColours.LANE);
        assertEquals(window.get("idle"), ClipColours.IDLE);
        assertEquals(window.get("text"), ClipColours.TEXT);
        assertEquals(window.get("muted"), ClipColours.MUTED);
        assertEquals(window.get("grid"), ClipColours.GRID);
        assertEquals(window.get("pool-added"), ClipColours.POOL);
    }

    @Test
    void pinnedAndNotPinnedAreTheWindowsColoursOnCards() throws IOException {
        Map<String, Color> window = darkTheme();
        assertEquals(window.get("pinned"), CardPalette.DARK.pinned());
        assertEquals(window.get("running"), CardPalette.DARK.notPinned());
    }
}
