package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ThreadNamesTest {
    @Test
    void readsIndicesOnlyFromOurNames() {
        assertEquals(17, ThreadNames.taskIndexOf("loomscope-vt-17"));
        assertEquals(3, ThreadNames.taskIndexOf("loomscope-task-3"));
        assertEquals(-1, ThreadNames.taskIndexOf("loomscope-vt-"));
        assertEquals(-1, ThreadNames.taskIndexOf("loomscope-vt-1x"));
        assertEquals(-1, ThreadNames.taskIndexOf("main"));
        assertEquals(-1, ThreadNames.taskIndexOf("loomscope-vt-99999999999"));
        assertEquals(2, ThreadNames.carrierIndexOf("loomscope-carrier-2"));
        assertEquals(-1, ThreadNames.carrierIndexOf("ForkJoinPool-1-worker-1"));
        assertEquals(-1, ThreadNames.carrierIndexOf(null));
    }
}
