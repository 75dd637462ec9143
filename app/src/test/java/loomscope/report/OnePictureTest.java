package loomscope.report;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

import javafx.scene.Scene;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import loomscope.recording.FieldLayout;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.UnsureRun;
import loomscope.recording.VtState;
import loomscope.savedrun.SavedRun;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.HatchPaint;
import loomscope.ui.theme.Palette;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * One picture: the same finished recording at the same t, drawn by the window (RecordingView, dark theme) and as a
 * clip frame (ClipFramePainter), shows every carrier's box and every thread's field cell in the same state. Each
 * picture's pixels are read back to a state through its own palette (the window's from app.css, the clip's
 * ClipColours), so a side that draws a state in another state's colour, or a thread in another thread's cell, fails.
 * Boxes are judged by most of their pixels (their text is in neither palette), cells by their centre pixel.
 */
@ExtendWith(ApplicationExtension.class)
class OnePictureTest {
    /** What a carrier's box shows at t. */
    private enum BoxLook { IDLE, RUNNING, PINNED, UNSURE }

    private RecordingView view;

    @TempDir
    Path folder;

    @Start
    void start(Stage stage) {
        view = new RecordingView();
        Scene scene = new Scene(view, 1200, 700);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void aSavedRunLooksTheSameInTheWindowAndInTheClipAtEveryT() throws Exception {
        // 40 threads, P = 2, native-frame lock: every mount pinned (FormatOneFileTest)
        RunRecording r = savedRun("/loomscope/savedrun/native-frame-40-format1.loomrun");
        Seen seen = new Seen();
        long span = r.runEnd() - r.runStart();
        for (int i = 0; i <= 8; i++) {
            compareAt(r, r.runStart() + span * i / 8, seen);
        }
        assertTrue(seen.boxes.containsAll(EnumSet.of(BoxLook.PINNED, BoxLook.IDLE)), "boxes compared: " + seen.boxes);
        assertTrue(seen.cells.size() >= 3, "cell states compared: " + seen.cells);
    }

    @Test
    void runningPinnedUnsureAndIdleBoxesAndHatchedCellsLookTheSame() {
        RunRecording r = UnsureRun.record();
        Seen seen = new Seen();
        for (long ms : new long[] {10, 40, 61}) {
            compareAt(r, UnsureRun.at(r, ms), seen);
        }
        assertEquals(EnumSet.allOf(BoxLook.class), seen.boxes, "every look a box can have was compared");
        assertTrue(seen.cells.contains(VtState.UNSURE), "a hatched cell was compared: " + seen.cells);
    }

    @Test
    void aShortRealRunLooksTheSameInTheWindowAndInTheClip() throws InterruptedException {
        // one lock for all 200 threads at P = 2: most wait BLOCKED while the holder sleeps PARKED (about 0.4 s in all)
        WorkloadConfig config = WorkloadConfig.seed().withThreads(200).withParallelism(2).withCpuIterations(1_000)
                .withSleepMillis(2).withLockMode(LockMode.SHARED_SYNCHRONIZED);
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(120_000), "the run ends");
        RunRecording r = run.recording();
        Seen seen = new Seen();
        long span = r.runEnd() - r.runStart();
        for (int i = 0; i <= 8; i++) {
            compareAt(r, r.runStart() + span * i / 8, seen);
        }
        assertTrue(seen.cells.size() >= 3, "cell states compared: " + seen.cells);
    }

    /** What the comparisons covered: a test that compared only idle boxes and empty cells would prove little. */
    private static final class Seen {
        final Set<BoxLook> boxes = EnumSet.noneOf(BoxLook.class);
        final Set<VtState> cells = EnumSet.noneOf(VtState.class);
    }

    private void compareAt(RunRecording r, long t, Seen seen) {
        ClipFramePainter clip = new ClipFramePainter(r, CardSize.FULL_HD, "one picture", ClipPlan.of(r, 1.0, 10));
        BufferedImage frame = clip.paint(t);
        Window window = windowAt(r, t);
        String at = String.format("t = %.3f ms: ", (t - r.runStart()) / 1e6);

        int carriers = r.carriers().length;
        assertEquals(carriers, window.boxes.size(), at + "the window's lanes");
        for (int c = 0; c < carriers; c++) {
            BoxLook inClip = boxLook(clip.boxBounds(c), (x, y) -> frame.getRGB(x, y), clipBoxColours());
            assertEquals(window.boxes.get(c), inClip, at + "carrier " + c + "'s box: window, then clip");
            seen.boxes.add(inClip);
        }

        FieldLayout inWindow = window.field;
        FieldLayout inFrame = clip.field().layout();
        assertEquals(1, inWindow.perDot(), "a cell a thread in the window");
        assertEquals(1, inFrame.perDot(), "and in the clip");
        Map<Integer, VtState> clipStates = stateColours(s -> ClipColours.of(s).getRGB(), ClipColours.UNSURE_STRIPE.getRGB());
        for (int vt = 0; vt < r.threads(); vt++) {
            VtState windowCell = stateAt(window.cells, inWindow, 0, 0, vt, window.stateColours);
            VtState clipCell = stateAt((x, y) -> frame.getRGB(x, y), inFrame, clip.field().x(), clip.field().y(), vt,
                    clipStates);
            assertNotNull(windowCell, at + "VT " + vt + "'s cell in the window is in a state's colour");
            assertEquals(windowCell, clipCell, at + "VT " + vt + "'s cell: window, then clip");
            seen.cells.add(clipCell);
        }
    }

    /** What the window showed at t: each lane's box, and its field's pixels and layout, read in one FX turn. */
    private record Window(List<BoxLook> boxes, Pixels cells, FieldLayout field, Map<Integer, VtState> stateColours) { }

    private Window windowAt(RunRecording r, long t) {
        fx(() -> {
            if (view.recording() != r) {
                view.setRecording(r);
            }
            view.showAt(t);
        });
        // the first frame of a recording can resize the lanes (one lane per carrier): draw again once laid out
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> {
            view.showAt(t);
            Palette p = view.palette();
            LanesCanvas lanes = view.lanes();
            Pixels lanePixels = pixels(lanes.canvas().snapshot(null, null));
            Map<Integer, BoxLook> boxColours = Map.of(rgb(p.idle()), BoxLook.IDLE, rgb(p.running()), BoxLook.RUNNING,
                    rgb(p.pinned()), BoxLook.PINNED, rgb(p.of(VtState.UNSURE)), BoxLook.UNSURE,
                    rgb(HatchPaint.stripe(p.of(VtState.UNSURE))), BoxLook.UNSURE);
            List<BoxLook> boxes = new ArrayList<>();
            for (int lane = 0; lane < lanes.laneCount(); lane++) {
                Rectangle box = new Rectangle((int) Math.ceil(lanes.nowBoxX()), (int) Math.ceil(lanes.laneTop(lane)),
                        (int) Math.floor(lanes.canvas().getWidth() - lanes.nowBoxX()), (int) Math.floor(lanes.laneHeight()));
                boxes.add(boxLook(box, lanePixels, boxColours));
            }
            Pixels field = pixels(view.field().canvas().snapshot(null, null));
            return new Window(boxes, field, view.field().fieldLayout(),
                    stateColours(s -> rgb(p.of(s)), rgb(HatchPaint.stripe(p.of(VtState.UNSURE)))));
        });
    }

    /** A picture's pixel as 0xRRGGBB. */
    private interface Pixels {
        int rgb(int x, int y);
    }

    private static Pixels pixels(WritableImage image) {
        PixelReader reader = image.getPixelReader();
        return (x, y) -> reader.getArgb(x, y);
    }

    /** The look most of the box's inner pixels have; they must be most of the box (the rest is its text). */
    private static BoxLook boxLook(Rectangle box, Pixels pixels, Map<Integer, BoxLook> colours) {
        Map<BoxLook, Integer> votes = new EnumMap<>(BoxLook.class);
        int inner = 0;
        for (int y = box.y + 3; y < box.y + box.height - 3; y++) {
            for (int x = box.x + 3; x < box.x + box.width - 3; x++, inner++) {
                BoxLook look = nearest(pixels.rgb(x, y), colours);
                if (look != null) {
                    votes.merge(look, 1, Integer::sum);
                }
            }
        }
        BoxLook most = votes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
        int counted = most == null ? 0 : votes.get(most);
        assertTrue(counted > inner / 2, "a box of " + inner + " pixels is mostly one look: " + votes + " at " + box);
        return most;
    }

    /** The state of the centre pixel of thread {@code vt}'s cell, or null when no state has its colour. */
    private static VtState stateAt(Pixels pixels, FieldLayout layout, int x0, int y0, int vt, Map<Integer, VtState> colours) {
        int dot = layout.dotOf(vt);
        return nearest(pixels.rgb(x0 + layout.cellX(dot) + layout.cell() / 2, y0 + layout.cellY(dot) + layout.cell() / 2),
                colours);
    }

    /** A palette read backwards: colour (0xRRGGBB) to state, the unsure hatch's stripe included. */
    private static Map<Integer, VtState> stateColours(ToIntFunction<VtState> rgbOf, int unsureStripe) {
        Map<Integer, VtState> map = new HashMap<>();
        for (VtState s : VtState.values()) {
            assertEquals(null, map.put(rgbOf.applyAsInt(s) & 0xFFFFFF, s), "two states share a colour");
        }
        map.put(unsureStripe & 0xFFFFFF, VtState.UNSURE);
        return map;
    }

    /** The entry whose colour is within 2/255 a channel of {@code argb} (the software pipeline may round), or null. */
    private static <T> T nearest(int argb, Map<Integer, T> colours) {
        T exact = colours.get(argb & 0xFFFFFF);
        if (exact != null) {
            return exact;
        }
        for (Map.Entry<Integer, T> e : colours.entrySet()) {
            int a = argb;
            int b = e.getKey();
            if (Math.abs((a >> 16 & 0xFF) - (b >> 16 & 0xFF)) <= 2 && Math.abs((a >> 8 & 0xFF) - (b >> 8 & 0xFF)) <= 2
                    && Math.abs((a & 0xFF) - (b & 0xFF)) <= 2) {
                return e.getValue();
            }
        }
        return null;
    }

    private static Map<Integer, BoxLook> clipBoxColours() {
        return Map.of(ClipColours.IDLE.getRGB() & 0xFFFFFF, BoxLook.IDLE,
                ClipColours.of(VtState.RUNNING).getRGB() & 0xFFFFFF, BoxLook.RUNNING,
                ClipColours.of(VtState.PINNED).getRGB() & 0xFFFFFF, BoxLook.PINNED,
                ClipColours.of(VtState.UNSURE).getRGB() & 0xFFFFFF, BoxLook.UNSURE,
                ClipColours.UNSURE_STRIPE.getRGB() & 0xFFFFFF, BoxLook.UNSURE);
    }

    private static int rgb(javafx.scene.paint.Color c) {
        return (int) Math.round(c.getRed() * 255) << 16 | (int) Math.round(c.getGreen() * 255) << 8
                | (int) Math.round(c.getBlue() * 255);
    }

    /** A checked-in saved run, copied out of the class path (it may be inside the core's test jar). */
    private RunRecording savedRun(String resource) throws IOException, loomscope.savedrun.SavedRunException {
        Path file = folder.resolve(Path.of(resource).getFileName().toString());
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            assertNotNull(in, resource);
            Files.copy(in, file);
        }
        return SavedRun.read(file).recording();
    }
}
