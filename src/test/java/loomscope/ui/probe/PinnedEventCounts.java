package loomscope.ui.probe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.probe.ProbeReport;

/**
 * What JFR's pinned events must say about a native-frame run of {@code tasks} tasks, each pinned once. JFR writes
 * an event per park while pinned, and a task may park more than once in one pinned mount (seen: 203 events on
 * 200 recorded pinned mounts, every one of them on a recorded pin); one may also miss the flush. So: almost every
 * recorded pin has its event, almost every event lies on a recorded pin, and there are not many more than tasks.
 */
final class PinnedEventCounts {
    private PinnedEventCounts() { }

    static void assertAboutOnePerTask(ProbeReport report, int tasks) {
        var jfr = report.jfr();
        int slack = Math.max(2, tasks / 100);
        assertTrue(jfr.matchedPinnedMounts() >= tasks - slack, "recorded pins with an event: " + report);
        assertTrue(jfr.unmatchedEvents() <= slack, "events off a recorded pin: " + report);
        assertTrue(jfr.events() >= tasks - slack && jfr.events() <= tasks + tasks / 20 + slack, "events: " + report);
    }
}
