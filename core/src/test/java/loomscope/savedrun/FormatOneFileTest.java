package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;

import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;

/**
 * Files written before the string and stack tables (format 1) still open. The test file was written by the
 * format-1 writer: {@code run --threads 40 --parallelism 2 --lock native-frame --probes all --save ...}, which
 * printed "40 pinned mounts, 2 carriers used" and "JFR 43 pinned events".
 */
class FormatOneFileTest {

    @Test
    void aFormatOneFileOpensWithEveryMountAndEvent() throws Exception {
        Path file = Path.of(getClass().getResource("native-frame-40-format1.loomrun").toURI());
        SavedRun run = SavedRun.read(file);
        RunRecording r = run.recording();
        assertEquals("25.0.3+9-LTS", r.jdkVersion());
        assertEquals(LockMode.NATIVE_FRAME, r.config().shape().lockMode());
        assertEquals(40, r.threads());
        assertEquals(40, r.completedAtEnd());
        assertEquals(2, r.carriers().length);
        assertEquals(40, Arrays.stream(r.carriers()).mapToInt(CarrierLog::size).sum());
        assertEquals(40, RunSummaryFacts.pinnedMounts(r));
        assertEquals(43, run.pinnedEvents().size());
        StackFrame holdAndSleep = new StackFrame(null, "loomscope.workload.Task", "holdAndSleep", null, 89);
        long sleptInNativeFrame = run.pinnedEvents().stream()
                .filter(e -> "Native or VM frame on stack".equals(e.reason()) && e.stack().contains(holdAndSleep))
                .count();
        assertEquals(40, sleptInNativeFrame);
        PinnedEvent first = run.pinnedEvents().get(0);
        assertTrue(first.duration() > 0 && first.stack().size() > 10, first::toString);
    }
}
