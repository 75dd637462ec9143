package loomscope.report;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.image.PixelReader;
import javafx.stage.Stage;
import loomscope.picture.Look;
import loomscope.picture.PictureColours;
import loomscope.picture.PictureTheme;
import loomscope.recording.LookRuns;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Every look a carrier can have (running, stalled, captured, held, unsure, pinned; idle) is drawn the same in the
 * window's lanes and boxes, on a card and in a clip frame, each with its legend entry; and a 5 ms pin in a 60 s run is
 * at least one red pixel at the widest zoom, in the window and on a card. Each picture's pixels are read back to a
 * look through the one palette (the unsure hatch's stripe counts as unsure).
 */
@ExtendWith(ApplicationExtension.class)
class EveryLookTest {
    private static final long MS = 1_000_000;
    private static final PictureColours DARK = PictureColours.of(PictureTheme.DARK);
    /** One mount of each verdict, in Look's order from running to pinned. */
    private static final MountClass[] VERDICTS = LookRuns.VERDICTS;

    private RecordingView view;

    @Start
    void start(Stage stage) {
        view = new RecordingView();
        Scene scene = new Scene(view, 1280, 720);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void everyLookIsDrawnTheSameInTheWindowACardAndAClipWithItsLegendEntry() {
        RunRecording r = LookRuns.everyVerdict(100);   // 100 ms each, 100 ms apart
        long end = r.settledEnd();

        ClipFramePainter clip = new ClipFramePainter(r, CardSize.FULL_HD, "every look", ClipPlan.of(r, 1.0, 10), PictureTheme.DARK);
        HistoryEntry run = HistoryEntry.finishedNow(RunSummary.of(r));
        RenderedCard card = new TimingCardRenderer(PictureTheme.DARK).render(new TimingCard("every look", run, List.of(run),
                LocalDate.of(2026, 11, 28)).withLanes(new TimingCard.Lanes(r, null)), CardSize.FULL_HD);
        Rectangle cardLane = card.lanes().get(0);
        Rectangle clipLane = clip.trailBounds(0);

        Map<Look, Look> window = new EnumMap<>(Look.class);
        Map<Look, Look> inClip = new EnumMap<>(Look.class);
        Map<Look, Look> onCard = new EnumMap<>(Look.class);
        Map<Look, Look> windowBox = new EnumMap<>(Look.class);
        Map<Look, Look> clipBox = new EnumMap<>(Look.class);
        for (int i = 0; i < VERDICTS.length; i++) {
            Look expected = Look.of(Look.RUNNING.ordinal() + i);
            long mid = (200 * i + 50) * MS;
            double share = (double) mid / (end - r.runStart());
            Drawn drawn = windowAt(r, end);
            window.put(expected, lookAt(drawn.pixels, (int) drawn.geometry.x(r.runStart() + mid), drawn.middleRow(0)));
            BufferedImage lastFrame = clip.paint(end);   // the painter reuses its image: read before the next frame
            inClip.put(expected, lookAt(lastFrame::getRGB, clipLane.x + (int) (share * clipLane.width), clipLane.y + clipLane.height / 2));
            onCard.put(expected, lookAt(card.image()::getRGB, cardLane.x + (int) (share * cardLane.width),
                    cardLane.y + cardLane.height / 2));
            // the boxes at the mount's middle: most of the box in the look (its text is in neither palette)
            Drawn at = windowAt(r, r.runStart() + mid);
            windowBox.put(expected, boxLook(at.pixels, at.box));
            assertEquals(expected, at.lanesLook, "the window's box says " + expected);
            clipBox.put(expected, boxLook(clip.paint(r.runStart() + mid)::getRGB, clip.boxBounds(0)));
        }
        Map<Look, Look> same = new EnumMap<>(Look.class);
        for (Look look : Look.values()) {
            if (look != Look.IDLE) {
                same.put(look, look);
            }
        }
        assertEquals(same, window, "the window's lanes");
        assertEquals(same, inClip, "the clip's lanes");
        assertEquals(same, onCard, "the card's lanes");
        assertEquals(same, windowBox, "the window's boxes");
        assertEquals(same, clipBox, "the clip's boxes");

        List<String> windowLegend = onFx(() -> visibleLabels(view.laneLegend()));
        List<String> cardLegend = card.texts().stream().filter(t -> t.role().equals("legend")).map(DrawnText::text).toList();
        for (Look look : Look.values()) {
            assertTrue(windowLegend.contains(look.legend()), look + " in the window's legend: " + windowLegend);
            assertTrue(clip.legendLooks().contains(look), look + " in the clip's legend: " + clip.legendLooks());
            assertTrue(cardLegend.contains(look.legend()), look + " in the card's legend: " + cardLegend);
        }
    }

    @Test
    void aFiveMillisecondPinInSixtySecondsIsARedPixelInTheWindowAtTheWidestZoom() {
        RunRecording r = LookRuns.oneMinuteOnePin();
        Drawn drawn = windowAt(r, r.settledEnd());
        LanesCanvas.LaneGeometry g = drawn.geometry;
        assertEquals(r.settledEnd() - r.runStart(), g.axis().span(), "the widest zoom: the whole run");
        int y = drawn.middleRow(0);
        List<Integer> reds = new ArrayList<>();
        for (int x = (int) Math.ceil(g.trailX()); x < g.trailX() + g.trailWidth(); x++) {
            if (lookAt(drawn.pixels, x, y) == Look.PINNED) {
                reds.add(x);
            }
        }
        assertTrue(!reds.isEmpty() && reds.size() <= 2, "one red pixel (two if it straddles): " + reds);
        assertEquals(g.x(r.runStart() + LookRuns.PIN_AT_MS * MS), reds.get(0), 1.5, "where the pin is");
    }

    /** The lanes as the window drew them at t, read in one FX turn. */
    private record Drawn(Pixels pixels, LanesCanvas.LaneGeometry geometry, Rectangle box, Look lanesLook) {
        int middleRow(int lane) {
            return (int) (lane * geometry.laneStep() + geometry.laneHeight() / 2);
        }
    }

    private Drawn windowAt(RunRecording r, long t) {
        fx(() -> {
            view.lanes().setFitFinished(true);
            if (view.recording() != r) {
                view.setRecording(r);
            }
            view.showAt(t);
        });
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(() -> {
            view.showAt(t);
            LanesCanvas lanes = view.lanes();
            PixelReader reader = lanes.canvas().snapshot(null, null).getPixelReader();
            Rectangle box = new Rectangle((int) Math.ceil(lanes.nowBoxX()), (int) Math.ceil(lanes.laneTop(0)),
                    (int) Math.floor(lanes.canvas().getWidth() - lanes.nowBoxX()), (int) Math.floor(lanes.laneHeight()));
            return new Drawn(reader::getArgb, lanes.geometry(), box, lanes.lookDrawn(0));
        });
    }

    private static List<String> visibleLabels(Node root) {
        List<String> out = new ArrayList<>();
        for (Node label : root.lookupAll(".label")) {
            boolean shown = true;
            for (Node n = label; n != null && n != root.getParent(); n = n.getParent()) {
                shown &= n.isVisible();
            }
            if (shown && label instanceof Label l) {
                out.add(l.getText());
            }
        }
        return out;
    }

    private interface Pixels {
        int rgb(int x, int y);
    }

    /** The look whose paint {@code (x, y)} has (within 2/255 a channel), or null. */
    private static Look lookAt(Pixels pixels, int x, int y) {
        int argb = pixels.rgb(x, y);
        for (Map.Entry<Integer, Look> e : PAINTS.entrySet()) {
            int b = e.getKey();
            if (Math.abs((argb >> 16 & 0xFF) - (b >> 16 & 0xFF)) <= 2 && Math.abs((argb >> 8 & 0xFF) - (b >> 8 & 0xFF)) <= 2
                    && Math.abs((argb & 0xFF) - (b & 0xFF)) <= 2) {
                return e.getValue();
            }
        }
        return null;
    }

    private static Look boxLook(Pixels pixels, Rectangle box) {
        Map<Look, Integer> votes = new EnumMap<>(Look.class);
        for (int y = box.y + 3; y < box.y + box.height - 3; y++) {
            for (int x = box.x + 3; x < box.x + box.width - 3; x++) {
                Look look = lookAt(pixels, x, y);
                if (look != null) {
                    votes.merge(look, 1, Integer::sum);
                }
            }
        }
        return votes.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(null);
    }

    /** Each look's paint in the dark theme, the unsure stripe included; idle is the box's (the lane's ground is none). */
    private static final Map<Integer, Look> PAINTS = new HashMap<>();

    static {
        for (Look look : Look.values()) {
            PAINTS.put(look.colour(DARK).value(), look);
        }
        PAINTS.put(DARK.unsureStripe().value(), Look.UNSURE);
    }
}
