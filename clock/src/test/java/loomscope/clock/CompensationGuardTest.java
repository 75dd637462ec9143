package loomscope.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/**
 * On this JDK (25) the JDK's Blocker compensates only for a virtual thread's reads: no carrier's clock needs the mark.
 * JDK 21, where it is needed, is tested with an application under the agent (core's AgentCarriersTest).
 */
class CompensationGuardTest {
    @Test
    void jdk25NeedsNoMark() {
        assumeTrue(Runtime.version().feature() >= 22, "JDK 21 compensates for a carrier's reads");
        assertFalse(CompensationGuard.jdkCompensatesForCarrierReads());
        assertEquals(CompensationGuard.Reads.FREE, CompensationGuard.forCurrentThread());
    }

    @Test
    void aClockOnAPlainThreadReadsItsFiles() {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux only");
        CarrierClock clock = CarrierClock.forCurrentThread();
        try {
            clock.readSchedstat();
            assertFalse(clock.timesScheduled() < 0, "schedstat unread on Linux");
            clock.readStatus();
            assertFalse(clock.preemptions() < 0, "status unread on Linux");
        } finally {
            clock.close();
        }
    }
}
