package loomscope.recording;

import java.util.Locale;

/**
 * The generic "blocked while mounted" verdict of every mount ({@link PinnedRule}, from the carriers' clocks) checked
 * against the seed workload's phase rule ({@link RunRecording#phasesSayBlocked}), which knows only the seed's own
 * phases. Two kinds of difference:
 * <ul>
 *   <li>a <em>stall</em>: the carriers' clocks saw the carrier blocked in a mount where the task did not sleep or
 *   wait for its lock (its code there is arithmetic): the JVM or the OS held the thread off its CPU (measured
 *   here: 0-3 of 2,000 mounts a run, 1-7 ms each, no safepoint or collection at the time, mostly while the JIT
 *   is still compiling); the phase rule cannot see those, so they are counted, not called disagreements;</li>
 *   <li>an <em>unsure</em> mount: the clocks could not tell whether it blocked (it was also preempted, or a collection
 *   stopped it; see {@link loomscope.clock.BlockedTime#judge}): counted, shown as unsure, never as not pinned;</li>
 *   <li>a <em>disagreement</em>: a sleep or lock wait inside a mount that the clocks judged not blocked: the generic
 *   rule hid a block. The acceptance test asserts none in a run that was not stopped (Stop sends every
 *   waiting thread at the lock at once: the phase rule calls that wait a block, the clocks show it spinning).</li>
 * </ul>
 *
 * @param mounts       completed mounts
 * @param measured     mounts whose blocked time the carriers' clocks measured
 * @param stalls       measured mounts the clocks saw blocked where the seed's phases say it did not block
 * @param disagreeing  measured mounts where the seed blocked and the clocks did not see it
 * @param first        the first disagreeing mount, described, or "" if none
 * @param unsure      measured mounts the clocks could not judge
 */
public record RuleCrossCheck(long mounts, long measured, long stalls, long disagreeing, String first, long unsure) {

    public static RuleCrossCheck of(RunRecording recording) {
        long mounts = 0;
        long measured = 0;
        long stalls = 0;
        long disagreeing = 0;
        long unsure = 0;
        String first = "";
        for (CarrierLog log : recording.carriers()) {
            int size = log.size();
            for (int i = 0; i < size; i++) {
                mounts++;
                if (!log.clocksMeasured(i)) {
                    continue;
                }
                MountClass clocksSay = log.clocksSay(i);
                measured++;
                if (clocksSay == MountClass.UNSURE) {
                    unsure++;
                    continue;
                }
                boolean phases = recording.phasesSayBlocked(log.vt(i), log.start(i), log.end(i));
                boolean clocks = clocksSay == MountClass.HELD;
                if (phases == clocks) {
                    continue;
                }
                if (clocks) {
                    stalls++;
                } else {
                    disagreeing++;
                    if (first.isEmpty()) {
                        first = describe(log, i, clocks, phases);
                    }
                }
            }
        }
        return new RuleCrossCheck(mounts, measured, stalls, disagreeing, first, unsure);
    }

    private static String describe(CarrierLog log, int i, boolean clocks, boolean phases) {
        return String.format(Locale.ROOT, "%s mount %d of thread %d: %.3f ms long, %.3f ms blocked; clocks %s, phases %s",
                log.name(), i, log.vt(i), (log.end(i) - log.start(i)) / 1e6, log.blockedMicros(i) / 1e3,
                clocks ? "pinned" : "not pinned", phases ? "pinned" : "not pinned");
    }

    public boolean agree() {
        return disagreeing == 0;
    }

    /** One line for the CLI. */
    public String describe() {
        if (measured == 0) {
            return "This JVM cannot measure a carrier's CPU time: pinned by the seed's phases alone.";
        }
        String line = String.format(Locale.ROOT,
                "Carriers' clocks and the seed's phases agree on %,d of %,d mounts", measured - disagreeing - stalls - unsure, measured);
        if (unsure > 0) {
            line += String.format(Locale.ROOT, "; the clocks could not tell %,d (unsure, shown as such)", unsure);
        }
        if (stalls > 0) {
            line += String.format(Locale.ROOT, "; the clocks also saw %,d JVM or OS stall%s", stalls, stalls == 1 ? "" : "s");
        }
        return disagreeing == 0 ? line + "." : line + "; first other: " + first + ".";
    }
}
