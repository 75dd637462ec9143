package loomscope.ui.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.picture.PictureColours;
import loomscope.picture.Rgb;
import loomscope.recording.VtState;
import org.junit.jupiter.api.Test;

/**
 * app.css keeps the picture's colours as looked-up colours for its chrome (legend swatches, the history chart's bars,
 * the code panes' marks): every one of them, in every theme, is the one palette's, so the chrome and the canvases
 * (and the exports) cannot disagree. The states nothing draws yet (captured, stalled) are not in it.
 */
class AppCssMatchesThePictureTest {

    @Test
    void everyLookedUpColourOfEveryThemeIsThePictures() throws IOException {
        String css = appCss();
        for (AppTheme theme : AppTheme.values()) {
            PictureColours picture = PictureColours.of(theme.picture());
            Map<String, Rgb> expected = new LinkedHashMap<>();
            for (VtState s : VtState.values()) {
                expected.put(PictureColours.cssName(s), picture.of(s));
            }
            expected.put("lane-bg", picture.lane());
            expected.put("idle", picture.idle());
            expected.put("text", picture.text());
            expected.put("muted", picture.muted());
            expected.put("grid", picture.grid());
            expected.put("pool-added", picture.poolAdded());
            expected.put("canvas-bg", picture.canvas());
            expected.put("warning", picture.warning());

            Map<String, Rgb> declared = lookedUp(css, theme);
            assertEquals(new java.util.TreeSet<>(expected.keySet()), new java.util.TreeSet<>(declared.keySet()),
                    theme + ": app.css declares the picture's colours, no others");
            for (Map.Entry<String, Rgb> e : expected.entrySet()) {
                assertEquals(e.getValue(), declared.get(e.getKey()), theme + ": -ls-" + e.getKey());
            }
        }
    }

    /** The {@code -ls-*} colours of {@code theme}'s block: {@code .root} for dark, {@code .root.light} and so on. */
    private static Map<String, Rgb> lookedUp(String css, AppTheme theme) {
        String selector = theme.rootStyleClass() == null ? ".root" : ".root." + theme.rootStyleClass();
        Matcher block = Pattern.compile("(?m)^" + Pattern.quote(selector) + " \\{(.*?)}", Pattern.DOTALL).matcher(css);
        assertTrue(block.find(), "app.css has a " + selector + " block");
        Map<String, Rgb> colours = new LinkedHashMap<>();
        Matcher entry = Pattern.compile("-ls-([a-z-]+):\\s*([^;]+);").matcher(block.group(1));
        while (entry.find()) {
            String value = entry.group(2).trim().toLowerCase(Locale.ROOT);
            assertTrue(value.matches("#[0-9a-f]{6}"), selector + " -ls-" + entry.group(1) + " is #rrggbb: " + value);
            colours.put(entry.group(1), Rgb.of(value));
        }
        return colours;
    }

    private static String appCss() throws IOException {
        try (InputStream in = AppCssMatchesThePictureTest.class.getResourceAsStream("/loomscope/ui/app.css")) {
            assertNotNull(in, "app.css");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
