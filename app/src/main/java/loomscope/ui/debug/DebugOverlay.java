package loomscope.ui.debug;

import java.util.Locale;

import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;

/**
 * The in-app frame-time counter (toggle F12): p95 frame time, p95 of our own work, max pulse gap, how many
 * frames took over 20 ms, and how long the FX thread waited for a CPU per frame (where the OS says).
 */
public final class DebugOverlay extends Label {
    private static final long REFRESH_NANOS = 500_000_000L;
    private final FrameStats stats;
    private long lastRefresh;
    private String hostNote = "";

    public DebugOverlay(FrameStats stats) {
        this.stats = stats;
        setId("debug-overlay");
        getStyleClass().add("debug-overlay");
        setMouseTransparent(true);
        setVisible(false);
        StackPane.setAlignment(this, Pos.TOP_RIGHT);
    }

    /** {@code cpuNote}: how the window shares the CPU with the run (empty: it draws every pulse). */
    public void refresh(long pulseNanos, String cpuNote) {
        if (!isVisible() || pulseNanos - lastRefresh < REFRESH_NANOS) {
            return;
        }
        lastRefresh = pulseNanos;
        setText(text(stats) + (cpuNote.isEmpty() ? "" : "\n" + cpuNote) + (hostNote.isEmpty() ? "" : "\n" + hostNote));
    }

    /** The host policy decided at launch, in words (loomscope.host.HostPolicy#describe). */
    public void setHostNote(String note) {
        hostNote = note == null ? "" : note;
    }

    public static String text(FrameStats s) {
        return String.format(Locale.ROOT, "frame p95 %.1f ms | draw p95 %.1f ms | max pulse gap %.0f ms (since run start)"
                        + "\n%d of %d frames over %.0f ms",
                s.p95FrameMillis(), s.p95DrawMillis(), s.maxGapMillis(), s.slowFrames(), s.frames(),
                FrameStats.SLOW_FRAME_MILLIS) + s.cpuWaitText(" | ", "/frame");
    }
}
