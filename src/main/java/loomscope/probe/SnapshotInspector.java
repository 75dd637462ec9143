package loomscope.probe;

import java.util.List;

/**
 * Answers the window's two clicks from a snapshot: "what was this virtual thread doing?" and "what was
 * this carrier running?". Only what the snapshot saw; an unseen thread is said to be unseen.
 */
public final class SnapshotInspector {
    private SnapshotInspector() { }

    /**
     * @param subject      "loomscope-vt-17" or "loomscope-carrier-0"
     * @param snapshotAt   when the snapshot was taken (recording clock), -1 without one
     * @param state        the thread's state text, or an explanation
     * @param carrier      its carrier (for a VT) or the mounted VT (for a carrier), or "none"
     * @param stack        top first; empty if none was seen
     */
    public record Inspection(String subject, long snapshotAt, String state, String carrier, List<StackFrame> stack) {
        public Inspection {
            stack = List.copyOf(stack);
        }
    }

    public static Inspection virtualThread(ThreadSnapshot snapshot, int taskIndex) {
        String subject = ThreadNames.VIRTUAL_PREFIX + taskIndex;
        if (snapshot == null) {
            return new Inspection(subject, -1, "no snapshot yet", "unknown", List.of());
        }
        ThreadSample s = snapshot.sampleOfTask(taskIndex);
        if (s == null) {
            return new Inspection(subject, snapshot.takenAt(), "not yet created when the snapshot was taken", "none", List.of());
        }
        String state = s.stateLabel() + (s.pinnedBlocked() ? " while mounted (pinned)" : "");
        return new Inspection(s.name(), snapshot.takenAt(), state, s.carrierLabel(), s.stack());
    }

    public static Inspection carrier(ThreadSnapshot snapshot, int carrierIndex, String carrierName) {
        if (snapshot == null) {
            return new Inspection(carrierName, -1, "no snapshot yet", "unknown", List.of());
        }
        ThreadSample s = snapshot.mountedOn(carrierIndex);
        if (s == null) {
            return new Inspection(carrierName, snapshot.takenAt(), "idle (no virtual thread mounted)", "none", List.of());
        }
        String state = "running " + s.name() + ", which is " + s.stateLabel() + (s.pinnedBlocked() ? " (pinned)" : "");
        return new Inspection(carrierName, snapshot.takenAt(), state, s.name(), s.stack());
    }
}
