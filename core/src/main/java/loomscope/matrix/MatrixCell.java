package loomscope.matrix;

import java.util.List;

import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;

/** One cell of the pinning matrix: a scenario's real run on one JVM, or why there is no run. */
public sealed interface MatrixCell {

    String scenario();

    String jvm();

    /** What a cell that was never started says. */
    String STOPPED = "not run (stopped)";

    /**
     * A run that finished, with the JDK's own count beside ours from the same run.
     *
     * @param jvmFlags          the flags the child ran with (legacy locking), as a saved run or the history keeps them
     * @param pinnedMounts      mounts the recording calls pinned
     * @param jfrEvents         {@code jdk.VirtualThreadPinned} events JFR delivered for the run
     * @param topReason         the most common pinned reason (JDK 24+), the top application frame on JDK 21, or null
     * @param carriersAdded     carriers the pool started beyond its parallelism to make up for pinned ones
     * @param disagreement      null when every event matched a pinned mount and every pinned mount an event; else
     *                          what was left over, in a few words
     */
    record Measured(String scenario, String jvm, List<String> jvmFlags, long pinnedMounts, long mounts, int jfrEvents, String topReason,
                    double wallMillis, int carriersAdded, String disagreement, RunRecording recording,
                    List<PinnedEvent> pinnedEvents) implements MatrixCell {
        public Measured {
            jvmFlags = List.copyOf(jvmFlags);
            pinnedEvents = List.copyOf(pinnedEvents);
        }

        public boolean agreesWithJfr() {
            return disagreement == null;
        }
    }

    /** No numbers: the mode is not supported there, the child failed, or the matrix was stopped first. */
    record NotRun(String scenario, String jvm, String why) implements MatrixCell { }
}
