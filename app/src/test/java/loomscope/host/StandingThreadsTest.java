package loomscope.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

/** The threads exist before the first task, and tasks never make new ones: no Thread.start on the caller. */
class StandingThreadsTest {

    @Test
    void threadsAreStartedUpFrontAndTasksReuseThem() throws Exception {
        Executor work = StandingThreads.start("loomscope-test-standing", 2);
        assertEquals(2, live("loomscope-test-standing-"), "started before any task");

        Set<String> ranOn = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(20);
        for (int i = 0; i < 20; i++) {
            work.execute(() -> {
                ranOn.add(Thread.currentThread().getName());
                done.countDown();
            });
        }
        assertTrue(done.await(10, TimeUnit.SECONDS));
        assertTrue(Set.of("loomscope-test-standing-0", "loomscope-test-standing-1").containsAll(ranOn), ranOn.toString());
        assertEquals(2, live("loomscope-test-standing-"));
    }

    private static long live(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith(prefix) && t.isAlive() && t.isDaemon()).count();
    }
}
