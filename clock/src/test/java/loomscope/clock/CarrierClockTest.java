package loomscope.clock;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The carrier's clocks on a real thread, and its blocked-time arithmetic (the /proc parsers: ProcFilesTest). */
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
    void aMountThatSleepsFiveMillisIsJudgedBlockedAndOneThatComputesIsNot() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux only");
        CarrierClock clock = CarrierClock.forCurrentThread();
        try {
            long blocked = mount(clock, () -> sleepMillis(5));
            assertTrue(blocked >= BlockedTime.MIN_BLOCKED_NANOS || BlockedTime.isUnsure(blocked),
                    "a 5 ms sleep while mounted is pinned (or, under a collection, unsure), never not pinned: " + blocked);
            long computed = mount(clock, () -> { for (int i = 0; i < 1_000; i++) { Math.sin(i); } });
            // preempted for 1 ms or more on a loaded machine (three busy threads beside it on 2 cores did), it is unsure;
            // it is never pinned
            assertTrue(BlockedTime.lowerBound(computed) < BlockedTime.MIN_BLOCKED_NANOS
                    && (computed >= 0 || BlockedTime.isUnsure(computed)), "arithmetic is not a block: " + computed);
            long longComputed = mount(clock, CarrierClockTest::computeThreeMillis);
            // preempted on a busy machine, it may be unsure; it is never pinned
            assertTrue(BlockedTime.lowerBound(longComputed) < BlockedTime.MIN_BLOCKED_NANOS,
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
    void afterAStreakOfShortMountsAPinIsStillAPinAndArithmeticStillNot() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux only");
        CarrierClock clock = CarrierClock.forCurrentThread();
        try {
            for (int round = 0; round < 3; round++) {
                shortMountsFor(clock, 3_000_000);
                long blocked = mount(clock, () -> sleepMillis(5));
                assertTrue(blocked >= BlockedTime.MIN_BLOCKED_NANOS || BlockedTime.isUnsure(blocked),
                        "a 5 ms sleep after short mounts is pinned (or unsure), never not pinned: " + blocked);
                shortMountsFor(clock, 3_000_000);
                long computed = mount(clock, CarrierClockTest::computeThreeMillis);
                assertTrue(BlockedTime.lowerBound(computed) < BlockedTime.MIN_BLOCKED_NANOS,
                        "3 ms of arithmetic after short mounts is not a block: " + computed);
            }
        } finally {
            clock.close();
        }
    }

    /** Mounts of ~50 µs of arithmetic each, back to back, for {@code nanos}. */
    private static void shortMountsFor(CarrierClock clock, long nanos) {
        long until = System.nanoTime() + nanos;
        while (System.nanoTime() < until) {
            long value = mount(clock, () -> {
                long spin = System.nanoTime() + 50_000;
                while (System.nanoTime() < spin) {
                    Thread.onSpinWait();
                }
            });
            // preempted past the floor on a busy machine it is judged, and at most unsure: spinning is no block
            assertTrue(BlockedTime.lowerBound(value) < BlockedTime.MIN_BLOCKED_NANOS, "a spin is not a block: " + value);
        }
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
