package loomscope.ui.badfixture;

import java.util.concurrent.Executor;

import loomscope.ui.job.JobThreads;

/** Bad on purpose: a feature that reaches for the window's threads itself instead of being handed an executor. */
public final class ReachesForJobThreads {
    private ReachesForJobThreads() { }

    public static Executor starters() { return JobThreads.runStarters(); }
}
