package loomscope.probe;

import java.util.List;

/**
 * One {@code jdk.VirtualThreadPinned} event, placed on the recording clock.
 *
 * @param start        recording-clock nanos when the pinned park began
 * @param duration     how long the thread stayed parked while pinned
 * @param carrierName  the carrier it pinned (JDK 24+ {@code carrierThread}); null on JDK 21, where the event
 *                     has no carrier and the stream has lost the event thread
 * @param carrierIndex our lane of that carrier, or -1
 * @param reason       JDK 24+ {@code pinnedReason} (e.g. "Native or VM frame on stack"), or null
 * @param blockingOperation JDK 24+ {@code blockingOperation}, or null
 * @param stack        top frame first
 * @param arrivedAt    recording-clock nanos when the stream delivered it: minus the end, the lag JFR imposes
 */
public record PinnedEvent(long start, long duration, String carrierName, int carrierIndex, String reason,
                          String blockingOperation, List<StackFrame> stack, long arrivedAt) {

    public long end() {
        return start + duration;
    }

    /** How late JFR delivered this event after it ended. */
    public long lag() {
        return arrivedAt - end();
    }

    public StackFrame topApplicationFrame() {
        for (StackFrame f : stack) {
            if (f.isApplication()) {
                return f;
            }
        }
        return stack.isEmpty() ? null : stack.get(0);
    }
}
