package loomscope.ui.mainwindow;

import java.util.Locale;

import loomscope.report.HistoryEntry;
import loomscope.ui.debug.FrameStats;
import loomscope.ui.history.HistoryRow;
import loomscope.ui.replay.ReplayViewModel;

/**
 * One console line per finished run and per replay, like the seeds print, plus the window's own frame
 * figures: the record a speaker (or a benchmark script) can keep of what the screen showed.
 */
public final class RunLog {
    private RunLog() { }

    public static void finished(HistoryRow row, FrameStats frames, String cpuNote) {
        if (row.opened()) {
            // it ran elsewhere, earlier: this window drew no frame of it while it ran
            System.out.printf(Locale.ROOT, "run #%d opened from %s: %s P=%d N=%d on Java %s: Total execution time: %.3f seconds%s; "
                            + "pinned mounts %s%n", row.number(), row.openedFrom(), row.mode(), row.parallelism(), row.threads(),
                    row.jdk(), row.seconds(), row.cancelled() ? " (stopped)" : "", pins(row));
            return;
        }
        System.out.printf(Locale.ROOT,
                "run #%d %s P=%d N=%d: Total execution time: %.3f seconds%s; pinned mounts %s; frames during the run: "
                        + "p95 %.1f ms, %d over %.0f ms, draw p95 %.1f ms, max pulse gap %.0f ms (%d frames)%s%s%n",
                row.number(), row.mode(), row.parallelism(), row.threads(), row.seconds(),
                row.cancelled() ? " (stopped)" : "", pins(row),
                frames.p95FrameMillis(), frames.slowFrames(), FrameStats.SLOW_FRAME_MILLIS, frames.p95DrawMillis(),
                frames.maxGapMillis(), frames.frames(), frames.cpuWaitText(", ", " per frame"), cpuNote.isEmpty() ? "" : "; " + cpuNote);
    }

    /** A plain number, as scripts read it, then " (3 unsure)" where the run has unsure mounts. */
    private static String pins(HistoryRow row) {
        return row.pinnedMounts() < 0 ? "n/a" : row.pinnedMounts() + HistoryEntry.unsureSuffix(row.unsureMounts());
    }

    /** An attach that is in: the agent's hooks record from here on. */
    public static void attachedTo(String statusLine) {
        System.out.println("attach: " + statusLine);
    }

    /** An attach that ended: its end line, and the frames the window drew while attached. */
    public static void attached(String endLine, FrameStats frames) {
        System.out.printf(Locale.ROOT, "attach: %s Frames while attached: p95 %.1f ms, %d over %.0f ms, draw p95 %.1f ms, "
                        + "max pulse gap %.0f ms (%d frames)%s%n", endLine, frames.p95FrameMillis(), frames.slowFrames(),
                FrameStats.SLOW_FRAME_MILLIS, frames.p95DrawMillis(), frames.maxGapMillis(), frames.frames(),
                frames.cpuWaitText(", ", " per frame"));
    }

    public static void replayed(ReplayViewModel replay, FrameStats frames) {
        System.out.printf(Locale.ROOT,
                "replay at %.2fx to t=%.3f s: frames p95 %.1f ms, draw p95 %.1f ms, max pulse gap %.0f ms (%d frames)%n",
                replay.speedProperty().get(), replay.positionProperty().get(), frames.p95FrameMillis(),
                frames.p95DrawMillis(), frames.maxGapMillis(), frames.frames());
    }
}
