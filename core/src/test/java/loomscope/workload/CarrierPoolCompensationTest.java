package loomscope.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * With the export every launcher passes (pom, jar manifest, child JVMs, app image), the pool's carriers are of the
 * JDK's carrier class, so the JDK compensates on them: a carrier held by a blocking call gets a sibling.
 */
class CarrierPoolCompensationTest {

    @Test
    void carriersAreTheJdksOwnAndGetCompensated() throws Exception {
        try (CarrierPool pool = new CarrierPool(1, true, RunObserver.NONE, r -> -1)) {
            assertTrue(pool.compensatesLikeTheJdk(), "surefire runs with " + CarrierPool.JDK_CARRIERS_FLAG);
        }
        try (CarrierPool plain = new CarrierPool(1, RunObserver.NONE, r -> -1)) {
            assertTrue(!plain.compensatesLikeTheJdk(), "the seed's carriers stay plain");
        }
    }
}
