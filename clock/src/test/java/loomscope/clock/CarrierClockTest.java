package loomscope.clock;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The carrier's clocks on a real thread, and its blocked-time arithmetic (the /proc parsers: ProcFilesTest).
 * <p>
 * A mount of pure computation can still block: in a young JVM on a loaded machine its thread now and then waits on a
 * lock inside the JVM for milliseconds (docs/reliability.md). The clocks rightly call that a block, so the
 * "computation is no block" claims are made of the mounts the kernel never switched out voluntarily.
 */
class CarrierClockTest {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void onLinuxAThreadThatSleepsIsSeenOffCpuAndNotPreemptedForIt() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/status")), "Linux only");
        CarrierClock clock = CarrierClock.forCurrentThread();
        try {
            clock.readSchedstat();
            long scheduled = clock.timesScheduled();
            long cpu = clock.cpuNanos();
            Thread.sleep(20);
            clock.readSchedstat();
            assertTrue(clock.timesScheduled() > scheduled, "a sleep takes the thread off its CPU");
            assertTrue(clock.cpuNanos() - cpu < 10_000_000, "a sleep uses little CPU");
            clock.readStatus();
            assertTrue(clock.preemptions() >= 0, "Linux counts preemptions");
        } finally {
            clock.close();
        }
    }

    @Test
    void aMountThatSleepsFiveMillisIsJudgedBlockedAndOneThatComputesIsNot() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux only");
        CarrierClock clock = CarrierClock.forCurrentThread();
        try (RandomAccessFile status = ownStatus()) {
            long blocked = mount(clock, () -> sleepMillis(5));
            assertTrue(blocked >= BlockedTime.MIN_BLOCKED_NANOS || BlockedTime.isUnsure(blocked),
                    "a 5 ms sleep while mounted is pinned (or, under a collection, unsure), never not pinned: " + blocked);
            Judged computed = judged(clock, status, () -> { for (int i = 0; i < 1_000; i++) { Math.sin(i); } });
            // preempted for 1 ms or more on a loaded machine (three busy threads beside it on 2 cores did), it is unsure;
            // it is never pinned
            assertTrue(computed.switchedOut() || BlockedTime.lowerBound(computed.value()) < BlockedTime.MIN_BLOCKED_NANOS
                    && (computed.value() >= 0 || BlockedTime.isUnsure(computed.value())),
                    "arithmetic is not a block: " + computed);
            Judged longComputed = judged(clock, status, CarrierClockTest::computeThreeMillis);
            // preempted on a busy machine, it may be unsure; it is never pinned
            assertTrue(longComputed.switchedOut()
                    || BlockedTime.lowerBound(longComputed.value()) < BlockedTime.MIN_BLOCKED_NANOS,
                    "3 ms of arithmetic is not a block: " + longComputed);
        } finally {
            clock.close();
        }
    }

    /**
     * A carrier that ran only short mounts judges its next long one against marks up to 0.5 ms older than its start:
     * a pinned sleep is still pinned (or unsure under a collection or a preemption), a computation still not pinned.
     */
    @Test
    void afterAStreakOfShortMountsAPinIsStillAPinAndArithmeticStillNot() throws IOException {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux only");
        CarrierClock clock = CarrierClock.forCurrentThread();
        try (RandomAccessFile status = ownStatus()) {
            int computationsJudged = 0;
            for (int round = 0; round < 3; round++) {
                shortMountsFor(clock, status, 3_000_000);
                long blocked = mount(clock, () -> sleepMillis(5));
                assertTrue(blocked >= BlockedTime.MIN_BLOCKED_NANOS || BlockedTime.isUnsure(blocked),
                        "a 5 ms sleep after short mounts is pinned (or unsure), never not pinned: " + blocked);
                shortMountsFor(clock, status, 3_000_000);
                Judged computed = judged(clock, status, CarrierClockTest::computeThreeMillis);
                assertTrue(computed.switchedOut() || BlockedTime.lowerBound(computed.value()) < BlockedTime.MIN_BLOCKED_NANOS,
                        "3 ms of arithmetic after short mounts is not a block: " + computed);
                computationsJudged += computed.switchedOut() ? 0 : 1;
            }
            assertTrue(computationsJudged > 0, "every computation blocked: nothing was tested");
        } finally {
            clock.close();
        }
    }

    /**
     * Mounts of ~50 µs of arithmetic each, back to back, for {@code nanos} and until 20 of them never blocked (a young
     * JVM can block a few in a row): those are not judged blocked.
     */
    private static void shortMountsFor(CarrierClock clock, RandomAccessFile status, long nanos) {
        long start = System.nanoTime();
        int neverBlocked = 0;
        while (System.nanoTime() - start < nanos || neverBlocked < 20) {
            assertTrue(System.nanoTime() - start < 10_000_000_000L, "20 spins that never blocked in 10 s");
            Judged spin = judged(clock, status, () -> {
                long spinUntil = System.nanoTime() + 50_000;
                while (System.nanoTime() < spinUntil) {
                    Thread.onSpinWait();
                }
            });
            if (spin.switchedOut()) {
                continue;
            }
            neverBlocked++;
            // preempted past the floor on a busy machine it is judged, and at most unsure: spinning is no block
            assertTrue(BlockedTime.lowerBound(spin.value()) < BlockedTime.MIN_BLOCKED_NANOS,
                    "a spin that never blocked is not a block: " + spin);
        }
    }

    /** The line at its start: the newline keeps it from matching inside {@code nonvoluntary_ctxt_switches:}. */
    private static final byte[] VOLUNTARY_KEY = "\nvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    /** Reused: a buffer per read would be garbage per mount, and a collection in a mount is a block of its own. */
    private static final byte[] STATUS_TEXT = new byte[4096];

    /**
     * A mount's value, and whether the kernel switched its thread out voluntarily in it or in the clock's reads
     * around it: whatever the reason (a lock inside the JVM, a collection, a page fault's I/O), it really blocked.
     */
    private record Judged(long value, boolean switchedOut) { }

    private static Judged judged(CarrierClock clock, RandomAccessFile status, Runnable body) {
        long voluntaryBefore = voluntarySwitches(status);
        long value = mount(clock, body);
        return new Judged(value, voluntarySwitches(status) != voluntaryBefore);
    }

    /** The times this thread has blocked so far ({@code voluntary_ctxt_switches}). */
    private static long voluntarySwitches(RandomAccessFile status) {
        byte[] text = STATUS_TEXT;
        try {
            status.seek(0);
            int n = status.read(text);
            long count = ProcFiles.valueAfter(text, Math.max(n, 0), VOLUNTARY_KEY);
            assertTrue(count >= 0, "Linux counts voluntary switches");
            return count;
        } catch (IOException e) {
            throw new AssertionError("reading /proc/thread-self/status", e);
        }
    }

    private static RandomAccessFile ownStatus() {
        RandomAccessFile status = ProcFiles.openThreadSelf("status");
        assumeTrue(status != null, "Linux only");
        return status;
    }

    private static long mount(CarrierClock clock, Runnable body) {
        clock.startMount();
        long start = System.nanoTime();
        body.run();
        return clock.endMount(start, System.nanoTime());
    }

    private static void computeThreeMillis() {
        long until = System.nanoTime() + 3_000_000;
        double x = 0;
        while (System.nanoTime() < until) {
            x += Math.sin(x);
        }
        if (x == 42) {
            System.out.print("");
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
