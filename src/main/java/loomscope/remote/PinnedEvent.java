package loomscope.remote;

import java.util.List;

import loomscope.probe.StackFrame;

/**
 * One {@code jdk.VirtualThreadPinned} JFR event from a child JVM, placed on the run's clock.
 *
 * @param start       nanos on the recording clock when the pinned wait began
 * @param duration    how long the virtual thread blocked while pinned
 * @param carrierName the carrier it pinned (JDK 24+ reports it), or null
 * @param carrierIndex our lane of that carrier, or -1
 * @param taskIndex   the workload task, when JFR still named the thread (streams drop it after a flush), or -1
 * @param reason      JDK 24+: e.g. "Native or VM frame on stack"; legacy locking: "Freeze or preempt failed (4)"; else null
 * @param blockingOperation JDK 24+: e.g. "Thread.sleep"; else null
 * @param stack       top frames first
 */
public record PinnedEvent(long start, long duration, String carrierName, int carrierIndex, int taskIndex,
                          String reason, String blockingOperation, List<StackFrame> stack) {
    public PinnedEvent {
        stack = List.copyOf(stack);
    }
}
