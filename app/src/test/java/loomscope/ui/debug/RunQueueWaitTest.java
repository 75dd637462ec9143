package loomscope.ui.debug;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

class RunQueueWaitTest {

    @Test
    void theSecondSchedstatFieldIsTheWait() {
        assertEquals(4_567L, RunQueueWait.waitedNanos("1234 4567 89\n"));
        assertEquals(RunQueueWait.UNKNOWN, RunQueueWait.waitedNanos("1234"));
    }

    @Test
    void aThreadThatYieldsToBusyThreadsSeesItsWaitGrow() throws InterruptedException {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux with schedstat only");
        LongSupplier waited = RunQueueWait.ofCallingThread();
        long before = waited.getAsLong();
        int cores = Runtime.getRuntime().availableProcessors();
        Thread[] busy = new Thread[cores * 2];
        long until = System.nanoTime() + 300_000_000L;
        for (int i = 0; i < busy.length; i++) {
            busy[i] = Thread.ofPlatform().daemon().start(() -> {
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            });
        }
        while (System.nanoTime() < until) {
            Thread.yield();   // more runnable threads than cores: this one queues for a CPU again and again
        }
        for (Thread t : busy) {
            t.join();
        }
        long after = waited.getAsLong();
        assertTrue(before >= 0 && after > before, "wait went from " + before + " to " + after + " ns");
    }
}
