package loomscope.childjvm;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import loomscope.probe.PinnedEvent;
import loomscope.probe.ThreadSnapshot;
import loomscope.probe.Witness;

/**
 * The child's {@code X} lines, decoded as they arrive: HotSpot thread dumps, JFR pinned events, the child's word on a
 * run that makes no progress ({@link ProgressWatch}), and notes (a dump that failed). A line we cannot read costs
 * that datum, not the run.
 */
final class ChildProbeLines {
    /** A no-progress line names threads and frames the task chose: bounded, controls shown. */
    private static final int MAX_PROGRESS_CHARS = 1_000;

    private final List<ThreadSnapshot> snapshots = new CopyOnWriteArrayList<>();
    private final List<PinnedEvent> pinned = new CopyOnWriteArrayList<>();
    private final List<Witness> witnesses = new CopyOnWriteArrayList<>();
    private final List<String> notes = new CopyOnWriteArrayList<>();
    private volatile String noProgress;
    private volatile boolean preparing;

    void accept(String payload) {
        try {
            if (payload.startsWith(SnapshotCodec.KIND + " ")) {
                snapshots.add(SnapshotCodec.decode(payload));
            } else if (payload.startsWith(PinnedEvents.KIND + " ")) {
                pinned.add(PinnedEvents.decode(payload));
            } else if (payload.startsWith(PinnedEvents.WITNESS + " ")) {
                witnesses.add(PinnedEvents.decodeWitness(payload));
            } else if (payload.equals(ProgressWatch.PREPARING)) {
                preparing = true;
            } else if (payload.equals(ProgressWatch.KIND) || payload.startsWith(ProgressWatch.KIND + " ")) {
                String text = payload.substring(ProgressWatch.KIND.length()).strip();
                noProgress = text.isEmpty() ? null : ShownText.of(text, MAX_PROGRESS_CHARS);
            } else {
                notes.add(ShownText.of(payload, MAX_PROGRESS_CHARS));
            }
        } catch (RuntimeException e) {
            notes.add("unreadable probe data (" + e.getMessage() + ")");
        }
    }

    List<ThreadSnapshot> snapshots() { return List.copyOf(snapshots); }

    List<PinnedEvent> pinnedEvents() { return List.copyOf(pinned); }

    List<Witness> witnesses() { return List.copyOf(witnesses); }

    List<String> notes() { return List.copyOf(notes); }

    /** Whether the child has begun to prepare the run (to load a task file's class and run its initialisers). */
    boolean preparing() { return preparing; }

    /** "no progress for 5 s: …" while the child says its run makes none, else null. */
    String noProgress() { return noProgress; }
}
