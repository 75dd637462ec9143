package loomscope.ui.probe;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import loomscope.probe.JfrCrossCheck;
import loomscope.probe.PinnedEvent;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.ProbeReport;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;

/**
 * What the probes panel says about JFR's pinned events: the cross-check sentence, the lag sentence and the
 * pinned-threads table. Computed on a probe thread, not the FX thread: with 5,000 events the cross-check,
 * the table's grouping and the lag median took 2–22 ms per refresh on the FX thread (measured in a
 * native-frame P=16 run), which is a late frame each time.
 *
 * @param recording the run the events belong to (the window drops a summary of a run it no longer shows)
 */
record JfrSummary(RunRecording recording, String jfrText, String lagText,
                  List<PinnedThreadsTable.Row> rows) {

    static final String NO_EVENTS_YET =
            "JFR delivers its events in batches, about once a second: pins appear on the lanes 0.5-1 s after they happen.";

    /** {@code events} must not change while this runs (the window passes a copy); {@code report} is null while the run goes. */
    static JfrSummary of(List<PinnedEvent> events, RunRecording recording, ProbeReport report) {
        long horizon = Long.MIN_VALUE;
        for (PinnedEvent e : events) {
            horizon = Math.max(horizon, e.end());
        }
        JfrCrossCheck check = report != null ? report.jfr() : JfrCrossCheck.of(events, recording, horizon);
        String jfrText = String.format(Locale.ROOT,
                "JFR: %,d pinned events%s, %,d on a recorded pinned mount %s, %,d not; %,d recorded pinned mounts %s.",
                check.events(), report != null ? "" : " so far", check.matchedEvents(),
                check.events() == 0 || check.byCarrier() ? "of their carrier" : "(matched by time: no carrier on this JDK)",
                check.unmatchedEvents(), check.pinnedMountsWithoutEvent(),
                report != null ? "without an event" : "up to JFR's newest event without one");
        return new JfrSummary(recording, jfrText, lagSentence(events), PinnedThreadsTable.of(events));
    }

    /**
     * What the agent's JFR tap inside an application saw (issue #45): its pinned events against the recorded pinned
     * mounts, the table of them with reasons and stacks; never "your code ran in a child JVM".
     */
    static JfrSummary ofApplication(List<PinnedEvent> events, RunRecording recording, RunSource.Application app) {
        String where = app.shortName();
        if (events.isEmpty()) {
            return new JfrSummary(recording, "JFR inside " + where + " (the agent's tap): no pinned event of 1 ms or more "
                    + "reached LoomScope (or JFR was off there: attach --no-jfr).", "", List.of());
        }
        long horizon = Long.MIN_VALUE;
        for (PinnedEvent e : events) {
            horizon = Math.max(horizon, e.end());
        }
        JfrCrossCheck check = JfrCrossCheck.of(events, recording, horizon);
        String jfrText = String.format(Locale.ROOT,
                "JFR inside %s (the agent's tap): %,d pinned events, %,d on a recorded pinned mount %s, %,d not; "
                        + "%,d recorded pinned mounts without an event. Its events by site, with the JDK's reasons, below.",
                where, check.events(), check.matchedEvents(), check.byCarrier() ? "of their carrier" : "(matched by time)",
                check.unmatchedEvents(), check.pinnedMountsWithoutEvent());
        return new JfrSummary(recording, jfrText, "", PinnedThreadsTable.of(events));
    }

    static String lagSentence(List<PinnedEvent> events) {
        if (events.isEmpty()) {
            return NO_EVENTS_YET;
        }
        long[] lags = new long[events.size()];
        for (int i = 0; i < lags.length; i++) {
            lags[i] = events.get(i).lag();
        }
        Arrays.sort(lags);
        return String.format(Locale.ROOT,
                "JFR is late: its pinned events arrived %.2f s after they ended (median; max %.2f s), so the band "
                        + "trails the lanes by that much while a run goes.", lags[lags.length / 2] / 1e9, lags[lags.length - 1] / 1e9);
    }
}
