package loomscope.ui.probe;

import java.util.function.Supplier;

import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import loomscope.probe.PinnedEventIndex;
import loomscope.recording.RunRecording;
import loomscope.ui.lanes.LanesCanvas;

/**
 * Draws JFR's {@code jdk.VirtualThreadPinned} events on the lanes where JFR puts them (its carrierThread,
 * start time and duration), as a band along the top of the lane above the recording's red pinned bars: band
 * over red is a pin both voices report. Only a band: native-frame pins every 5 ms back to back, and frames
 * around each event (tried) painted the whole lane over. Same frame and time scale as the lanes, live and in
 * replay; allocates nothing per frame.
 */
final class JfrLaneOverlay implements LanesCanvas.Overlay {
    private final ProbeViewModel probes;
    private final Supplier<RunRecording> shown;
    private Color colour = Color.WHITE;
    private int drawnLastFrame;

    JfrLaneOverlay(ProbeViewModel probes, Supplier<RunRecording> shown) {
        this.probes = probes;
        this.shown = shown;
    }

    void setColour(Color colour) {
        this.colour = colour;
    }

    /** Events the last frame drew (for tests). */
    int drawnLastFrame() {
        return drawnLastFrame;
    }

    @Override
    public void paint(GraphicsContext gc, LanesCanvas.LaneGeometry g) {
        drawnLastFrame = 0;
        RunRecording r = probes.recording();
        if (r == null || r != shown.get()) {
            return; // events belong to one run; another recording on screen gets none
        }
        PinnedEventIndex index = probes.index();
        gc.setFill(colour);
        int lanes = Math.min(g.lanes(), index.lanes());
        double band = Math.max(2, Math.min(8, g.laneHeight() * 0.09));
        for (int lane = 0; lane < lanes; lane++) {
            double y = lane * g.laneStep();
            for (int i = index.firstEndingAfter(lane, g.t0()); i < index.count(lane); i++) {
                long start = index.start(lane, i);
                if (start >= g.t()) {
                    break;
                }
                double x0 = g.x(Math.max(start, g.t0()));
                double x1 = g.x(Math.min(index.end(lane, i), g.t()));
                gc.fillRect(x0, y, Math.max(1, x1 - x0), band);
                drawnLastFrame++;
            }
        }
    }
}
