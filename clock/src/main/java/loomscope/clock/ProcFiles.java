package loomscope.clock;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;

/**
 * A carrier's kernel counters, from {@code /proc/thread-self}: {@code schedstat} (time on a CPU, run-queue wait, times
 * scheduled) and {@code status} (involuntary switches). Parsed in place from a reused buffer: they are read around
 * mounts on the carrier itself, and a String per read would be garbage per mount. Missing or unreadable: {@link #UNKNOWN}.
 */
public final class ProcFiles {
    /** A value that could not be read. */
    public static final long UNKNOWN = -1;
    /** The status line that counts the thread's preemptions. */
    public static final byte[] PREEMPTED_KEY = "nonvoluntary_ctxt_switches:".getBytes(StandardCharsets.US_ASCII);
    /** The status line that names the thread's own task id ("Pid:", after a newline: not "PPid:" or "TracerPid:"). */
    public static final byte[] TASK_ID_KEY = "\nPid:".getBytes(StandardCharsets.US_ASCII);

    private ProcFiles() { }

    /**
     * {@code -Dloomscope.clock.kernelCounts=off}: the clocks read no {@code /proc}, as on macOS or Windows where there is
     * none, so that what LoomScope tells without the kernel's counts can be seen and tested on Linux. Joined at run time,
     * not a constant: the agent's build relocates this package, and with it every constant string that begins with the
     * package's name, which made an attached target's switch {@code loomscope.agent.shaded.clock.kernelCounts}.
     */
    public static final String SWITCH = String.join(".", "loomscope", "clock", "kernelCounts");

    /**
     * The calling thread's {@code /proc/thread-self/<name>}, or null where there is none (not Linux), it is unreadable,
     * or {@link #SWITCH} is off.
     */
    public static RandomAccessFile openThreadSelf(String name) {
        if ("off".equals(System.getProperty(SWITCH))) {
            return null;
        }
        try {
            File file = new File("/proc/thread-self/" + name);
            return file.canRead() ? new RandomAccessFile(file, "r") : null;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /** "sum_exec_runtime run_delay timeslices": field {@code index} (from 0), parsed without allocating. */
    public static long field(byte[] text, int length, int index) {
        int i = 0;
        for (int skip = 0; skip < index; skip++) {
            while (i < length && text[i] != ' ') {
                i++;
            }
            i++;
        }
        return digits(text, i, length);
    }

    /** The decimal number after {@code key} (and any tabs or spaces) in {@code text}, or {@link #UNKNOWN}. */
    public static long valueAfter(byte[] text, int length, byte[] key) {
        outer:
        for (int i = 0; i + key.length <= length; i++) {
            for (int k = 0; k < key.length; k++) {
                if (text[i + k] != key[k]) {
                    continue outer;
                }
            }
            int j = i + key.length;
            while (j < length && (text[j] == '\t' || text[j] == ' ')) {
                j++;
            }
            return digits(text, j, length);
        }
        return UNKNOWN;
    }

    private static long digits(byte[] text, int from, int length) {
        long value = 0;
        boolean any = false;
        for (int i = from; i < length && text[i] >= '0' && text[i] <= '9'; i++) {
            value = value * 10 + (text[i] - '0');
            any = true;
        }
        return any ? value : UNKNOWN;
    }
}
