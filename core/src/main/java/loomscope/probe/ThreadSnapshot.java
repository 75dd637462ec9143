package loomscope.probe;

import java.util.Arrays;
import java.util.List;

/**
 * Every workload thread's state, carrier and stack as the JDK reported them at one moment of a run.
 *
 * @param takenAt    recording-clock nanos when the snapshot began (-1 if it cannot be placed on that clock)
 * @param tookNanos  how long taking it lasted: samples are spread over [takenAt, takenAt + tookNanos]
 * @param source     who took it
 * @param jdkVersion the runtime whose threads these are
 * @param samples    one per thread seen; workload threads have a task index, others (carriers) -1
 */
public record ThreadSnapshot(long takenAt, long tookNanos, SnapshotSource source, String jdkVersion,
                             List<ThreadSample> samples) {

    public ThreadSnapshot {
        // Packed samples are already immutable; copying them would unpack 5,000 records per snapshot.
        samples = samples instanceof PackedSamples ? samples : List.copyOf(samples);
    }

    /** The sample of workload task {@code taskIndex}, or null if this snapshot did not see it. */
    public ThreadSample sampleOfTask(int taskIndex) {
        // Snapshots list tasks in index order (in-process) or nearly (dumps): try the direct slot first.
        if (taskIndex >= 0 && taskIndex < samples.size() && samples.get(taskIndex).taskIndex() == taskIndex) {
            return samples.get(taskIndex);
        }
        for (ThreadSample s : samples) {
            if (s.taskIndex() == taskIndex && taskIndex >= 0) {
                return s;
            }
        }
        return null;
    }

    /** The virtual thread this snapshot saw on lane {@code carrierIndex}, or null (idle, or not seen). */
    public ThreadSample mountedOn(int carrierIndex) {
        for (ThreadSample s : samples) {
            if (s.virtual() && s.mounted() && s.carrierIndex() == carrierIndex) {
                return s;
            }
        }
        return null;
    }

    /** Workload tasks the snapshot saw on a carrier. */
    public int mountedTasks() {
        int n = 0;
        for (ThreadSample s : samples) {
            n += s.taskIndex() >= 0 && s.mounted() ? 1 : 0;
        }
        return n;
    }

    /** Workload tasks per {@link Thread.State} ordinal, plus a last slot for "not reported". */
    public int[] stateCounts() {
        int[] counts = new int[Thread.State.values().length + 1];
        for (ThreadSample s : samples) {
            if (s.taskIndex() >= 0) {
                counts[s.state() == null ? counts.length - 1 : s.state().ordinal()]++;
            }
        }
        return counts;
    }

    /** Whether the source reported carriers at all, so that agreement can be computed. */
    public boolean reportsCarriers() {
        return samples.stream().anyMatch(s -> s.virtual() && s.carrierReported());
    }

    @Override
    public String toString() {
        return "ThreadSnapshot[" + source.label() + " at " + takenAt + " ns, took " + tookNanos + " ns, "
                + samples.size() + " threads, mounted " + mountedTasks() + ", states "
                + Arrays.toString(stateCounts()) + "]";
    }
}
