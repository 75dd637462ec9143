package loomscope.probe;

import loomscope.clock.HeldSampler;
import loomscope.workload.VirtualThreads;
import loomscope.workload.WorkloadRun;

/**
 * A run of ours as the held-stack sampler sees it: each carrier's open mount is one of the run's virtual threads, by
 * its index, and the carrier is the one that thread is mounted on. Where the open mounts are read from (the
 * recording's logs in this JVM, the streamed events in a child) is each one's own.
 */
public abstract class RunMounts implements HeldSampler.Mounts {

    /** The run whose threads the mounts index; null before it started. */
    protected abstract WorkloadRun run();

    /** The index of the virtual thread open on carrier {@code c}, or -1 for none. */
    protected abstract int openVt(int c);

    @Override
    public final Thread mounted(int c) {
        WorkloadRun started = run();
        int vt = openVt(c);
        return started == null || vt < 0 || vt >= started.created() ? null : started.thread(vt);
    }

    @Override
    public final Thread carrier(int c) {
        Thread vt = mounted(c);
        return vt == null ? null : VirtualThreads.carrierOf(vt);
    }
}
