package loomscope.ui.run;

import java.util.concurrent.Executor;

import loomscope.host.StandingThreads;

/**
 * The threads that start runs for every window (main, its warm-up copy, both compare sides). They start with
 * the first model, before any run, so that no run start creates a thread on the FX thread (see
 * {@link StandingThreads} for what that cost). Two, so that a start waiting at a start gate does not hold up
 * a compare side.
 */
public final class RunStarters {
    private RunStarters() { }

    private static final class Holder {
        static final Executor SHARED = StandingThreads.start("loomscope-run-starter", 2);
    }

    public static Executor shared() {
        return Holder.SHARED;
    }
}
