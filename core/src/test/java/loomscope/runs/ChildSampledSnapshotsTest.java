package loomscope.runs;

import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

import loomscope.probe.ThreadSample;
import loomscope.probe.ThreadSnapshot;
import loomscope.scenario.SeedScenario;
import loomscope.testing.QuickJvm;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * A child's snapshots cost the same at any thread count: above {@value SampledSnapshot#MAX_SAMPLED} threads it
 * samples that many instead of dumping every thread (a whole dump of 300,000 threads ended the child with its
 * stream undrained), and says so. And a child never exits 0 without its stream's end line.
 */
class ChildSampledSnapshotsTest {

    @Test
    void aRunLargerThanTheSampleGetsBoundedSnapshotsAndANote() throws InterruptedException {
        // JDK 25 does not pin: each thread sleeps 3 s, so a pass sees all of them alive. Not 1 s: a pass over 5,000
        // stacks beside two other test JVMs took long enough that one began before the 5,001st thread was created and
        // the next after every thread had ended (CI: no sample past the first 5,000 tasks)
        largeRunIsSampled(QuickJvm.of(RunTarget.ChildJvm.of(TestJdks.thisJdk())), SeedScenario.config().parallelism(), 3_000);
    }

    /** Where the child died: JDK 21, whose synchronized pins, so the run lasts N × 5 ms / P (2.5 s). */
    @Test
    void aJdk21RunLargerThanTheSampleGetsBoundedSnapshotsAndANote() throws InterruptedException {
        // C2, as users get it: a pass over 5,000 stacks must be done well within the run's 2.5 s
        largeRunIsSampled(RunTarget.ChildJvm.of(TestJdks.jdk21()), 16, SeedScenario.config().shape().sleepMillis());
    }

    private static void largeRunIsSampled(RunTarget.ChildJvm child, int parallelism, int sleepMillis) throws InterruptedException {
        int threads = SampledSnapshot.MAX_SAMPLED + 3_000;
        WorkloadConfig config = SeedScenario.config().withThreads(threads).withParam(SeedScenario.CPU, 0).withParallelism(parallelism)
                .withParam(SeedScenario.SLEEP, sleepMillis);
        ChildRun run = ChildRun.start(child, config,
                ChildRun.Options.plain().withProbes(true, 10));
        assertTrue(run.await(120_000));
        assertInstanceOf(RunOutcome.Completed.class, run.outcome(), () -> run.outcome().describe() + " " + run.childOutput());

        List<ThreadSnapshot> snapshots = run.snapshots();
        assertFalse(snapshots.isEmpty(), "snapshots were taken: " + run.probeNotes());
        for (ThreadSnapshot s : snapshots) {
            assertTrue(s.samples().size() <= SampledSnapshot.MAX_SAMPLED, "bounded: " + s.samples().size());
            Set<Integer> tasks = new HashSet<>();
            for (ThreadSample t : s.samples()) {
                assertTrue(t.taskIndex() >= 0 && t.taskIndex() < threads, "only the run's threads: " + t);
                assertTrue(tasks.add(t.taskIndex()), "each task once: " + t.taskIndex());
            }
        }
        assertTrue(snapshots.stream().flatMap(s -> s.samples().stream()).anyMatch(t -> t.taskIndex() >= SampledSnapshot.MAX_SAMPLED),
                "spread over all tasks, not the first ones only");
        assertTrue(run.probeNotes().stream().anyMatch(n -> n.contains(String.format("sampled %,d of %,d threads",
                SampledSnapshot.MAX_SAMPLED, threads))), run.probeNotes().toString());
    }

    @Test
    void aRunAtTheSampleSizeIsStillDumpedWhole() {
        assertFalse(SampledSnapshot.sampled(SampledSnapshot.MAX_SAMPLED));
        assertTrue(SampledSnapshot.sampled(SampledSnapshot.MAX_SAMPLED + 1));
    }

    @Test
    void finishWaitsForASlowButMovingStreamAndAdmitsAStuckOne() throws Exception {
        // 20 writes of 100 ms each: the whole backlog takes ~2 s, far more than the 300 ms finish allows per write
        OutputStream slow = new OutputStream() {
            @Override public void write(int b) { }
            @Override public void write(byte[] b, int off, int len) throws IOException {
                sleep(100);
            }
        };
        EventStreamer moving = new EventStreamer(slow, "test");
        for (int i = 0; i < 20; i++) {
            moving.sendLine(Wire.PROBE + " " + "x".repeat(40_000));   // each over the 32 KB write size
        }
        assertTrue(moving.finish(300), "a stream that keeps moving is sent to its end line");

        CountDownLatch never = new CountDownLatch(1);
        OutputStream stuck = new OutputStream() {
            private boolean first = true;
            @Override public void write(int b) { }
            @Override public void write(byte[] b, int off, int len) throws IOException {
                if (first) {
                    first = false;   // the hello line
                    return;
                }
                try {
                    never.await();
                } catch (InterruptedException e) {
                    throw new IOException(e);
                }
            }
        };
        EventStreamer blocked = new EventStreamer(stuck, "test");
        blocked.sendLine(Wire.PROBE + " data");
        assertFalse(blocked.finish(300), "a stuck stream is not reported as finished");
        assertFalse(blocked.isBroken());
        never.countDown();
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }
}
