package loomscope.workload;

/** A run's stop flag, read by every task at its phase boundaries and inside the CPU loop. */
public final class CancelToken {
    private volatile boolean cancelled;

    public void cancel() { cancelled = true; }

    public boolean isCancelled() { return cancelled; }
}
