package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The agent's share of a target's heap, and what each part holds within it. */
class AgentBudgetTest {
    private static final long MB = 1 << 20;

    @Test
    void aSmallHeapGivesTheSmallestBudgetAndALargeOneTheLargest() {
        assertEquals(512 << 10, AgentBudget.total(32 * MB));
        assertEquals(512 << 10, AgentBudget.total(8 * MB));
        assertEquals(4 * MB, AgentBudget.total(256 * MB));
        assertEquals(16 * MB, AgentBudget.total(64L * 1024 * MB));
    }

    @Test
    void eachPartFitsTheBudgetOfATightHeap() {
        long total = AgentBudget.total(32 * MB);
        int processors = 2;
        long rings = (long) AgentBudget.ringCapacity(total, processors) * AgentBudget.RING_ENTRY_BYTES * processors;
        long table = (long) AgentBudget.threadSlots(total) * AgentBudget.THREAD_SLOT_BYTES;
        long queue = AgentBudget.queuedBytes(total);
        assertTrue(rings <= total / 2, "rings " + rings);
        assertTrue(table <= total / 4, "table " + table);
        assertTrue(queue <= total / 8, "queue " + queue);
    }

    @Test
    void ringsArePowersOfTwoWithinTheirBounds() {
        for (long total : new long[] {512 << 10, 4 * MB, 16 * MB}) {
            for (int processors : new int[] {1, 2, 64, 1024}) {
                int capacity = AgentBudget.ringCapacity(total, processors);
                assertEquals(Integer.bitCount(capacity), 1, "a power of two: " + capacity);
                assertTrue(capacity >= AgentBudget.SMALLEST_RING && capacity <= AgentBudget.LARGEST_RING, "" + capacity);
            }
        }
    }
}
