package loomscope.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class CpuHogsTest {

    private static long hogCpuNanos(ThreadMXBean mx) {
        return Arrays.stream(mx.getThreadInfo(mx.getAllThreadIds()))
                .filter(i -> i != null && i.getThreadName().startsWith("loomscope-cpu-hog-"))
                .mapToLong(ThreadInfo::getThreadId).map(mx::getThreadCpuTime).filter(t -> t > 0).sum();
    }

    private static long liveHogs() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("loomscope-cpu-hog-")).count();
    }

    @Test
    void hogsBurnCpuUntilClosedThenAreGone() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        try (CpuHogs hogs = CpuHogs.start(2)) {
            assertEquals(2, hogs.count());
            assertTrue(hogs.allSpinning());
            // a condition, not a time: they burn 50 ms of CPU sooner or later however loaded the machine is
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (hogCpuNanos(mx) < 50_000_000L && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(hogCpuNanos(mx) >= 50_000_000L, "the hogs burnt " + hogCpuNanos(mx) + " ns of CPU");
            hogs.close();
            assertFalse(hogs.allSpinning());
        }
        assertEquals(0, liveHogs(), "no hog left spinning");
    }

    @Test
    void aCountOutOfRangeIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> CpuHogs.start(0));
        assertThrows(IllegalArgumentException.class, () -> CpuHogs.start(257));
    }
}
