package loomscope.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RunRecording;

/**
 * Answers the window's click on a mount in a carrier's lane: which thread, on which carrier, when, whether it held the
 * carrier and why, as the JDK's witnesses said ({@link CauseClassifier}), with the witness's stack.
 */
public final class MountInspector {
    private MountInspector() { }

    /**
     * @param thread  "loomscope-vt-17" (the recording's own numbering of the run's threads)
     * @param held    the mount's class in words: "pinned: LockSupport.park: Native or VM frame on stack", "not held"
     * @param blocked "blocked 20.1 ms (the carrier's clocks)", or null where the clocks measured nothing
     * @param stack   the witness's stack, top first; empty where none was given
     */
    public record MountInspection(String thread, String carrier, long start, long end, String held, String blocked,
                                  List<StackFrame> stack) {
        public MountInspection {
            stack = List.copyOf(stack);
        }
    }

    /** Mount {@code i} of {@code log}, a carrier of {@code recording}. */
    public static MountInspection of(RunRecording recording, CarrierLog log, int i) {
        MountClass mountClass = log.mountClass(i);
        MountWhy why = recording.whyOf(log.index(), i);
        List<StackFrame> stack = new ArrayList<>();
        if (why != null) {
            for (String frame : why.frames()) {
                stack.add(StackFrame.parse(frame));
            }
        }
        int blockedMicros = log.blockedMicros(i);
        String blocked = blockedMicros < 0 ? null : String.format(Locale.ROOT, "%s %.2f ms (the carrier's clocks)",
                log.clocksSay(i) == MountClass.UNSURE ? "blocked at least" : "blocked",
                blockedMicros / 1e3);
        return new MountInspection(recording.source().threadLabel(log.vt(i)), log.name(), log.start(i), log.end(i),
                held(mountClass, why), blocked, stack);
    }

    private static String held(MountClass mountClass, MountWhy why) {
        if (mountClass == MountClass.NOT_HELD) {
            return "not held: the carrier was not blocked while it ran";
        }
        if (mountClass == MountClass.HELD) {
            // live, before the JDK's witnesses (about a second behind) have said why: never red, and never "not held"
            return "held, not yet classed: its carrier was blocked while it ran, and no witness has said why yet";
        }
        String words = switch (mountClass) {
            case PINNED -> "pinned: it could not unmount, and its carrier waited with it";
            case CAPTURED -> "captured: blocked in a system call while mounted (the JDK does not call that a pin)";
            case STALLED -> "stalled: the JVM held the carrier";
            case UNSURE -> "unsure: no witness could tell why its carrier was held (never shown as not pinned)";
            case NOT_HELD, HELD -> throw new AssertionError(mountClass);
        };
        return why == null || why.reason() == null ? words : words + " (" + why.reason() + ")";
    }
}
