package loomscope.ui.job;

import java.util.concurrent.Executor;

import loomscope.host.StandingThreads;

/**
 * The window's job threads, standing from launch ({@link #startNow()}, called before the FX toolkit starts) so that
 * the FX thread never starts one: {@code Thread.start} can stall it for a run's carriers (see {@link StandingThreads}).
 */
public final class JobThreads {
    private JobThreads() { }

    private static final class Holder {
        static final Executor SHARED = StandingThreads.start("loomscope-job", 2);
    }

    /** Starts the threads now, on the calling thread (the launch's main thread). */
    public static void startNow() {
        shared();
    }

    static Executor shared() {
        return Holder.SHARED;
    }

    /** Runs {@code work} on a job thread: for work whose end the FX thread does not take up (a collection, say). */
    public static void execute(Runnable work) {
        Holder.SHARED.execute(work);
    }
}
