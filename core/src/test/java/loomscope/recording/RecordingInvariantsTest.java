package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What must hold for every recorded run, whatever the mode: the recording is a consistent history. */
class RecordingInvariantsTest {

    @ParameterizedTest
    @MethodSource("loomscope.workload.LockMode#values")
    void noCarrierEverHoldsTwoThreadsAndEveryThreadIsMountedAndDone(LockMode mode) throws Exception {
        RunRecording recording = Recorded.run(Recorded.small(300).withParam(SeedScenario.LOCK, mode.cliName()).withParallelism(2)).recording();

        int[] mountsPerThread = new int[recording.threads()];
        for (CarrierLog log : recording.carriers()) {
            for (int i = 0; i < log.size(); i++) {
                assertTrue(log.start(i) <= log.end(i), "mount ends before it starts");
                assertTrue(log.submit(i) <= log.start(i), "mount starts before it was submitted");
                if (i > 0) {
                    assertTrue(log.start(i) >= log.end(i - 1),
                            "carrier " + log.name() + " holds two threads at once at mount " + i);
                }
                mountsPerThread[log.vt(i)]++;
            }
            assertEquals(-1, log.openVt(), "a carrier still holds a thread after the run");
        }
        for (int vt = 0; vt < recording.threads(); vt++) {
            assertTrue(mountsPerThread[vt] >= 1, "thread " + vt + " was never mounted");
            assertTrue(recording.phase(vt, Phase.DONE) >= 0, "thread " + vt + " never finished");
            long previous = -1;
            for (Phase phase : Phase.values()) {
                long t = recording.phase(vt, phase);
                assertTrue(t >= previous, "phases out of order for thread " + vt + " at " + phase);
                previous = t;
            }
        }
        assertEquals(300, recording.completedAtEnd());
        assertTrue(recording.carrierCount() >= 2, "P=2 should use both carriers");
    }
}
