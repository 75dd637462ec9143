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
import loomscope.picture.PictureTheme;
import loomscope.recording.FieldLayout;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.recording.UnsureRun;
import loomscope.recording.VtState;
import loomscope.savedrun.SavedRun;
import loomscope.scenario.SeedScenario;
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
 * clip frame (ClipFramePainter), shows every carrier's box, its trail and every thread's field cell in the same
 * state. Each picture's pixels are read back to a state through its own palette (the window's from app.css, the
 * clip's ClipColours), so a side that draws a state in another state's colour, or a thread in another thread's cell,
 * fails. Boxes are judged by most of their pixels (their text is in neither palette), cells by their centre pixel,
 * trails away from their changes. The recordings are finished: nothing moves between the two pictures.
 */
@ExtendWith(ApplicationExtension.class)
class OnePictureTest {
    private static final ClipColours DARK = ClipColours.of(PictureTheme.DARK);

    /** What a carrier's box shows at t, or its trail at an earlier time. */
    private enum CarrierLook { IDLE, RUNNING, PINNED, UNSURE }

    private RecordingView view;

    @TempDir
    Path folder;

    @Start
    void start(Stage stage) {
        view = new RecordingView();
        Scene scene = new Scene(view, 1200, 700);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.sizeToScene();   // the stage is the one every test class of this JVM shows: its last size is not this one
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
        assertTrue(seen.boxes.containsAll(EnumSet.of(CarrierLook.PINNED, CarrierLook.IDLE)), "boxes compared: " + seen.boxes);
        seen.assertTrailsMostlyCompared();
        assertTrue(seen.cells.size() >= 3, "cell states compared: " + seen.cells);
    }

    @Test
    void runningPinnedUnsureAndIdleBoxesAndHatchedCellsLookTheSame() {
        RunRecording r = UnsureRun.record();
        Seen seen = new Seen();
        for (long ms : new long[] {10, 40, 61}) {
            compareAt(r, UnsureRun.at(r, ms), seen);
        }
        assertEquals(EnumSet.allOf(CarrierLook.class), seen.boxes, "every look a box can have was compared");
        seen.assertTrailsMostlyCompared();
        assertTrue(seen.cells.contains(VtState.UNSURE), "a hatched cell was compared: " + seen.cells);
    }

    @Test
    void aShortRealRunLooksTheSameInTheWindowAndInTheClip() throws InterruptedException {
        // one lock for all 200 threads at P = 2: most wait BLOCKED while the holder sleeps PARKED (about 0.4 s in all)
        WorkloadConfig config = SeedScenario.config().withThreads(200).withParallelism(2).withParam(SeedScenario.CPU, 1_000)
                .withParam(SeedScenario.SLEEP, 2).withParam(SeedScenario.LOCK, LockMode.SHARED_SYNCHRONIZED.cliName());
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(120_000), "the run ends");
        RunRecording r = run.recording();
        Seen seen = new Seen();
        long span = r.runEnd() - r.runStart();
        for (int i = 0; i <= 8; i++) {
            compareAt(r, r.runStart() + span * i / 8, seen);
        }
        assertTrue(seen.cells.size() >= 3, "cell states compared: " + seen.cells);
        // its trails are compared where they can be, but not counted: the clip's trail is longer than this 0.4 s run
        // and its 2 ms mounts put most samples near a change (seen in a fresh-clone run: only idle ones compared);
        // the saved run and UnsureRun above cover every trail look
    }

    /** What the comparisons covered: a test that compared only idle boxes and empty cells would prove little. */
    private static final class Seen {
        final Set<CarrierLook> boxes = EnumSet.noneOf(CarrierLook.class);
        final Set<CarrierLook> trails = EnumSet.noneOf(CarrierLook.class);
        final Set<VtState> cells = EnumSet.noneOf(VtState.class);
        int trailSamples;
        int trailCompared;

        /** Times near a change are skipped; a real run's short mounts make many (a third of the times are left). */
        void assertTrailsMostlyCompared() {
            assertTrue(trailCompared >= trailSamples / 3, trailCompared + " of " + trailSamples + " trail times compared");
            assertTrue(trails.size() >= 2, "trail looks compared: " + trails);
        }
    }

    private void compareAt(RunRecording r, long t, Seen seen) {
        ClipFramePainter clip = new ClipFramePainter(r, CardSize.FULL_HD, "one picture", ClipPlan.of(r, 1.0, 10), PictureTheme.DARK);
        BufferedImage frame = clip.paint(t);
        Window window = windowAt(r, t);
        String at = String.format("t = %.3f ms: ", (t - r.runStart()) / 1e6);

        int carriers = r.carriers().length;
        assertEquals(carriers, window.boxes.size(), at + "the window's lanes");
        for (int c = 0; c < carriers; c++) {
            CarrierLook inClip = boxLook(clip.boxBounds(c), frame::getRGB, clipBoxColours());
            assertEquals(window.boxes.get(c), inClip, at + "carrier " + c + "'s box: window, then clip");
            seen.boxes.add(inClip);
            compareTrail(clip, frame, window, c, t, at, seen);
        }

        FieldLayout inWindow = window.field;
        FieldLayout inFrame = clip.field().layout();
        assertEquals(1, inWindow.perDot(), "a cell a thread in the window");
        assertEquals(1, inFrame.perDot(), "and in the clip");
        Map<Integer, VtState> clipStates = stateColours(s -> DARK.of(s).getRGB(), DARK.unsureStripe.getRGB());
        for (int vt = 0; vt < r.threads(); vt++) {
            VtState windowCell = stateAt(window.cells, inWindow, 0, 0, vt, window.stateColours);
            VtState clipCell = stateAt(frame::getRGB, inFrame, clip.field().x(), clip.field().y(), vt,
                    clipStates);
            assertNotNull(windowCell, at + "VT " + vt + "'s cell in the window is in a state's colour");
            assertEquals(windowCell, clipCell, at + "VT " + vt + "'s cell: window, then clip");
            seen.cells.add(clipCell);
        }
    }

    /**
     * Carrier {@code c}'s trail at 60 times from the run's start to t, read at the lane's middle row (where the
     * window's running tick and the clip's bar both are); both span the whole run. A time within 3 px of a change of
     * look in either picture is skipped: the window widens a mount to at least a pixel and the clip samples a time a
     * column, so they may place a change a pixel or two apart.
     */
    private static void compareTrail(ClipFramePainter clip, BufferedImage frame, Window window, int c, long t, String at,
                                     Seen seen) {
        TimeAxis axis = clip.axis();
        Rectangle clipTrail = clip.trailBounds(c);
        LanesCanvas.LaneGeometry g = window.geometry;
        assertEquals(axis, g.axis(), "the window's lanes span the run as the clip's do");
        int clipY = clipTrail.y + clipTrail.height / 2;
        int windowY = (int) (c * g.laneStep() + g.laneHeight() / 2);
        long shown = Math.max(0, t - axis.start());
        for (int k = 0; k < 60; k++) {
            long time = axis.start() + shown * (2 * k + 1) / 120;
            int clipX = (int) axis.x(time, clipTrail.x, clipTrail.width);
            CarrierLook inClip = steadyLook(frame::getRGB, clipX, clipY, clipTrailColours());
            CarrierLook inWindow = steadyLook(window.lanes, (int) g.x(time), windowY, window.trailColours);
            seen.trailSamples++;
            if (inClip != null && inWindow != null) {
                assertEquals(inWindow, inClip, at + "carrier " + c + "'s trail " + (t - time) / 1e6 + " ms before t: "
                        + "window, then clip");
                seen.trailCompared++;
                seen.trails.add(inClip);
            }
        }
    }

    /** The look of the pixels from x - 3 to x + 3 when they all have the same one, else null. */
    private static CarrierLook steadyLook(Pixels pixels, int x, int y, Map<Integer, CarrierLook> colours) {
        CarrierLook look = nearest(pixels.rgb(x, y), colours);
        for (int dx = -3; dx <= 3 && look != null; dx++) {
            if (nearest(pixels.rgb(x + dx, y), colours) != look) {
                return null;
            }
        }
        return look;
    }

    /** What the window showed at t, read in one FX turn: the lanes (pixels, boxes, geometry) and the field. */
    private record Window(Pixels lanes, List<CarrierLook> boxes, LanesCanvas.LaneGeometry geometry,
                          Map<Integer, CarrierLook> trailColours, Pixels cells, FieldLayout field,
                          Map<Integer, VtState> stateColours) { }

    /** Why the last look at the window found a cell outside its field's canvas. */
    private String lastMiss;

    private Window windowAt(RunRecording r, long t) {
        LanesCanvas.LaneGeometry[] drawn = new LanesCanvas.LaneGeometry[1];
        fx(() -> {
            view.lanes().setFitFinished(true);
            view.lanes().setOverlay((gc, geometry) -> drawn[0] = geometry);
            if (view.recording() != r) {
                view.setRecording(r);
            }
            view.showAt(t);
        });
        // the first frame of a recording can resize the lanes (one lane per carrier) and the field: draw again once laid
        // out. In fresh-clone CI runs of the whole suite one round of FX events was not enough, and later ones neither:
        // the field's layout kept a cell outside its canvas's snapshot (why is not known; not seen in a run of this
        // class alone, beside two hogs or after a class that left the stage small). So the view is laid out before each
        // look, until every thread's cell is inside, and a miss says what it saw
        for (int attempt = 0; attempt < 100; attempt++) {
            WaitForAsyncUtils.waitForFxEvents();
            fx(() -> {
                view.applyCss();
                view.layout();   // the pass a pulse would make, so that the canvases have their sizes before the look
            });
            Window window = windowOnceLaidOut(r, t, drawn);
            if (window != null) {
                return window;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new AssertionError("the window's field never held every thread's cell: " + lastMiss);
    }

    /** The window at {@code t}, or null while its field's canvas does not hold every thread's cell yet. */
    private Window windowOnceLaidOut(RunRecording r, long t, LanesCanvas.LaneGeometry[] drawn) {
        return onFx(() -> {
            view.showAt(t);
            Palette p = view.palette();
            LanesCanvas lanes = view.lanes();
            Pixels lanePixels = pixels(lanes.canvas().snapshot(null, null));
            Map<Integer, CarrierLook> boxColours = Map.of(rgb(p.idle()), CarrierLook.IDLE, rgb(p.running()), CarrierLook.RUNNING,
                    rgb(p.pinned()), CarrierLook.PINNED, rgb(p.of(VtState.UNSURE)), CarrierLook.UNSURE,
                    rgb(HatchPaint.stripe(p.of(VtState.UNSURE))), CarrierLook.UNSURE);
            List<CarrierLook> boxes = new ArrayList<>();
            for (int lane = 0; lane < lanes.laneCount(); lane++) {
                Rectangle box = new Rectangle((int) Math.ceil(lanes.nowBoxX()), (int) Math.ceil(lanes.laneTop(lane)),
                        (int) Math.floor(lanes.canvas().getWidth() - lanes.nowBoxX()), (int) Math.floor(lanes.laneHeight()));
                boxes.add(boxLook(box, lanePixels, boxColours));
            }
            Map<Integer, CarrierLook> trailColours = Map.of(rgb(p.laneBackground()), CarrierLook.IDLE,
                    rgb(p.running()), CarrierLook.RUNNING, rgb(p.pinned()), CarrierLook.PINNED,
                    rgb(p.of(VtState.UNSURE)), CarrierLook.UNSURE, rgb(HatchPaint.stripe(p.of(VtState.UNSURE))),
                    CarrierLook.UNSURE);
            WritableImage fieldImage = view.field().canvas().snapshot(null, null);
            FieldLayout layout = view.field().fieldLayout();
            for (int vt = 0; vt < r.threads(); vt++) {
                int dot = layout.dotOf(vt);
                if (layout.cellX(dot) + layout.cell() > fieldImage.getWidth()
                        || layout.cellY(dot) + layout.cell() > fieldImage.getHeight()) {
                    lastMiss = "thread " + vt + " of " + r.threads() + " at dot " + dot + " of " + layout + ", the canvas "
                            + view.field().canvas().getWidth() + " x " + view.field().canvas().getHeight() + ", its snapshot "
                            + fieldImage.getWidth() + " x " + fieldImage.getHeight() + ", the region " + view.field().getWidth()
                            + " x " + view.field().getHeight() + ", " + view.field().threadsDrawn() + " threads drawn";
                    return null;
                }
            }
            Pixels field = pixels(fieldImage);
            return new Window(lanePixels, boxes, drawn[0], trailColours, field, view.field().fieldLayout(),
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
    private static CarrierLook boxLook(Rectangle box, Pixels pixels, Map<Integer, CarrierLook> colours) {
        Map<CarrierLook, Integer> votes = new EnumMap<>(CarrierLook.class);
        int inner = 0;
        for (int y = box.y + 3; y < box.y + box.height - 3; y++) {
            for (int x = box.x + 3; x < box.x + box.width - 3; x++, inner++) {
                CarrierLook look = nearest(pixels.rgb(x, y), colours);
                if (look != null) {
                    votes.merge(look, 1, Integer::sum);
                }
            }
        }
        CarrierLook most = votes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
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

    private static Map<Integer, CarrierLook> clipTrailColours() {
        return Map.of(DARK.lane.getRGB() & 0xFFFFFF, CarrierLook.IDLE,
                DARK.of(VtState.RUNNING).getRGB() & 0xFFFFFF, CarrierLook.RUNNING,
                DARK.of(VtState.PINNED).getRGB() & 0xFFFFFF, CarrierLook.PINNED,
                DARK.of(VtState.UNSURE).getRGB() & 0xFFFFFF, CarrierLook.UNSURE,
                DARK.unsureStripe.getRGB() & 0xFFFFFF, CarrierLook.UNSURE);
    }

    private static Map<Integer, CarrierLook> clipBoxColours() {
        return Map.of(DARK.idle.getRGB() & 0xFFFFFF, CarrierLook.IDLE,
                DARK.of(VtState.RUNNING).getRGB() & 0xFFFFFF, CarrierLook.RUNNING,
                DARK.of(VtState.PINNED).getRGB() & 0xFFFFFF, CarrierLook.PINNED,
                DARK.of(VtState.UNSURE).getRGB() & 0xFFFFFF, CarrierLook.UNSURE,
                DARK.unsureStripe.getRGB() & 0xFFFFFF, CarrierLook.UNSURE);
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
