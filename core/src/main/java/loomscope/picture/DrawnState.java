package loomscope.picture;

import java.util.Locale;

import loomscope.recording.VtState;

/**
 * Every state a picture can colour: a thread's {@link VtState} (the field's cells, the lanes' mounts), in its order.
 * Red is {@link #PINNED}'s and no other's (PictureColoursTest).
 */
public enum DrawnState {
    NEW, QUEUED, RUNNING, PINNED, PARKED, BLOCKED, WAITING, DONE, STOPPED, UNSURE, UNMOUNTED,
    /** Mounted and blocked in a system call: its carrier is held, though the JVM did not pin it. */
    CAPTURED,
    /** The JVM held the carrier (a safepoint): nobody's code ran. */
    STALLED,
    /** Held while the run goes, before a witness said why: neither red nor running. */
    HELD;

    public static final int COUNT = values().length;
    private static final DrawnState[] VALUES = values();

    /** The drawn state of a thread's state: the same name, the same ordinal. */
    public static DrawnState of(VtState state) { return VALUES[state.ordinal()]; }

    /** The name app.css gives its looked-up colour, after {@code -ls-}: {@code pinned}, {@code unmounted}. */
    public String cssName() { return name().toLowerCase(Locale.ROOT); }

    /** Whether some {@link VtState} is this one: the states the window, the cards and the clips draw (all of them now). */
    public boolean drawnToday() { return ordinal() < VtState.COUNT; }
}
