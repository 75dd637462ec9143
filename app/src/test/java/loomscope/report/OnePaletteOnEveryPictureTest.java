package loomscope.report;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;
import loomscope.picture.Rgb;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.recording.UnsureRun;
import loomscope.recording.VtState;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * One palette on every picture: the window's lanes, the timing card and a clip frame of one small recording (running,
 * pinned and unsure mounts), in each theme, are painted in the picture's colours of that theme and no others. What
 * covers a real area of a picture (0.3 % of its pixels or more: text's antialiased edges are single pixels spread over
 * many blends) must be one of the theme's {@link PictureColours}, and the states the run shows must be among them.
 */
@ExtendWith(ApplicationExtension.class)
class OnePaletteOnEveryPictureTest {
    private static final double AREA = 0.003;

    private RecordingView view;
    private Scene scene;

    @Start
    void start(Stage stage) {
        view = new RecordingView();
        scene = new Scene(view, 1200, 600);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theLanesTheCardAndTheClipUseOnlyTheThemesColours() {
        RunRecording r = UnsureRun.record();
        long t = UnsureRun.at(r, 40);
        try {
            for (AppTheme theme : AppTheme.values()) {
                PictureTheme picture = theme.picture();
                Map<Integer, String> allowed = colours(PictureColours.of(picture));

                Map<Integer, Integer> lanes = lanesAt(theme, r, t);
                assertOnly(theme + " lanes", lanes, allowed, picture, "pinned", "running", "unsure");

                HistoryEntry entry = new HistoryEntry(RunSummary.of(r), Instant.now(), List.of());
                TimingCard card = TimingCard.ofLatest(List.of(entry), LocalDate.of(2026, 1, 1));
                BufferedImage cardImage = new TimingCardRenderer(picture).render(card, CardSize.HD).image();
                assertOnly(theme + " card", histogram(cardImage), allowed, picture, "pinned");   // its one run pinned

                ClipFramePainter clip = new ClipFramePainter(r, CardSize.HD, "one palette", ClipPlan.of(r, 1.0, 10), picture);
                assertOnly(theme + " clip", histogram(clip.paint(t)), allowed, picture, "pinned", "running", "unsure");
            }
        } finally {
            fx(() -> AppTheme.DARK.applyTo(scene));
        }
    }

    private Map<Integer, Integer> lanesAt(AppTheme theme, RunRecording r, long t) {
        fx(() -> {
            theme.applyTo(scene);
            view.lanes().setFitFinished(true);
            view.setRecording(r);
            view.showAt(t);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> {
            view.showAt(t);
            // where the canvas paints nothing the window shows its host's ground (.canvas-host: -ls-canvas-bg)
            SnapshotParameters ground = new SnapshotParameters();
            ground.setFill(Palette.of(theme.picture()).background());
            WritableImage image = view.lanes().canvas().snapshot(ground, null);
            PixelReader pixels = image.getPixelReader();
            Map<Integer, Integer> counts = new HashMap<>();
            for (int y = 0; y < (int) image.getHeight(); y++) {
                for (int x = 0; x < (int) image.getWidth(); x++) {
                    counts.merge(pixels.getArgb(x, y) & 0xFFFFFF, 1, Integer::sum);
                }
            }
            return counts;
        });
    }

    /** Every colour covering an area is the theme's; the {@code drawn} states are among them. */
    private static void assertOnly(String what, Map<Integer, Integer> counts, Map<Integer, String> allowed,
                                   PictureTheme theme, String... drawn) {
        long total = counts.values().stream().mapToLong(Integer::longValue).sum();
        List<String> strangers = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (Map.Entry<Integer, Integer> e : counts.entrySet()) {
            if (e.getValue() < total * AREA) {
                continue;
            }
            String name = nearest(e.getKey(), allowed);
            if (name == null) {
                strangers.add(String.format("#%06x (%,d px)", e.getKey(), e.getValue()));
            } else {
                seen.add(name);
            }
        }
        assertTrue(strangers.isEmpty(), what + ": colours not in the " + theme + " picture: " + strangers);
        assertTrue(seen.containsAll(List.of(drawn)), what + ": " + List.of(drawn) + " drawn, saw " + seen);
    }

    /** Every colour of the theme by name: the states drawn today, the unsure stripes and the canvases' own. */
    private static Map<Integer, String> colours(PictureColours p) {
        Map<Integer, String> out = new HashMap<>();
        for (VtState s : VtState.values()) {
            out.put(p.of(s).value(), PictureColours.cssName(s));
        }
        out.put(p.unsureStripe().value(), "unsure");
        Rgb[] chrome = {p.canvas(), p.lane(), p.idle(), p.text(), p.muted(), p.grid(), p.poolAdded(), p.accent(), p.warning()};
        for (Rgb c : chrome) {
            out.putIfAbsent(c.value(), "chrome " + c);
        }
        // a lane's edge at half a pixel is a row of the ground and the lane half and half: an edge, not an area
        Rgb[] grounds = {p.canvas(), p.lane(), p.idle(), p.grid()};
        for (Rgb a : grounds) {
            for (Rgb b : grounds) {
                int half = (a.red() + b.red()) / 2 << 16 | (a.green() + b.green()) / 2 << 8 | (a.blue() + b.blue()) / 2;
                out.putIfAbsent(half, "edge " + a + "/" + b);
            }
        }
        return out;
    }

    /** The name of the allowed colour within 2/255 a channel of {@code rgb} (the software pipeline may round), or null. */
    private static String nearest(int rgb, Map<Integer, String> allowed) {
        for (Map.Entry<Integer, String> e : allowed.entrySet()) {
            int a = rgb;
            int b = e.getKey();
            if (Math.abs((a >> 16 & 0xFF) - (b >> 16 & 0xFF)) <= 2 && Math.abs((a >> 8 & 0xFF) - (b >> 8 & 0xFF)) <= 2
                    && Math.abs((a & 0xFF) - (b & 0xFF)) <= 2) {
                return e.getValue();
            }
        }
        return null;
    }

    private static Map<Integer, Integer> histogram(BufferedImage image) {
        Map<Integer, Integer> counts = new HashMap<>();
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                counts.merge(image.getRGB(x, y) & 0xFFFFFF, 1, Integer::sum);
            }
        }
        return counts;
    }
}
