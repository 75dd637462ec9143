package loomscope.recording;

/**
 * Why a mount held its carrier, as the JDK's witnesses tell it ({@code loomscope.probe.CauseClassifier}). A mount
 * that did not hold its carrier has no cause. docs/causes.md lists what each witness can tell on JDK 21 and 25.
 */
public enum MountCause {
    /** The thread tried to unmount and could not: the JDK's pinned event (or, on 21, its monitor events) says so. */
    PINNED,
    /** The thread blocked in a system call while mounted (JFR's I/O events): the JDK does not call that a pin. */
    CAPTURED,
    /** The JVM held the carrier (a safepoint covered the blocked time): nobody's code asked for it. */
    STALLED,
    /** No witness can tell: shown as maybe pinned, never as not pinned. */
    UNSURE
}
