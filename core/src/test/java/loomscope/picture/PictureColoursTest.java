package loomscope.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import loomscope.recording.VtState;
import org.junit.jupiter.api.Test;

/** The one palette: a colour for every drawn state in every theme, no two alike, and red only for pinned. */
class PictureColoursTest {

    @Test
    void everyThemeHasAColourForEveryState() {
        for (PictureTheme theme : PictureTheme.values()) {
            PictureColours colours = PictureColours.of(theme);
            assertNotNull(colours, theme.name());
            assertEquals(theme, colours.theme());
            for (VtState s : VtState.values()) {
                assertNotNull(colours.of(s), theme + " " + s);
            }
        }
    }

    /** No two states share a colour (a picture read back to states needs that). */
    @Test
    void noTwoStatesOfAThemeLookAlike() {
        for (PictureTheme theme : PictureTheme.values()) {
            PictureColours colours = PictureColours.of(theme);
            Map<VtState, Rgb> seen = new HashMap<>();
            for (VtState s : VtState.values()) {
                Rgb c = colours.of(s);
                for (Map.Entry<VtState, Rgb> e : seen.entrySet()) {
                    int d = Math.abs(c.red() - e.getValue().red()) + Math.abs(c.green() - e.getValue().green())
                            + Math.abs(c.blue() - e.getValue().blue());
                    assertTrue(d >= 1, theme + ": " + s + " " + c + " is too near " + e.getKey()
                            + " " + e.getValue());
                }
                seen.put(s, c);
            }
        }
    }

    @Test
    void redMeansPinnedAndNothingElse() {
        for (PictureTheme theme : PictureTheme.values()) {
            PictureColours colours = PictureColours.of(theme);
            for (VtState s : VtState.values()) {
                assertEquals(s == VtState.PINNED, isRed(colours.of(s)), theme + " " + s + " " + colours.of(s));
            }
        }
    }

    @Test
    void theWindowsValuesAreTheTruth() {
        PictureColours dark = PictureColours.of(PictureTheme.DARK);
        assertEquals(Rgb.of("#0d1117"), dark.canvas(), "the window's ground, not the card's old #0d1321");
        assertEquals(Rgb.of("#ff4d4d"), dark.of(VtState.PINNED), "the window's pinned, not the fallback's #f85149");
    }

    @Test
    void theUnsureStripesAreItsColourAtTwoFifths() {
        Rgb unsure = PictureColours.of(PictureTheme.DARK).of(VtState.UNSURE);
        assertEquals(Rgb.of("#ff701a"), unsure);
        assertEquals(new Rgb((0xff * 2 / 5) << 16 | (0x70 * 2 / 5) << 8 | 0x1a * 2 / 5),
                PictureColours.of(PictureTheme.DARK).unsureStripe());
    }

    /** Hue within 15 degrees of pure red, saturated and bright enough to read as red (orange starts at about 20). */
    static boolean isRed(Rgb c) {
        int max = Math.max(c.red(), Math.max(c.green(), c.blue()));
        int min = Math.min(c.red(), Math.min(c.green(), c.blue()));
        if (max != c.red() || max < 128 || max - min < max / 2) {
            return false;
        }
        double hue = 60.0 * (c.green() - c.blue()) / (max - min);
        return Math.abs(hue) <= 15;
    }
}
