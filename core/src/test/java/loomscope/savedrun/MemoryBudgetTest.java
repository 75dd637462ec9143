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
    void theJvmsBudgetIsHalfItsHeap() {
        MemoryBudget budget = MemoryBudget.ofThisJvm();
        long half = Runtime.getRuntime().maxMemory() / 2;
        assertThrows(SavedRunFormatException.class, () -> budget.take("JFR events", half / MemoryBudget.EVENT + 1, MemoryBudget.EVENT));
    }
}
