package loomscope.clock;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;

/**
 * What the kernel says of another thread, a carrier, read by the held-stack sampler on its own thread: the task's state
 * ({@code /proc/self/task/TID/stat}: {@code R} on a CPU or waiting for one, {@code S} or {@code D} blocked) and its
 * time on a CPU and in the run queue ({@code /proc/self/task/TID/schedstat}). The JVM's CPU clock cannot tell a carrier
 * that waited for a CPU from one that blocked; these can. Two files kept open per carrier, read with {@code seek} and
 * {@code read} into a reused buffer.
 */
final class CarrierSchedule implements HeldSampler.TaskView {
    /** "tid (comm) S ...": a comm is at most 15 bytes, so the state is well inside this. */
    private static final int STAT_BYTES = 64;
    private static final int SCHEDSTAT_BYTES = 96;

    private final RandomAccessFile stat;
    private final RandomAccessFile schedstat;
    private final byte[] text = new byte[SCHEDSTAT_BYTES];
    private char state;
    private long cpu = ProcFiles.UNKNOWN;
    private long queue = ProcFiles.UNKNOWN;

    private CarrierSchedule(RandomAccessFile stat, RandomAccessFile schedstat) {
        this.stat = stat;
        this.schedstat = schedstat;
    }

    /**
     * The kernel's view of {@code carrier}, or null where it has none to give: the carrier never told its task id
     * ({@link KernelTasks}), {@link ProcFiles#SWITCH} is off, or the files cannot be read.
     */
    static CarrierSchedule of(Thread carrier) {
        if ("off".equals(System.getProperty(ProcFiles.SWITCH))) {
            return null;
        }
        int task = KernelTasks.taskOf(carrier);
        if (task < 0) {
            return null;
        }
        RandomAccessFile stat = null;
        try {
            stat = new RandomAccessFile(new File("/proc/self/task/" + task + "/stat"), "r");
            RandomAccessFile schedstat = new RandomAccessFile(new File("/proc/self/task/" + task + "/schedstat"), "r");
            return new CarrierSchedule(stat, schedstat);
        } catch (IOException | SecurityException e) {
            closeQuietly(stat);
            return null;
        }
    }

    @Override
    public boolean read() {
        state = 0;
        cpu = ProcFiles.UNKNOWN;
        queue = ProcFiles.UNKNOWN;
        try {
            stat.seek(0);
            int n = stat.read(text, 0, STAT_BYTES);
            state = stateOf(text, n);
            schedstat.seek(0);
            n = schedstat.read(text, 0, SCHEDSTAT_BYTES);
            if (n > 0) {
                cpu = ProcFiles.field(text, n, 0);
                queue = ProcFiles.field(text, n, 1);
            }
        } catch (IOException e) {
            return false;   // the task ended: the kernel says nothing more of it
        }
        return state != 0 && cpu >= 0 && queue >= 0;
    }

    /** The state letter after the command's closing parenthesis (a command may hold parentheses itself), or 0. */
    static char stateOf(byte[] text, int length) {
        for (int i = length - 1; i > 0; i--) {
            if (text[i] == ')') {
                return i + 2 < length && text[i + 1] == ' ' ? (char) text[i + 2] : 0;
            }
        }
        return 0;
    }

    @Override public char state() { return state; }

    @Override public long cpuNanos() { return cpu; }

    @Override public long queueNanos() { return queue; }

    @Override
    public void close() {
        closeQuietly(stat);
        closeQuietly(schedstat);
    }

    private static void closeQuietly(RandomAccessFile file) {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // a /proc file: nothing was written
            }
        }
    }
}
