package loomscope.probe;

import java.util.List;

/**
 * What one thread was doing when a snapshot looked at it.
 *
 * @param taskIndex       the workload task ("loomscope-vt-n" → n), or -1 for any other thread
 * @param tid             {@link Thread#threadId()}
 * @param state           as the JDK reported it; null when the source does not report one (JDK 21 JSON dumps)
 * @param carrierReported whether the source tells carriers at all (JDK 21 JSON dumps do not)
 * @param carrierName     the carrier this virtual thread was mounted on, or null (unmounted, or not reported)
 * @param carrierIndex    our lane of that carrier ("loomscope-carrier-n" → n), or -1
 * @param sampledFrom     recording-clock nanos just before the carrier was read, or -1 if unknown
 * @param sampledTo       recording-clock nanos just after; the JDK's answer holds at some instant in between
 * @param stack           top frame first; empty when the JDK gave none (e.g. a thread queued, never run)
 */
public record ThreadSample(
        int taskIndex,
        String name,
        long tid,
        boolean virtual,
        Thread.State state,
        boolean carrierReported,
        String carrierName,
        int carrierIndex,
        long sampledFrom,
        long sampledTo,
        List<StackFrame> stack) {

    public ThreadSample {
        stack = List.copyOf(stack);
        if (sampledTo < sampledFrom) {
            throw new IllegalArgumentException("sampledTo " + sampledTo + " < sampledFrom " + sampledFrom);
        }
    }

    /** Whether the source saw this thread on a carrier. */
    public boolean mounted() {
        return carrierName != null;
    }

    /**
     * Mounted but not running: the thread sleeps, waits or blocks while holding its carrier — pinned, as the
     * JDK itself reports it (a virtual thread that can unmount has no carrier while it waits).
     */
    public boolean pinnedBlocked() {
        return mounted() && state != null && state != Thread.State.RUNNABLE;
    }

    /** "TIMED_WAITING" or "(not reported)". */
    public String stateLabel() {
        return state == null ? "(not reported)" : state.name();
    }

    /** "loomscope-carrier-0", "none", or "(not reported)". */
    public String carrierLabel() {
        return !carrierReported ? "(not reported)" : carrierName == null ? "none" : carrierName;
    }

    /** The first frame of the application's own code, or null (e.g. an empty stack). */
    public StackFrame topApplicationFrame() {
        for (StackFrame f : stack) {
            if (f.isApplication()) {
                return f;
            }
        }
        return null;
    }
}
