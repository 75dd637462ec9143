package loomscope.ui.job;

import java.util.concurrent.Executor;

import loomscope.host.StandingThreads;

/**
 * Every thread the window works on besides the FX thread and a run's own, standing from launch ({@link #startNow()},
 * called before the FX toolkit starts) so that the FX thread never starts one: {@code Thread.start} can stall it for
 * a run's carriers (see {@link StandingThreads}). Three groups, so that one kind of wait never holds up another.
 */
public final class JobThreads {
    private JobThreads() { }

    private static final class Holder {
        /** Files, discovery, exports, summaries: work that ends in a moment or a few seconds. */
        static final Executor JOBS = StandingThreads.start("loomscope-job", 2);
        /** Starting runs (a start may wait at a start gate) and the sweep, which waits for its runs; two, so that a
         * start waiting at a gate does not hold up a compare side. */
        static final Executor RUN_STARTERS = StandingThreads.start("loomscope-run-starter", 2);
        /** Attaching the probes, JFR's final flush (about a second), closing sessions, the JFR summaries (up to
         * ~20 ms each); three, so a slow close does not hold up the next run's attach or report. */
        static final Executor PROBES = StandingThreads.start("loomscope-probes", 3);
    }

    /** Starts every group now, on the calling thread (the launch's main thread). */
    public static void startNow() {
        jobs();
    }

    /** The job threads: a {@link BackgroundJob}'s default. */
    public static Executor jobs() {
        return Holder.JOBS;
    }

    /** Where runs are started and waited for. */
    public static Executor runStarters() {
        return Holder.RUN_STARTERS;
    }

    /** Where the probes attach, flush, close and summarise. */
    public static Executor probes() {
        return Holder.PROBES;
    }

    /** Runs {@code work} on a job thread: for work whose end the FX thread does not take up (a collection, say). */
    public static void execute(Runnable work) {
        Holder.JOBS.execute(work);
    }
}
