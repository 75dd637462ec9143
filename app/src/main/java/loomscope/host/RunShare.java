package loomscope.host;

/**
 * How the window shares the CPU with one run, and that in words (the F12 overlay, the run's log line). Decided
 * once per run: availableProcessors can read cgroup files, so not once per pulse.
 *
 * @param share the rule for this run
 * @param note  the rule in words; empty when the window draws every pulse
 */
public record RunShare(CpuShare share, String note) {
    public static final RunShare NONE = new RunShare(CpuShare.FULL, "");

    /** The run's carriers ran at the lowest priority so that the window could draw: its time is not the CLI's. */
    public boolean lowersCarriers() {
        return share == CpuShare.YIELDING_CARRIERS;
    }

    /**
     * For a run at {@code parallelism} on {@code cores}, in this JVM or in a child JVM: a child's carriers are
     * another process and keep their priority, but the window's frame rate follows the same rule. Carriers that
     * cannot be lowered here run as in a child: the run is not marked. {@code canLower}: the carriers run in this
     * JVM and lowering them takes effect on this OS.
     */
    public static RunShare decide(int parallelism, int cores, boolean canLower) {
        CpuShare share = CpuShare.forRun(parallelism, cores);
        CpuShare applied = share == CpuShare.YIELDING_CARRIERS && !canLower ? CpuShare.FULL : share;
        return new RunShare(applied, applied.describe(parallelism, cores));
    }
}
