package loomscope.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The host policy: the small-machine measures where they were measured to help, and nowhere else. */
class HostPolicyTest {

    @Test
    void autoOnEightCoresTouchesNothing() {
        HostPolicy p = HostPolicy.decide(HostPolicy.Mode.AUTO, 8);
        assertFalse(p.small());
        assertFalse(p.warmUp());
        assertFalse(p.lowersJit());
        for (int parallelism : new int[] {1, 7, 8, 16, 64}) {
            RunShare share = p.shareFor(parallelism, true);
            assertEquals(CpuShare.FULL, share.share(), "every pulse drawn at P=" + parallelism);
            assertFalse(share.lowersCarriers(), "carriers keep their priority at P=" + parallelism);
        }
        assertTrue(p.describe().contains("no small-machine measures (8 cores)"), p.describe());
    }

    @Test
    void autoOnTwoCoresIsTheSmallMachine() {
        HostPolicy p = HostPolicy.decide(HostPolicy.Mode.AUTO, 2);
        assertTrue(p.small() && p.warmUp() && p.lowersJit());
        assertEquals(CpuShare.HALF_RATE, p.shareFor(1, true).share());
        assertEquals(CpuShare.FULL, HostPolicy.decide(HostPolicy.Mode.AUTO, 4).shareFor(3, true).share(),
                "4 cores, not measured to need it: auto leaves it");
    }

    @Test
    void smallAndOffAreForcedWhateverTheCores() {
        assertTrue(HostPolicy.decide(HostPolicy.Mode.SMALL, 64).small());
        assertTrue(HostPolicy.decide(HostPolicy.Mode.SMALL, 64).describe().contains("--host=small"));
        assertFalse(HostPolicy.decide(HostPolicy.Mode.OFF, 1).small());
        assertEquals(RunShare.NONE, HostPolicy.decide(HostPolicy.Mode.OFF, 2).shareFor(2, true));
    }
}
