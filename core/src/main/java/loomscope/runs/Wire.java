package loomscope.runs;

/**
 * The child-to-parent stream, version 2, sent over its own loopback connection ({@link StreamChannel}) after
 * the connection's token line: UTF-8 text, one event per line, fields separated by one space. Text rather
 * than binary because a person can read a captured stream, and at ~25 bytes a line the seed run's ~100,000
 * events cost 2.5 MB. Times are nanoseconds since the child's origin (taken just before the hello line).
 * <pre>
 * LOOMSCOPE-STREAM 2 &lt;java version&gt;      hello: must come first (lines before it are the JVM's own output)
 * R t                                   run started
 * E t completed cancelled(0|1)          run ended
 * C carrier t name                      carrier added
 * Q vt t                                submitted
 * M carrier vt submittedT t             mount started
 * U carrier vt t blocked                mount ended; blocked: ns neither on nor waiting for a CPU, -1 unknown
 * P vt phaseOrdinal t                   phase reached
 * H t                                   heartbeat, at least every second: the child JVM still runs Java code
 * X kind payload                        probe data: snap, pinned, note, progress, preparing ({@link ChildProbeLines})
 * T vt stack                            task vt's own code threw; stack escaped ({@link #escape}), empty after the first
 * F message                             the run failed in the child (one line)
 * Z                                     end of stream: everything was sent
 * </pre>
 * Parent-to-child on the child's stdin: first the connection's token, then commands: {@code cancel}. End of
 * stdin means the parent is gone.
 */
final class Wire {
    static final String HELLO = "LOOMSCOPE-STREAM";
    static final int VERSION = 2;

    static final char RUN_STARTED = 'R';
    static final char RUN_ENDED = 'E';
    static final char CARRIER = 'C';
    static final char SUBMITTED = 'Q';
    static final char MOUNT = 'M';
    static final char UNMOUNT = 'U';
    static final char PHASE = 'P';
    static final char HEARTBEAT = 'H';
    static final char PROBE = 'X';
    static final char FAILED = 'F';
    static final char TASK_THREW = 'T';
    static final char END = 'Z';

    static final String CANCEL = "cancel";

    private Wire() { }

    static String hello(String javaVersion) {
        return HELLO + " " + VERSION + " " + javaVersion;
    }

    /** A multi-line text on one line: backslash and newline escaped, carriage returns dropped. */
    static String escape(String text) {
        return text == null ? "" : text.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n");
    }

    static String unescape(String text) {
        StringBuilder s = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                s.append(next == 'n' ? '\n' : next);
            } else {
                s.append(c);
            }
        }
        return s.toString();
    }

    /** Newlines would split a line in two: messages and names travel with them replaced. */
    static String oneLine(String text) {
        return text == null ? "" : text.replace('\r', ' ').replace('\n', ' ');
    }
}
