package loomscope.bench;

import java.util.concurrent.TimeUnit;

import loomscope.recording.RunRecording;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording one task costs: the events the seed workload's task produces (2 submits, 2 mounts, 9 phases).
 * Compare with the task's own CPU phase (~0.15 ms here) to see why the recording stays under 5% of a run.
 * Run: {@code mvn -B -pl core test-compile exec:exec@jmh}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordingWriteBenchmark {
    private static final int TASKS = 100_000;
    private RunRecording recording;
    private int vt;

    @Setup(Level.Iteration)
    public void newRecording() {
        recording = RunRecording.forThisJvm(SeedScenario.config().withThreads(TASKS).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName()));
        recording.carrierAdded(0, "carrier-0", System.nanoTime());
        vt = 0;
    }

    @Benchmark
    public void oneTaskOfEvents() {
        int v = vt;
        vt = (v + 1) % TASKS;
        long t = System.nanoTime();
        recording.phase(v, Phase.CREATED, t);
        recording.submitted(v, t);
        recording.mountStarted(0, v, t, t);
        recording.phase(v, Phase.STARTED, t);
        recording.phase(v, Phase.CPU_DONE, t);
        recording.phase(v, Phase.LOCK_REQUESTED, t);
        recording.phase(v, Phase.LOCK_ACQUIRED, t);
        recording.phase(v, Phase.SLEEP_START, t);
        recording.mountEnded(0, v, t, -1);
        recording.submitted(v, t);
        recording.mountStarted(0, v, t, t);
        recording.phase(v, Phase.SLEEP_END, t);
        recording.phase(v, Phase.LOCK_RELEASED, t);
        recording.phase(v, Phase.DONE, t);
        recording.mountEnded(0, v, t, -1);
    }
}
