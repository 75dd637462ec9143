package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import loomscope.probe.CauseReport;
import loomscope.testing.Jdk21;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue #36's test application ({@link CausesTarget}: a sleep in a native frame, a sleep in {@code synchronized}, a
 * blocking pipe read, a plain sleep, opening a named pipe) recorded with {@code -javaagent:…=save=} on this JDK and on JDK 21: each route's
 * held mounts in their class with the site at the route's method; a pipe read is captured, never pinned, and so is an
 * open that only a stack sampled while it was held can explain.
 */
@TestsSideBySide
class CausesUnderAgentTest {
    private static final int REQUESTS = 12;
    /** Mounts a route may miss (a first request in a cold JVM, an episode JFR placed on a neighbour). */
    private static final int SLACK = 2;

    @TempDir
    Path dir;

    @Test
    void onThisJdkTheNativeRouteIsPinnedAndThePipeCapturedAndSynchronizedNothing() throws Exception {
        AgentRecordingFile.Read read = record(Path.of(System.getProperty("java.home")), "--enable-native-access=ALL-UNNAMED");
        CauseReport causes = read.causes();
        assertRoute(causes, "pinned", "nativeRoute");
        assertRoute(causes, "captured", "pipeRoute");
        assertRoute(causes, "captured", "fifoRoute");
        assertNoSite(causes, "syncRoute");
        assertNoSite(causes, "sleepRoute");
        long jfrPinsOfAMillisecond = read.run().pinnedEvents().stream().filter(e -> e.duration() >= 1_000_000).count();
        assertTrue(causes.pinned() <= jfrPinsOfAMillisecond + 3, "pinned only where the JDK says so: " + causes.pinned()
                + " pinned, JFR " + jfrPinsOfAMillisecond + " pins of 1 ms or more");
    }

    /**
     * As on macOS or Windows: the carriers' clocks read none of the kernel's counts, and the JDK's witnesses still class
     * the pins and the pipe's reads (JFR's file-read events). The named pipe's open has no JFR event, and its sampled
     * stack, a native frame on top, cannot tell a blocked carrier from one waiting for a CPU without the kernel's word
     * (issue #44): unsure, at the open's line. For the same reason a plain sleep's or a monitor's mount that a CPU hog
     * held off its carrier's CPU for a millisecond (seen: 4 ms in {@code Continuation.doYield}) may be unsure too; it
     * is never pinned or captured.
     */
    @Test
    void withoutTheKernelsCountsTheWitnessesStillClassThePinsAndTheReads() throws Exception {
        CauseReport causes = record(Path.of(System.getProperty("java.home")), "--enable-native-access=ALL-UNNAMED",
                "-Dloomscope.clock.kernelCounts=off").causes();
        assertRoute(causes, "pinned", "nativeRoute");
        assertRoute(causes, "captured", "pipeRoute");
        assertRoute(causes, "unsure", "fifoRoute");
        assertUnsureAtMost(causes, "syncRoute");
        assertUnsureAtMost(causes, "sleepRoute");
    }

    @Test
    void onJdk21SynchronizedIsPinnedAndThePipeCaptured() throws Exception {
        Path jdk21 = Jdk21.find();
        Assumptions.assumeTrue(jdk21 != null, "no JDK 21 here (LOOMSCOPE_JDK21)");
        CauseReport causes = record(jdk21).causes();
        assertRoute(causes, "pinned", "syncRoute");
        assertRoute(causes, "captured", "pipeRoute");
        assertRoute(causes, "captured", "fifoRoute");
        assertNoSite(causes, "sleepRoute");
    }

    private AgentRecordingFile.Read record(Path javaHome, String... flags) throws Exception {
        return SavedUnderAgent.record(dir, javaHome, "CausesTarget.java", CausesTarget.class, List.of(flags),
                Integer.toString(REQUESTS), Files.createDirectories(dir.resolve("fifos")).toString());
    }

    private static void assertRoute(CauseReport causes, String kind, String route) {
        int count = causes.sites().stream().filter(s -> s.kind().equals(kind) && s.frame().contains(route))
                .mapToInt(CauseReport.Site::count).sum();
        assertTrue(count >= REQUESTS - SLACK, route + ": " + count + " " + kind + " of " + REQUESTS + "; " + causes.sites());
        // its own mounts may also be unsure (held in Java code off its CPU, beside CPU hogs); never of another class
        assertTrue(causes.sites().stream().noneMatch(s -> !s.kind().equals(kind) && !s.kind().equals("unsure")
                && s.frame().contains(route)), route + " is " + kind + " only: " + causes.sites());
    }

    /** Without the kernel's counts: nothing pinned, captured or stalled at {@code route}, only mounts no witness explains. */
    private static void assertUnsureAtMost(CauseReport causes, String route) {
        assertTrue(causes.sites().stream().noneMatch(s -> s.frame().contains(route) && !s.kind().equals("unsure")),
                route + " held nothing a witness explains: " + causes.sites());
    }

    private static void assertNoSite(CauseReport causes, String route) {
        assertTrue(causes.sites().stream().noneMatch(s -> s.frame().contains(route)), route + " held nothing: " + causes.sites());
    }
}
