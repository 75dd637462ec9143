package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class PinnedThreadsTableTest {
    private static final List<StackFrame> SLEEP_IN_TASK = List.of(
            StackFrame.parse("java.base/java.lang.Thread.sleep(Thread.java:540)"),
            StackFrame.parse("loomscope.workload.Task.holdAndSleep(Task.java:86)"));
    private static final List<StackFrame> CLASS_INIT = List.of(
            StackFrame.parse("loomscope.workload.jdk22.QsortUpcallSection.callThroughNativeFrame(QsortUpcallSection.java:50)"));

    @Test
    void groupsByTopApplicationFrameAndReasonBiggestTotalFirst() {
        List<PinnedEvent> events = List.of(
                new PinnedEvent(0, 5_000_000, "loomscope-carrier-0", 0, "Native or VM frame on stack", null, SLEEP_IN_TASK, 0),
                new PinnedEvent(0, 7_000_000, "loomscope-carrier-1", 1, "Native or VM frame on stack", null, SLEEP_IN_TASK, 0),
                new PinnedEvent(0, 6_000_000, "loomscope-carrier-1", 1, "Waited for initialization", null, CLASS_INIT, 0),
                new PinnedEvent(0, 1_000_000, null, -1, null, null, List.of(), 0));
        List<PinnedThreadsTable.Row> rows = PinnedThreadsTable.of(events);
        assertEquals(3, rows.size());
        assertEquals(new PinnedThreadsTable.Row("loomscope.workload.Task.holdAndSleep:86", "Native or VM frame on stack",
                2, 7_000_000, 12_000_000), rows.get(0));
        assertEquals("Waited for initialization", rows.get(1).reason());
        assertEquals(new PinnedThreadsTable.Row("(no stack)", "(not reported)", 1, 1_000_000, 1_000_000), rows.get(2));
    }
}
