package loomscope.ui.mainwindow;

import loomscope.host.CpuShare;
import loomscope.host.HostPolicy;
import loomscope.host.RunShare;
import loomscope.runs.RunTarget;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;

/**
 * Where a run meets the host policy (loomscope.host): how the window shares the CPU with each run, decided
 * on the FX thread before the run starts, and prepared on the starter thread. The decisions are injected.
 */
public final class HostHooks {

    /** Decides how the window shares the CPU with a run of {@code parallelism} carriers (see RunShare.decide). */
    @FunctionalInterface
    public interface ShareRule {
        RunShare decide(int parallelism, boolean inThisJvm);
    }

    private final ShareRule rule;
    private final Runnable prepare;
    /** Decided on the FX thread before the starter thread begins; read there, and by the pulse. */
    private volatile RunShare runningShare = RunShare.NONE;

    /** The policy this machine gets by default ({@code --host=auto}). */
    public HostHooks() {
        this(HostPolicy.forThisMachine(HostPolicy.Mode.AUTO));
    }

    /** The host policy decided at launch: its share rule, and its preparation before each run in this JVM. */
    public HostHooks(HostPolicy policy) {
        this(policy::shareFor, policy::prepareRun);
    }

    public HostHooks(ShareRule rule, Runnable prepare) {
        this.rule = rule;
        this.prepare = prepare;
    }

    /** Decides the share for the run about to start; a child JVM's carriers are not this JVM's to lower. */
    void decide(WorkloadConfig config, RunTarget where) {
        runningShare = rule.decide(config.parallelism(), !where.startsAJvm());
    }

    /** On the starter thread, before a run of this JVM starts. */
    void prepare() {
        prepare.run();
    }

    /** What lowers (or leaves) the carriers' priority as they start. */
    RunObserver carrierPriority() {
        return runningShare.share().carrierPriority();
    }

    /** How the window shares the CPU now: the run's share while it runs, {@link CpuShare#FULL} otherwise. */
    CpuShare cpuShare(boolean running) {
        return running ? runningShare.share() : CpuShare.FULL;
    }

    /** How the window shared the CPU with the run going now or last started. */
    RunShare runShare() {
        return runningShare;
    }
}
