package loomscope.workload;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * #35: a carrier whose native thread the JVM could not create (too many threads for the user) left the run waiting
 * forever, without a word. The pool now knows a carrier it made that never started, and the run ends with that as its
 * failure. The whole case, reproduced by hand with a thread limit, is in docs/reliability.md.
 */
class CarrierCannotStartTest {

    @Test
    void aCarrierStillNewASecondAfterItWasMadeIsOneThatCouldNotStart() throws Exception {
        try (CarrierPool pool = new CarrierPool(1, RunObserver.NONE, r -> -1)) {
            Thread neverStarted = new Thread(() -> { }, "loomscope-carrier-7");
            pool.madeForTest(neverStarted);
            assertNull(pool.cannotGoOn(), "a carrier is given a moment to start");
            Thread.sleep(1_100);
            String why = pool.cannotGoOn();
            assertTrue(why != null && why.startsWith("the JVM could not start carrier thread loomscope-carrier-7"), why);
            assertTrue(why.contains("ulimit -u"), why);
        }
    }

    @Test
    void aRunsCarriersThatStartAreNoReason() throws Exception {
        try (CarrierPool pool = new CarrierPool(2, RunObserver.NONE, r -> -1)) {
            java.util.concurrent.CountDownLatch ran = new java.util.concurrent.CountDownLatch(4);
            for (int i = 0; i < 4; i++) {
                pool.execute(ran::countDown);
            }
            assertTrue(ran.await(10, java.util.concurrent.TimeUnit.SECONDS));
            Thread.sleep(1_100);
            assertNull(pool.cannotGoOn());
        }
    }
}
