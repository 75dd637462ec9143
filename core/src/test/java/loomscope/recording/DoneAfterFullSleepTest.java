package loomscope.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;

import loomscope.scenario.SeedScenario;
import loomscope.workload.Phase;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** A partial run counts as completed only the tasks seen to finish their sleep, not every task that reached DONE. */
class DoneAfterFullSleepTest {

    @Test
    void onlyTasksThatSleptTheirFullTimeCount() {
        WorkloadConfig config = SeedScenario.config().withThreads(4).withParallelism(1);
        RunRecording r = new RunRecording(config, "25.0.3+9-test");
        RunRecorder recorder = new RunRecorder(r);
        long base = System.nanoTime();
        long sleep = config.shape().sleepMillis() * 1_000_000L;
        recorder.runStarted(base);
        // 0: slept in full
        recorder.phase(0, Phase.SLEEP_START, base + 1_000);
        recorder.phase(0, Phase.SLEEP_END, base + 1_000 + sleep);
        recorder.phase(0, Phase.DONE, base + 2_000 + sleep);
        // 1: sleep cut short by a cancel's interrupt, still DONE
        recorder.phase(1, Phase.SLEEP_START, base + 1_000);
        recorder.phase(1, Phase.SLEEP_END, base + 1_000 + sleep / 2);
        recorder.phase(1, Phase.DONE, base + 2_000 + sleep / 2);
        // 2: skipped its work after a cancel, still DONE
        recorder.phase(2, Phase.CPU_DONE, base + 1_000);
        recorder.phase(2, Phase.DONE, base + 2_000);
        // 3: asleep when the data stopped
        recorder.phase(3, Phase.SLEEP_START, base + 1_000);

        assertEquals(3, r.doneCount());
        assertEquals(1, r.doneAfterFullSleepCount());
    }
}
