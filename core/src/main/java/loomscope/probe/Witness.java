package loomscope.probe;

import java.util.List;

/**
 * One thing the JDK saw that can tell why a mount held its carrier, placed on the recording clock: a JFR event other than
 * the pinned one ({@link PinnedEvent} is its own record). None of these names a carrier (a stream loses a virtual
 * thread's {@code eventThread}, see JDK-FACTS), so each is placed by its time ({@link CauseClassifier}).
 *
 * @param detail what the event names: the file or the host read, the monitor's class; null where it names nothing
 * @param stack  top frame first; empty for a safepoint
 */
public record Witness(Kind kind, long start, long duration, String detail, List<StackFrame> stack) {

    public enum Kind {
        /**
         * JDK 21's {@code jdk.JavaMonitorEnter}: a contended {@code synchronized} enter, which pins a virtual thread on 21
         * (24+ posts these as pinned events).
         */
        MONITOR_ENTER("jdk.JavaMonitorEnter", "Contended monitor enter"),
        /** JDK 21's {@code jdk.JavaMonitorWait}: {@code Object.wait}, which pins a virtual thread on 21. */
        MONITOR_WAIT("jdk.JavaMonitorWait", "Object.wait"),
        /** {@code jdk.FileRead} and the like: a thread blocked in a system call while mounted. */
        FILE_READ("jdk.FileRead", "file read"),
        FILE_WRITE("jdk.FileWrite", "file write"),
        SOCKET_READ("jdk.SocketRead", "socket read"),
        SOCKET_WRITE("jdk.SocketWrite", "socket write"),
        /** {@code jdk.SafepointBegin}: the JVM stopped every thread; a carrier waiting through it was stalled. */
        SAFEPOINT("jdk.SafepointBegin", "safepoint"),
        /**
         * Not JFR's: the stack of a mounted virtual thread, taken by LoomScope's {@link loomscope.clock.HeldSampler}
         * while its carrier had been off its CPU for the floor or more. It names its carrier (its {@code detail} is the
         * thread's state and the carrier's name: {@link #heldStack}), and its top frame tells a native call (captured)
         * from a pinned park or a monitor (pinned); a Java frame on top tells only where.
         */
        HELD_STACK("loomscope.HeldStack", "stack while held");

        private final String event;
        private final String words;

        Kind(String event, String words) {
            this.event = event;
            this.words = words;
        }

        /** The JFR event's name. */
        public String event() { return event; }

        /** What a reader is told: "file read", "Object.wait". */
        public String words() { return words; }

        /** Whether this witness pins (on JDK 21, where the pinned event misses it). */
        public boolean pins() { return this == MONITOR_ENTER || this == MONITOR_WAIT; }

        /** Whether JFR posts it (all but {@link #HELD_STACK}, which LoomScope takes itself). */
        public boolean jfr() { return this != HELD_STACK; }

        /** Whether this is a system call the thread blocked in. */
        public boolean io() { return this == FILE_READ || this == FILE_WRITE || this == SOCKET_READ || this == SOCKET_WRITE; }

        /** The name on the agent's {@code W} lines and the child's witness lines: the event's without "jdk.". */
        public String wireName() {
            return event.substring(event.indexOf('.') + 1);
        }

        /** The kind a {@code W} line names, or null (a newer agent's). */
        public static Kind ofWire(String name) {
            for (Kind k : values()) {
                if (k.wireName().equals(name)) {
                    return k;
                }
            }
            return null;
        }

        public static Kind ofEvent(String event) {
            for (Kind k : values()) {
                if (k.event.equals(event)) {
                    return k;
                }
            }
            return null;
        }
    }

    public Witness {
        stack = List.copyOf(stack);
    }

    /**
     * A class name as Java writes it: JFR names a monitor's class as the JVM does, so an {@code int[]} is {@code [I} and
     * a {@code String[]} {@code [Ljava.lang.String;}. Any other text is returned as it is.
     */
    public static String javaClassName(String name) {
        if (name == null || !name.startsWith("[")) {
            return name;
        }
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        String element = name.substring(dims);
        String base = switch (element) {
            case "Z" -> "boolean";
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            default -> element.startsWith("L") && element.endsWith(";") ? element.substring(1, element.length() - 1) : null;
        };
        return base == null ? name : base + "[]".repeat(dims);
    }

    public long end() {
        return start + duration;
    }

    /**
     * A held stack's detail says the kernel confirmed its carrier blocked (not on a CPU, not waiting for one) with this
     * after its state: "RUNNABLE/blocked ForkJoinPool-1-worker-1". A detail without it (a sampler that could not ask the
     * kernel, or an older agent's or child's line) says nothing of that.
     */
    static final String KERNEL_BLOCKED = "/blocked";

    /**
     * A stack sampled at {@code at} while {@code carrier}'s mount was held, off its CPU since {@code from} at least (the
     * sampler's first look): it starts then and ends at the sample. Its detail is "STATE carrier-name" (a state has no
     * space; a carrier's name may), the state followed by {@link #KERNEL_BLOCKED} where the kernel confirmed the block.
     */
    public static Witness heldStack(long from, long at, String carrier, Thread.State state, boolean kernelBlocked,
                                    List<StackFrame> stack) {
        return new Witness(Kind.HELD_STACK, from, Math.max(0, at - from),
                state.name() + (kernelBlocked ? KERNEL_BLOCKED : "") + " " + carrier, stack);
    }

    /** A held stack's carrier name; null for any other witness or a malformed detail. */
    public String heldCarrier() {
        int space = kind == Kind.HELD_STACK && detail != null ? detail.indexOf(' ') : -1;
        return space < 0 ? null : detail.substring(space + 1);
    }

    /** A held stack's thread state; null for any other witness or a malformed detail. */
    public Thread.State heldState() {
        int space = kind == Kind.HELD_STACK && detail != null ? detail.indexOf(' ') : -1;
        if (space < 0) {
            return null;
        }
        String state = detail.substring(0, space);
        try {
            return Thread.State.valueOf(state.endsWith(KERNEL_BLOCKED)
                    ? state.substring(0, state.length() - KERNEL_BLOCKED.length()) : state);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * Whether a held stack's sampler had the kernel confirm that its carrier was blocked in the kernel when it was taken,
     * not on a CPU or waiting for one; false where the kernel did not say (no {@code /proc}, kernelCounts=off, an older
     * agent's or child's line) and for any other witness.
     */
    public boolean heldKernelBlocked() {
        int space = kind == Kind.HELD_STACK && detail != null ? detail.indexOf(' ') : -1;
        return space > 0 && detail.startsWith(KERNEL_BLOCKED, space - KERNEL_BLOCKED.length());
    }

    /** "file read /data/x.bin", "Object.wait on java.lang.Object", "safepoint". */
    public String describe() {
        if (kind == Kind.HELD_STACK) {
            return HeldStacks.reason(this);
        }
        return detail == null ? kind.words() : kind.words() + (kind.pins() ? " on " + javaClassName(detail) : " " + detail);
    }
}
