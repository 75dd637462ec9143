package loomscope.recording;

/**
 * What the recording says one mount did to its carrier: the one word for it, from the carrier's clocks to the JDK's
 * witnesses, that {@link CarrierLog} keeps per mount, the classing ({@code loomscope.probe.CauseClassifier}) changes,
 * and a saved run keeps ({@code loomscope.savedrun.LoomRunFormat} maps it to and from the saved codes). A thread's
 * drawn state at an instant is another word, {@link VtState}; docs/causes.md lists what each witness can tell on JDK
 * 21 and 25.
 * <p>
 * A mount that held its carrier is {@link #HELD} until a witness says why, then one of the four causes
 * ({@link #classed()}): {@link #PINNED}, {@link #CAPTURED}, {@link #STALLED} or {@link #UNSURE}.
 */
public enum MountClass {
    /** Its carrier was not held: the carrier's clocks saw no block of the floor (or the seed's phases no wait). */
    NOT_HELD,
    /**
     * Held, not yet classed: the carrier's clocks saw it blocked for the floor or more, and no witness has said why
     * yet. Only a run whose witnesses class its mounts while it goes records it ({@link RunRecording#expectWitnesses}),
     * and it is what the clocks say of such a mount ({@link PinnedRule#clocksSay}). Never drawn red.
     */
    HELD,
    /**
     * The thread tried to unmount and could not, so its carrier waited: the JDK's pinned event (or, on 21, its monitor
     * events) says so, or the seed's phases do. A run that no witness classes while it goes records its carriers' held
     * mounts as pinned at once (the carrier clock rule, {@link PinnedRule}); its witnesses may class them anew after
     * it.
     */
    PINNED,
    /** Blocked in a system call while mounted (JFR's I/O events): its carrier is held, the JDK calls it no pin. */
    CAPTURED,
    /** The JVM held the carrier (a safepoint covered the blocked time): nobody's code asked for it. */
    STALLED,
    /**
     * Nobody can tell: the carrier's clocks could not tell whether it blocked for the floor (it was also preempted, or
     * a collection stopped it), or they saw it held and no witness said why. Shown as maybe pinned, never as not
     * pinned.
     */
    UNSURE;

    private static final MountClass[] VALUES = values();

    /** The class whose {@link #ordinal()} is {@code ordinal}: how a {@link CarrierLog} keeps it in a byte. */
    public static MountClass of(int ordinal) { return VALUES[ordinal]; }

    /** Whether the mount held its carrier, or may have, by any word: every class but {@link #NOT_HELD}. */
    public boolean heldByAnyWord() { return this != NOT_HELD; }

    /** Whether it is a held mount's cause, as a witness (or none) tells it: pinned, captured, stalled or unsure. */
    public boolean classed() { return this != NOT_HELD && this != HELD; }
}
