package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A file's counts, each possible on disk, may together need more memory than the JVM has: refused, naming the part. */
class MemoryBudgetTest {

    @Test
    void partsTakeTheirShareUntilTheLimit() throws Exception {
        MemoryBudget budget = new MemoryBudget(10L << 20);
        budget.take("threads", 50_000, MemoryBudget.THREAD);
        budget.take("carrier 0's mounts", 100_000, MemoryBudget.MOUNT);
        String message = assertThrows(SavedRunFormatException.class,
                () -> budget.take("carrier 1's mounts", 200_000, MemoryBudget.MOUNT)).getMessage();
        assertTrue(message.equals("its carrier 1's mounts (200,000) need more memory than this JVM can give a saved run (10 MB)"),
                message);
    }

    @Test
    void theJvmsBudgetIsAFixedSizeOrHalfASmallerHeap() throws Exception {
        MemoryBudget budget = MemoryBudget.ofThisJvm();
        long limit = Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 2);
        budget.take("JFR events", limit / MemoryBudget.EVENT, MemoryBudget.EVENT);
        assertThrows(SavedRunFormatException.class, () -> budget.take("a thread", 1, MemoryBudget.THREAD));
    }

    @Test
    void aFileLargerThanTheBudgetIsRefusedByItsSize() throws Exception {
        long limit = MemoryBudget.bytesOfThisJvm();
        MemoryBudget.checkSize(limit);
        String message = assertThrows(SavedRunFormatException.class, () -> MemoryBudget.checkSize(limit + 1)).getMessage();
        assertTrue(message.contains("more than a saved run can be") && message.contains(String.format(java.util.Locale.ROOT, "(%,d MB)", limit >> 20)), message);
    }
}
