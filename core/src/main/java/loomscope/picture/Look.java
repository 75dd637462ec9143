package loomscope.picture;

import loomscope.recording.CarrierLog;
import loomscope.recording.VtState;

/**
 * What a carrier looks like over a stretch of time (a pixel column of its lane, its box at t), in order of severity:
 * where one column covers several mounts, the most severe look wins ({@link LaneLooks}), so that no pin is hidden by
 * the scale. The window's lanes and boxes, the cards and the clips all paint a look as it says here: its colour (the one
 * palette's state), whether it is hatched, and whether it fills the lane's height or is a running tick.
 */
public enum Look {
    /** No thread mounted: the lane's ground (a box: the palette's idle). */
    IDLE(null, "idle"),
    /** A thread mounted and running: a tick through the lane's middle, never full height. */
    RUNNING(VtState.RUNNING, "running"),
    /** The JVM held the carrier (a safepoint): the whole mount. */
    STALLED(VtState.STALLED, "stalled: the JVM"),
    /** Held in a system call, not a pin: the whole mount. */
    CAPTURED(VtState.CAPTURED, "captured: a system call"),
    /** Held while the run goes, before a witness said why: the whole mount, neither red nor running. */
    HELD(VtState.HELD, "held, not yet classed"),
    /** No witness can tell: maybe pinned, hatched, never drawn as running; the whole mount. */
    UNSURE(VtState.UNSURE, "unsure: maybe blocked"),
    /** The thread could not unmount: its carrier wasted. Red is this and nothing else. */
    PINNED(VtState.PINNED, "pinned: carrier wasted");

    /** The part of a lane's height a running tick takes, centred: a pinned carrier reads as one long full bar. */
    public static final double TICK = 0.5;

    public static final int COUNT = values().length;
    private static final Look[] VALUES = values();

    private final VtState state;
    private final String legend;

    Look(VtState state, String legend) {
        this.state = state;
        this.legend = legend;
    }

    public static Look of(int ordinal) { return VALUES[ordinal]; }

    /** The thread's state this look shows (its colour's); null for idle. */
    public VtState state() { return state; }

    /** What a legend calls it. */
    public String legend() { return legend; }

    /** Whether it is more severe than {@code other}: it wins a column they share. */
    public boolean outranks(Look other) { return ordinal() > other.ordinal(); }

    /** Its colour in {@code colours}: a box's idle for {@link #IDLE}, else its state's. */
    public Rgb colour(PictureColours colours) {
        return state == null ? colours.idle() : colours.of(state);
    }

    /** Crossed by the unsure hatch's stripes ({@link Hatch}): unsure differs from pinned by more than hue. */
    public boolean hatched() { return this == UNSURE; }

    /** Whether it fills the lane's height (every look of a held carrier); running is a tick, idle is not painted. */
    public boolean fullHeight() { return this != RUNNING && this != IDLE; }

    /** Its top in a lane of {@code laneHeight} from the lane's top. */
    public double top(double laneHeight) { return fullHeight() ? 0 : laneHeight * (1 - TICK) / 2; }

    /** Its height in a lane of {@code laneHeight}: at least a pixel. */
    public double height(double laneHeight) { return Math.max(1, fullHeight() ? laneHeight : laneHeight * TICK); }

    /**
     * The look of the whole of closed mount {@code i} where its verdict covers the whole mount: held (no witness yet),
     * unsure (the clocks say neither how long nor when), captured or stalled (the witness's time is not kept with the
     * mount); null where the mount runs and {@link PinnedSpans} says which parts of it are pinned.
     */
    public static Look wholeMount(CarrierLog log, int i) {
        return switch (log.mountClass(i)) {
            case HELD -> HELD;
            case UNSURE -> UNSURE;
            case CAPTURED -> CAPTURED;
            case STALLED -> STALLED;
            case NOT_HELD, PINNED -> null;
        };
    }
}
