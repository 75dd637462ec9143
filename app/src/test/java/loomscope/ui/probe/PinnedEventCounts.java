package loomscope.ui.probe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.probe.ProbeReport;

/**
 * What JFR's pinned events must say about a native-frame run of {@code tasks} tasks, each pinned once in its
 * sleep. Besides those, the first tasks to enter the native section at the same time can block on class loading
 * or lazy initialisation while pinned, and each such wait is a pinned event too (seen with {@code jfr print}: up
 * to 5 per run of 200 tasks on 2 carriers, in BuiltinClassLoader.loadClassOrNull, ValueLayouts varHandle() and
 * SeedTask.enterSection; some fall outside the recorded pinned sleep). And an event may miss the last flush. So:
 * every recorded pin but a couple has its event, and only a few events more or off a recorded pin.
 */
final class PinnedEventCounts {
    /** Pins of the section's first use: a few per carrier, however many tasks run. */
    private static final int FIRST_USE_PINS = 8;
    private static final int UNFLUSHED = 2;

    private PinnedEventCounts() { }

    static void assertAboutOnePerTask(ProbeReport report, int tasks) {
        var jfr = report.jfr();
        assertTrue(jfr.matchedPinnedMounts() >= tasks - UNFLUSHED, "recorded pins with an event: " + report);
        assertTrue(jfr.unmatchedEvents() <= FIRST_USE_PINS, "events off a recorded pin: " + report);
        assertTrue(jfr.events() >= tasks - UNFLUSHED && jfr.events() <= tasks + FIRST_USE_PINS, "events: " + report);
    }
}
