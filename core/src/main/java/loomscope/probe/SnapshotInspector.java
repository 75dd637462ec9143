package loomscope.probe;

import java.util.List;

/**
 * Answers the window's two clicks from a snapshot: "what was this virtual thread doing?" and "what was
 * this carrier running?". Only what the snapshot saw; an unseen thread is said to be unseen, and a stack
 * taken in an earlier pass than the state says when it was taken.
 */
public final class SnapshotInspector {
    private SnapshotInspector() { }

    /**
     * @param subject      "loomscope-vt-17" or "loomscope-carrier-0"
     * @param snapshotAt   when the snapshot was taken (recording clock), -1 without one
     * @param state        the thread's state text, or an explanation
     * @param carrier      its carrier (for a VT) or the mounted VT (for a carrier), or "none"
     * @param stack        top first; empty if none was seen
     * @param stackTakenAt when that stack was taken (recording clock), -1 without a stack
     */
    public record Inspection(String subject, long snapshotAt, String state, String carrier, List<StackFrame> stack,
                             long stackTakenAt) {
        public Inspection {
            stack = List.copyOf(stack);
        }

        /** Whether the stack is older than the state (in-process snapshots take stacks of parked threads in turn). */
        public boolean stackFromEarlierPass() {
            return stackTakenAt >= 0 && stackTakenAt < snapshotAt;
        }
    }

    public static Inspection virtualThread(ThreadSnapshot snapshot, int taskIndex) {
        return virtualThread(snapshot, taskIndex, null);
    }

    /** @param newest the thread's newest stack from any pass ({@link InProcessSnapshotter#lastStackOf}), or null */
    public static Inspection virtualThread(ThreadSnapshot snapshot, int taskIndex, InProcessSnapshotter.KnownStack newest) {
        String subject = ThreadNames.VIRTUAL_PREFIX + taskIndex;
        if (snapshot == null) {
            return new Inspection(subject, -1, "no snapshot yet", "unknown", List.of(), -1);
        }
        ThreadSample s = snapshot.sampleOfTask(taskIndex);
        if (s == null) {
            return new Inspection(subject, snapshot.takenAt(), "not yet created when the snapshot was taken", "none", List.of(), -1);
        }
        String state = s.stateLabel() + (s.pinnedBlocked() ? " while mounted (pinned)" : "");
        List<StackFrame> stack = s.stack();
        long stackAt = stack.isEmpty() ? -1 : s.sampledFrom();
        if (stack.isEmpty() && newest != null && newest.takenAt() <= snapshot.takenAt() + snapshot.tookNanos()
                && s.state() != Thread.State.TERMINATED) {
            stack = newest.stack();
            stackAt = newest.takenAt();
        }
        return new Inspection(s.name(), snapshot.takenAt(), state, s.carrierLabel(), stack, stackAt);
    }

    public static Inspection carrier(ThreadSnapshot snapshot, int carrierIndex, String carrierName) {
        if (snapshot == null) {
            return new Inspection(carrierName, -1, "no snapshot yet", "unknown", List.of(), -1);
        }
        ThreadSample s = snapshot.mountedOn(carrierIndex);
        if (s == null) {
            return new Inspection(carrierName, snapshot.takenAt(), "idle (no virtual thread mounted)", "none", List.of(), -1);
        }
        String state = "running " + s.name() + ", which is " + s.stateLabel() + (s.pinnedBlocked() ? " (pinned)" : "");
        return new Inspection(carrierName, snapshot.takenAt(), state, s.name(), s.stack(), s.stack().isEmpty() ? -1 : s.sampledFrom());
    }
}
