package loomscope.probe;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * Ties JFR's clock to ours. JFR hands out event times as {@link java.time.Instant}s; the recording counts
 * {@link System#nanoTime()}. Each of these events carries the nanoTime read just before and just after its
 * own start timestamp was taken, so start time minus that nanoTime is the offset between the two clocks,
 * known to within half the bracket (tens of nanoseconds).
 */
@Name("loomscope.ClockSync")
@Label("LoomScope Clock Sync")
@Category("LoomScope")
@Description("System.nanoTime around this event's start, to place JFR events on the recording clock")
@StackTrace(false)
public final class ClockSyncEvent extends Event {
    @Label("nanoTime before start")
    long nanoBefore;

    @Label("nanoTime after start")
    long nanoAfter;

    /** Emits one sync event now. */
    static void emit() {
        ClockSyncEvent e = new ClockSyncEvent();
        long before = System.nanoTime();
        e.begin();
        long after = System.nanoTime();
        e.nanoBefore = before;
        e.nanoAfter = after;
        e.commit();
    }
}
