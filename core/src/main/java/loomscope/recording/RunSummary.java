package loomscope.recording;

import java.util.Arrays;

import loomscope.workload.Phase;
import loomscope.workload.TaskShape;
import loomscope.workload.WorkloadConfig;

/**
 * The numbers of one run, all computed from its recording. Bounds: a pinned run cannot beat
 * N*(sleep+cpu)/P (every sleep holds a carrier), an unpinned one N*cpu/P + sleep (only CPU needs carriers).
 *
 * @param cpuMillisPerTask mean measured CPU phase (STARTED to CPU_DONE)
 * @param sleepMillisMeasured median measured sleep (SLEEP_START to SLEEP_END, includes re-mount wait)
 * @param pinnedMounts mounts during which the thread slept or waited for its lock without unmounting;
 *                     -1 when mounts are not recorded (default scheduler, platform threads)
 * @param maxLockHolders the most tasks ever inside the lock section at one instant
 */
public record RunSummary(
        String jdkVersion,
        String lock,
        int parallelism,
        int threads,
        String scheduler,
        String threadKind,
        int cpuIterations,
        int sleepMillis,
        int completed,
        boolean cancelled,
        double wallMillis,
        double cpuMillisPerTask,
        double sleepMillisMeasured,
        double boundPinnedMillis,
        double boundUnpinnedMillis,
        long mounts,
        long pinnedMounts,
        int pinnedThreads,
        int carriersUsed,
        int carriersAddedByPool,
        int maxLockHolders) {

    public static RunSummary of(RunRecording recording) {
        WorkloadConfig config = recording.config();
        int n = recording.threads();
        double cpuMillis = cpuMillisPerTask(recording);
        double sleepMillis = medianMillis(recording, Phase.SLEEP_START, Phase.SLEEP_END);
        double p = config.parallelism();
        TaskShape shape = config.shape();
        double boundPinned = boundPinnedMillis(n, cpuMillis, shape.sleepMillis(), config.parallelism());
        double boundUnpinned = boundUnpinnedMillis(n, cpuMillis, shape.sleepMillis(), config.parallelism());

        long mounts = 0;
        long pinned = 0;
        int used = 0;
        int added = 0;
        boolean[] pinnedThread = new boolean[n];
        for (CarrierLog log : recording.carriers()) {
            int size = log.size();
            mounts += size;
            if (size > 0) {
                used++;
            }
            if (log.addedByPool()) {
                added++;
            }
            for (int i = 0; i < size; i++) {
                if (log.pinned(i)) {
                    pinned++;
                    pinnedThread[log.vt(i)] = true;
                }
            }
        }
        int pinnedThreads = 0;
        for (boolean b : pinnedThread) {
            pinnedThreads += b ? 1 : 0;
        }
        boolean mountsKnown = recording.recordsMounts();
        long wallNanos = recording.isFinished() ? recording.runEnd() - recording.runStart() : recording.now() - recording.runStart();
        return new RunSummary(recording.jdkVersion(), config.workloadName(), config.parallelism(), n,
                config.scheduler().cliName(), config.threadKind().cliName(), shape.cpuIterations(),
                shape.sleepMillis(), completed(recording),
                recording.wasCancelled(), wallNanos / 1e6, cpuMillis, sleepMillis, boundPinned, boundUnpinned,
                mountsKnown ? mounts : -1, mountsKnown ? pinned : -1, mountsKnown ? pinnedThreads : -1,
                mountsKnown ? used : -1, mountsKnown ? added : -1, maxConcurrentHolders(recording));
    }

    /**
     * Mounts drawn as unsure: the carriers' clocks could not tell whether they blocked for the floor (never for the
     * seed, whose phases decide what is drawn).
     */
    public static long unsureMounts(RunRecording recording) {
        long unsure = 0;
        for (CarrierLog log : recording.carriers()) {
            int size = log.size();
            for (int i = 0; i < size; i++) {
                unsure += log.unsure(i) ? 1 : 0;
            }
        }
        return unsure;
    }

    /** Mounts of class {@code mountClass} ({@link CarrierLog#mountClass}): the JDK's witnesses' causes, say. */
    public static long mountsOf(RunRecording recording, MountClass mountClass) {
        if (mountClass == MountClass.CAPTURED || mountClass == MountClass.STALLED) {
            // from the carriers' counts: no walk over a million mounts (the window asks on its FX thread, each pulse)
            long n = 0;
            for (CarrierLog log : recording.carriers()) {
                n += mountClass == MountClass.CAPTURED ? log.capturedCount() : log.stalledCount();
            }
            return n;
        }
        long n = 0;
        for (CarrierLog log : recording.carriers()) {
            int size = log.size();
            for (int i = 0; i < size; i++) {
                n += log.mountClass(i) == mountClass ? 1 : 0;
            }
        }
        return n;
    }

    /** Held mounts no witness has classed yet (only while a run's witnesses class it as it goes); no walk. */
    public static long heldNotYetClassed(RunRecording recording) {
        long n = 0;
        for (CarrierLog log : recording.carriers()) {
            n += log.heldCount();
        }
        return n;
    }

    /** Captured and stalled mounts together, from the carriers' counts: no walk over the mounts. */
    public static long capturedOrStalled(RunRecording recording) {
        long n = 0;
        for (CarrierLog log : recording.carriers()) {
            n += log.capturedOrStalledCount();
        }
        return n;
    }

    /** Wall time over the bound that applies: how close the run came to the best it could do. */
    public double ratioTo(double boundMillis) {
        return boundMillis > 0 ? wallMillis / boundMillis : Double.NaN;
    }

    /** Mean measured CPU phase (STARTED to CPU_DONE) of the tasks that finished it so far; 0 if none has. */
    public static double cpuMillisPerTask(RunRecording r) {
        return meanMillis(r, Phase.STARTED, Phase.CPU_DONE);
    }

    /** A pinned run cannot beat this: every sleep holds one of the P carriers. */
    public static double boundPinnedMillis(int n, double cpuMillis, int sleepMillis, int parallelism) {
        return n * (sleepMillis + cpuMillis) / parallelism;
    }

    /** An unpinned run cannot beat this: only CPU work needs carriers, plus one last sleep. */
    public static double boundUnpinnedMillis(int n, double cpuMillis, int sleepMillis, int parallelism) {
        return n * cpuMillis / parallelism + sleepMillis;
    }

    static double meanMillis(RunRecording r, Phase from, Phase to) {
        double sum = 0;
        int count = 0;
        for (int vt = 0; vt < r.threads(); vt++) {
            long a = r.phase(vt, from);
            long b = r.phase(vt, to);
            if (a >= 0 && b >= a) {
                sum += b - a;
                count++;
            }
        }
        return count == 0 ? 0 : sum / count / 1e6;
    }

    static double medianMillis(RunRecording r, Phase from, Phase to) {
        long[] d = new long[r.threads()];
        int count = 0;
        for (int vt = 0; vt < r.threads(); vt++) {
            long a = r.phase(vt, from);
            long b = r.phase(vt, to);
            if (a >= 0 && b >= a) {
                d[count++] = b - a;
            }
        }
        if (count == 0) {
            return 0;
        }
        Arrays.sort(d, 0, count);
        return d[count / 2] / 1e6;
    }

    /** Sweep over [LOCK_ACQUIRED, LOCK_RELEASED]: both are recorded inside the section, so overlap is real. */
    static int maxConcurrentHolders(RunRecording r) {
        int n = r.threads();
        long[] events = new long[2 * n];
        int count = 0;
        for (int vt = 0; vt < n; vt++) {
            long in = r.phase(vt, Phase.LOCK_ACQUIRED);
            long out = r.phase(vt, Phase.LOCK_RELEASED);
            if (in >= 0 && out >= in) {
                // encode enter/leave in the low bit so that at equal times a leave sorts first
                events[count++] = in << 1 | 1;
                events[count++] = out << 1;
            }
        }
        Arrays.sort(events, 0, count);
        int holders = 0;
        int max = 0;
        for (int i = 0; i < count; i++) {
            holders += (events[i] & 1) == 1 ? 1 : -1;
            max = Math.max(max, holders);
        }
        return max;
    }

    /**
     * A stopped run counts the tasks its recording shows done, thread by thread (the thread field's "done"), not
     * the workload's own count: the two differ when Stop's interrupt lands in the instant between a sleep's
     * deadline and its wake-up, and a stopped run must not show one count in the field and another beside it.
     */
    private static int completed(RunRecording recording) {
        if (!recording.isFinished()) {
            return recording.doneCount();
        }
        return recording.wasCancelled() ? recording.doneAfterFullSleepCount() : recording.completedAtEnd();
    }
}
