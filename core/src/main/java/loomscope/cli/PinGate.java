package loomscope.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import loomscope.probe.PinnedEvent;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.StackFrame;

/**
 * {@code --fail-on-pin}, for CI: a run or an attach that the JDK saw pinned at a site of the application's own (JFR's
 * {@code jdk.VirtualThreadPinned} of 1 ms or more whose stack has a frame outside the JDK) exits {@value #EXIT} and
 * prints those sites; 0 stays "no such pin", 2 bad input. A pin inside the JDK alone (its own HTTP server's monitors)
 * is the JDK's to mend, not the application's, and does not fail the build.
 */
final class PinGate {
    static final int EXIT = 3;
    static final long FLOOR_NANOS = 1_000_000;

    private PinGate() { }

    /** The application's sites among the events of the floor or more, longest held first. */
    static List<PinnedThreadsTable.Row> applicationSites(List<PinnedEvent> events) {
        return PinnedThreadsTable.of(events.stream().filter(e -> e.duration() >= FLOOR_NANOS && inApplication(e)).toList());
    }

    private static boolean inApplication(PinnedEvent e) {
        StackFrame top = e.topApplicationFrame();
        return top != null && top.isApplication();
    }

    /** {@code code} where no site of the application's was pinned; else the sites on {@code err} and {@value #EXIT}. */
    static int apply(List<PinnedEvent> events, int code, PrintWriter err) {
        List<PinnedThreadsTable.Row> sites = applicationSites(events);
        if (code != 0 || sites.isEmpty()) {
            return code;
        }
        err.printf(Locale.ROOT, "loomscope: pinned at %d site%s of the application's (--fail-on-pin):%n", sites.size(),
                sites.size() == 1 ? "" : "s");
        err.print(PinnedThreadsTable.format(sites));
        err.flush();
        return EXIT;
    }
}
