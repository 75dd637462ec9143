package loomscope.recording;

import loomscope.clock.BlockedTime;

/**
 * The generic rule for "pinned", for any code: a mount is blocked while mounted — its carrier wasted — when the
 * carrier spent a real share of it neither on a CPU nor waiting for one (the carrier's own clocks, measured per
 * mount by the workload's carrier pool). It needs nothing from the code that ran, so it holds for every scenario;
 * the seed's phase rule ({@link RunRecording#phasesSayBlocked}) is its cross-check.
 * <p>
 * The floor keeps a short stall (a safepoint, a page fault, a lock handed over) from counting. Where the clocks
 * cannot split a mount's time off its CPU into blocked and preempted (both happened, or a collection stopped it), the
 * mount is {@linkplain MountClass#UNSURE unsure}: shown as such, never as not pinned ({@link BlockedTime#judge}).
 * <p>
 * The clocks see every block, also the JVM's own: a carrier that waits for a JVM lock whose holder was preempted is
 * blocked while mounted too. For the seed workload, whose code says where it blocks, the recording keeps the phase
 * rule's verdict and this rule is its cross-check ({@link RuleCrossCheck}); docs/scenarios.md has the measurements.
 */
public final class PinnedRule {
    /** Blocked time below this is a stall, not a block; the phase rule's lock wait has the same floor. */
    public static final long MIN_BLOCKED_NANOS = BlockedTime.MIN_BLOCKED_NANOS;

    private PinnedRule() { }

    /**
     * Whether a mount with {@code blockedNanos} blocked (as the carrier pool measures it) was blocked while mounted.
     * No share of the mount's wall time is asked for: a pinned 5 ms sleep after 5 ms of CPU and a wait for a core
     * is under half its mount (seen with native-frame at P = 2 on a busy machine), and still a wasted carrier.
     */
    public static boolean blockedWhileMounted(long blockedNanos) {
        return blockedNanos >= MIN_BLOCKED_NANOS;
    }

    /** Whether the carrier's clocks measured {@code blockedValue} (a {@link BlockedTime} value) at all. */
    public static boolean measured(long blockedValue) {
        return blockedValue != BlockedTime.UNMEASURED;
    }

    /**
     * What the carrier's clocks say of a mount from its {@link BlockedTime} value: {@link MountClass#HELD held}
     * (blocked while mounted), {@link MountClass#NOT_HELD not held} or {@link MountClass#UNSURE unsure}; they name no
     * cause.
     *
     * @throws IllegalArgumentException where they measured nothing ({@link #measured})
     */
    public static MountClass clocksSay(long blockedValue) {
        if (BlockedTime.isUnsure(blockedValue)) {
            return MountClass.UNSURE;
        }
        if (blockedValue < 0) {
            throw new IllegalArgumentException("the clocks measured nothing: " + blockedValue);
        }
        return blockedWhileMounted(blockedValue) ? MountClass.HELD : MountClass.NOT_HELD;
    }
}
