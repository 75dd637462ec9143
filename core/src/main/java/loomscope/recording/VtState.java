package loomscope.recording;

/**
 * What a thread is doing at one instant, derived from recorded mounts and phases only: the one word for a thread's
 * drawn state (its colour, {@code loomscope.picture.PictureColours}). A mounted thread's state comes from its mount's
 * {@link MountClass} (pinned, captured, stalled, unsure, held) where that covers the instant; the other states are the
 * thread's own.
 */
public enum VtState {
    NEW("new", "created, not yet started"),
    QUEUED("queued", "ready, waiting for a carrier"),
    RUNNING("running", "mounted and running"),
    PINNED("pinned", "blocked while mounted: its carrier can run nothing else"),
    PARKED("parked", "unmounted while it sleeps: its carrier is free"),
    BLOCKED("blocked", "unmounted, waiting for the lock"),
    WAITING("waiting", "in sleep or lock wait; mounts not recorded (default scheduler or platform thread)"),
    DONE("done", "finished its work"),
    STOPPED("stopped", "ended by Stop before its work was done, or never started"),
    // last, so that the others keep their ordinals (no saved format holds one; appended all the same)
    UNSURE("unsure", "mounted; its carrier's clocks cannot tell whether it blocked (also preempted, or stopped by a "
            + "collection): maybe pinned, never shown as not pinned"),
    UNMOUNTED("unmounted", "off its carrier between mounts (parked, waiting or queued): an attached JVM tells its mounts, "
            + "not why a thread is off"),
    CAPTURED("captured", "mounted and blocked in a system call (a file, a pipe, a socket): its carrier is held, but the JDK "
            + "does not call that a pin"),
    STALLED("stalled", "mounted while the JVM held its carrier (a safepoint): nobody's code asked for the wait"),
    HELD("held, not yet classed", "mounted while its carrier was blocked; no witness has said why yet (the JDK's events"
            + " arrive about a second later): never drawn as pinned until a pin's witness says so");

    public static final int COUNT = values().length;
    private static final VtState[] VALUES = values();

    private final String label;
    private final String meaning;

    VtState(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
    }

    public String label() { return label; }

    public String meaning() { return meaning; }

    public static VtState of(int ordinal) { return VALUES[ordinal]; }
}
