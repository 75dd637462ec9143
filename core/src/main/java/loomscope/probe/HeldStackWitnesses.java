package loomscope.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import loomscope.clock.HeldSampler;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.workload.WorkloadRun;

/**
 * A run's {@link HeldSampler} on a thread of its own, its stacks kept as {@link Witness.Kind#HELD_STACK} witnesses for
 * {@link CauseClassifier} (at most {@link #MAX_STACKS}, whatever the run: about a kilobyte each).
 */
public final class HeldStackWitnesses implements AutoCloseable {
    /** A bound on the memory kept: past it a held mount's stack is not kept. */
    public static final int MAX_STACKS = 100_000;

    private final HeldSampler sampler;
    private final Thread thread;
    private final List<Witness> taken = new ArrayList<>();
    private volatile long notKept;

    private HeldStackWitnesses(HeldSampler.Mounts mounts, IntFunction<String> carrierName, String threadName) {
        HeldSampler s = HeldSampler.of(mounts, (c, from, at, state, kernelBlocked, trace) -> keep(Witness.heldStack(from,
                at, carrierName.apply(c), state, kernelBlocked, frames(trace))));
        this.sampler = s;
        this.thread = s == null ? null : new Thread(s, threadName);
        if (thread != null) {
            thread.setDaemon(true);
            thread.start();
        }
    }

    /**
     * Starts sampling {@code mounts} (carriers named by {@code carrierName} as the recording names them) on a thread named
     * {@code threadName}; where this JVM cannot measure another thread's CPU time nothing is sampled.
     */
    public static HeldStackWitnesses start(HeldSampler.Mounts mounts, IntFunction<String> carrierName, String threadName) {
        return new HeldStackWitnesses(mounts, carrierName, threadName);
    }

    /** Starts sampling a run of this JVM: its recording's open mounts and the run's threads. */
    public static HeldStackWitnesses start(RunRecording recording, WorkloadRun run, String threadName) {
        CarrierLog[][] logs = {recording.carriersByIndex()};
        HeldSampler.Mounts mounts = new RunMounts() {
            @Override
            public int carriers() {
                CarrierLog[] known = logs[0];
                if (known.length == 0 || known[known.length - 1] == null) {
                    logs[0] = recording.carriersByIndex();   // carriers still starting: looked up again until all are there
                }
                return logs[0].length;
            }

            @Override
            protected WorkloadRun run() {
                return run;
            }

            @Override
            protected int openVt(int c) {
                CarrierLog log = logs[0][c];
                return log == null ? -1 : log.openVt();
            }

            @Override
            public long mountedSince(int c) {
                return logs[0][c].openStart();
            }

            @Override
            public long now() {
                return recording.now();
            }
        };
        return start(mounts, c -> logs[0][c].name(), threadName);
    }

    private void keep(Witness w) {
        synchronized (taken) {
            if (taken.size() < MAX_STACKS) {
                taken.add(w);
                return;
            }
        }
        notKept++;
    }

    static List<StackFrame> frames(StackTraceElement[] trace) {
        int n = Math.min(trace.length, WitnessEvents.FRAMES);
        List<StackFrame> frames = new ArrayList<>(n);
        for (int f = 0; f < n; f++) {
            frames.add(StackFrame.of(trace[f]));
        }
        return frames;
    }

    /** Stops sampling (waits up to a second) and returns the stacks kept, in the order taken. */
    public List<Witness> stop() {
        if (sampler != null) {
            sampler.stop();
            try {
                thread.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (taken) {
            return List.copyOf(taken);
        }
    }

    /** The stacks kept so far from index {@code from} on, in the order taken: for the classing while the run goes. */
    public List<Witness> takenSince(int from) {
        synchronized (taken) {
            return List.copyOf(taken.subList(Math.min(from, taken.size()), taken.size()));
        }
    }

    /** Whether stacks are sampled at all (this JVM measures other threads' CPU time). */
    public boolean sampling() { return sampler != null; }

    /** Held mounts whose stack was not taken or not kept (the sampler's per-second bound, {@link #MAX_STACKS}). */
    public long notKept() {
        return notKept + (sampler == null ? 0 : sampler.notTaken());
    }

    @Override
    public void close() {
        stop();
    }
}
