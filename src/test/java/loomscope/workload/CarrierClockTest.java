package loomscope.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The parsers of the carrier's /proc files, and its blocked-time arithmetic. */
class CarrierClockTest {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void schedstatFieldsAreReadInOrder() {
        byte[] line = ascii("123456 7890 42\n");
        assertEquals(123456, CarrierClock.field(line, line.length, 0));
        assertEquals(7890, CarrierClock.field(line, line.length, 1));
        assertEquals(42, CarrierClock.field(line, line.length, 2));
        assertEquals(CarrierClock.UNKNOWN, CarrierClock.field(line, line.length, 3));
    }

    @Test
    void preemptionsAreTheNonVoluntaryLineNotTheVoluntaryOne() {
        byte[] status = ascii("Name:\tx\nvoluntary_ctxt_switches:\t237\nnonvoluntary_ctxt_switches:\t380\n");
        byte[] key = ascii("nonvoluntary_ctxt_switches:");
        assertEquals(380, CarrierClock.valueAfter(status, status.length, key));
        assertEquals(CarrierClock.UNKNOWN, CarrierClock.valueAfter(status, status.length, ascii("missing:")));
        byte[] cut = ascii("nonvoluntary_ctxt_switches:\t");
        assertEquals(CarrierClock.UNKNOWN, CarrierClock.valueAfter(cut, cut.length, key));
    }

    @Test
    void blockedIsWallLessCpuQueueAndPauseNeverNegative() {
        assertEquals(3_000_000, CarrierClock.blockedNanos(10_000_000, 2_000_000, 4_000_000, 1_000_000));
        assertEquals(0, CarrierClock.blockedNanos(1_000_000, 2_000_000, 0, 0));
        assertEquals(CarrierClock.UNKNOWN, CarrierClock.blockedNanos(1_000_000, CarrierClock.UNKNOWN, 0, 0));
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
            assertTrue(clock.preemptionsSinceLastCall() >= 0);
        } finally {
            clock.close();
        }
    }
}
