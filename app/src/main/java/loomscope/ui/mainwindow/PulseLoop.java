package loomscope.ui.mainwindow;

import java.util.List;
import java.util.function.LongConsumer;

import javafx.animation.AnimationTimer;
import loomscope.ui.debug.DebugOverlay;
import loomscope.ui.debug.FrameStats;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.replay.ReplayViewModel;
import loomscope.ui.run.RunState;

/**
 * The one AnimationTimer of the main window: each pulse reads the recording once and draws. The workload
 * never calls into FX (no runLater per event), and nothing here waits for it.
 */
final class PulseLoop extends AnimationTimer {
    private final MainViewModel model;
    private final RecordingView view;
    private final DebugOverlay overlay;
    private final FrameStats stats;
    private final List<LongConsumer> hooks;
    private long pulses;

    PulseLoop(MainViewModel model, RecordingView view, DebugOverlay overlay, FrameStats stats, List<LongConsumer> hooks) {
        this.hooks = hooks;
        this.model = model;
        this.view = view;
        this.overlay = overlay;
        this.stats = stats;
    }

    @Override
    public void handle(long now) {
        // a skipped pulse changes nothing on screen, so nothing is rendered or sent to the display either
        if (pulses++ % model.cpuShare().drawEveryNthPulse() != 0) {
            return;
        }
        stats.pulse(now);
        long began = System.nanoTime();
        model.pulse(now);
        ReplayViewModel replay = model.replay();
        if (model.state() == RunState.RUNNING) {
            view.showLive();
        } else if (replay.isAvailable()) {
            view.showAt(replay.timeNanos());
        } else {
            view.showLive();
        }
        for (LongConsumer hook : hooks) {
            hook.accept(now);
        }
        overlay.refresh(now, model.runShare().note());
        stats.drawTook(System.nanoTime() - began);
    }
}
