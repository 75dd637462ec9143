package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SavedJfrTest {

    @Test
    void theSavedRecordingParsesWithJfrSummaryAndHoldsEveryPin(@TempDir Path dir) throws Exception {
        int n = 120;
        WorkloadConfig config = SeedScenario.config().withThreads(n).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName()).withParallelism(2);
        Path file = dir.resolve("run.jfr");
        ProbeSession.ProbedRun probed = ProbeSession.start(config, ProbeSelection.JFR, 1);
        try (ProbeSession session = probed.probes()) {
            assertTrue(probed.run().await(60_000));
            session.finish();
            session.saveJfr(file);
            halfDeliveredIsNotCalledMissing(session, n);
        }
        assertTrue(Files.size(file) > 0);

        // The JDK's own tool, from the JDK running this test (25): what a user would type.
        Path jfrTool = Path.of(System.getProperty("java.home"), "bin", "jfr");
        Process p = new ProcessBuilder(jfrTool.toString(), "summary", file.toString()).redirectErrorStream(true).start();
        String summary = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "jfr summary hung");
        assertEquals(0, p.exitValue(), summary);
        String pinnedLine = summary.lines().filter(l -> l.trim().startsWith("jdk.VirtualThreadPinned")).findFirst().orElse("");
        int count = Integer.parseInt(pinnedLine.trim().split("\\s+")[1]);
        assertTrue(Math.abs(count - n) <= 2, "jfr summary: " + pinnedLine);

        assertTrue(pinnedEventsIn(file) >= n, "RecordingFile reads the pins too");
    }

    /** Mid-run JFR has delivered only up to its last flush: mounts after that must not count as "without an event". */
    private static void halfDeliveredIsNotCalledMissing(ProbeSession session, int n) {
        java.util.List<PinnedEvent> all = session.jfr().pinnedEvents();
        long[] ends = all.stream().mapToLong(PinnedEvent::end).sorted().toArray();
        long horizon = ends[ends.length / 2];
        java.util.List<PinnedEvent> delivered = all.stream().filter(e -> e.end() <= horizon).toList();
        JfrCrossCheck check = JfrCrossCheck.of(delivered, session.run().recording(), horizon);
        assertTrue(Math.abs(check.recordedPinnedMounts() - n / 2) <= 3, check.toString());
        assertTrue(check.pinnedMountsWithoutEvent() <= 2, check.toString());
        JfrCrossCheck naive = JfrCrossCheck.of(delivered, session.run().recording());
        assertTrue(naive.pinnedMountsWithoutEvent() >= n / 2 - 3, "without the horizon half would look missing: " + naive);
    }

    private static int pinnedEventsIn(Path file) throws IOException {
        int pinned = 0;
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                if (e.getEventType().getName().equals(JfrProbe.PINNED)) {
                    pinned++;
                }
            }
        }
        return pinned;
    }
}
