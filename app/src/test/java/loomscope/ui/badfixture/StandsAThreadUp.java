package loomscope.ui.badfixture;

import java.util.concurrent.Executor;

import loomscope.host.StandingThreads;

/** Bad on purpose: standing threads are started once, at launch, by ui.job.JobThreads alone. */
public final class StandsAThreadUp {
    private StandsAThreadUp() { }

    public static Executor mine() { return StandingThreads.start("mine", 1); }
}
