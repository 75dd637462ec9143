package loomscope.runs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import loomscope.io.ForeignText;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.probe.ThreadSnapshot;
import loomscope.probe.Witness;

/**
 * The child's {@code X} lines, decoded as they arrive: HotSpot thread dumps, JFR pinned events, the child's word on a
 * run that makes no progress ({@link ProgressWatch}), and notes (a dump that failed). A line we cannot read costs
 * that datum, not the run.
 */
final class ChildProbeLines {
    /** A no-progress line names threads and frames the task chose: bounded, controls replaced. */
    private static final int MAX_PROGRESS_CHARS = 1_000;

    private final List<ThreadSnapshot> snapshots = new CopyOnWriteArrayList<>();
    private final List<PinnedEvent> pinned = new CopyOnWriteArrayList<>();
    /** The child's witnesses, their stacks shared (a thousand reads share a handful of stacks); at most {@link #MAX_WITNESSES}. */
    private final List<Witness> witnesses = Collections.synchronizedList(new ArrayList<>());
    private final Map<List<StackFrame>, List<StackFrame>> stacks =
            new ConcurrentHashMap<>();
    private volatile long witnessesNotKept;
    /** A bound on the parent's memory whatever the child's code does (a witness with a shared stack is ~100 bytes). */
    static final int MAX_WITNESSES = 1_000_000;
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
                if (witnesses.size() >= MAX_WITNESSES) {
                    witnessesNotKept++;
                    return;
                }
                Witness w = PinnedEvents.decodeWitness(payload);
                witnesses.add(new Witness(w.kind(), w.start(), w.duration(), w.detail(),
                        stacks.computeIfAbsent(w.stack(), k -> k)));
            } else if (payload.equals(ProgressWatch.PREPARING)) {
                preparing = true;
            } else if (payload.equals(ProgressWatch.KIND) || payload.startsWith(ProgressWatch.KIND + " ")) {
                String text = payload.substring(ProgressWatch.KIND.length()).strip();
                noProgress = text.isEmpty() ? null : ForeignText.clean(text, MAX_PROGRESS_CHARS);
            } else {
                notes.add(ForeignText.clean(payload, MAX_PROGRESS_CHARS));
            }
        } catch (RuntimeException e) {
            notes.add("unreadable probe data (" + e.getMessage() + ")");
        }
    }

    List<ThreadSnapshot> snapshots() { return List.copyOf(snapshots); }

    List<PinnedEvent> pinnedEvents() { return List.copyOf(pinned); }

    List<Witness> witnesses() {
        synchronized (witnesses) {
            return List.copyOf(witnesses);
        }
    }

    List<PinnedEvent> pinnedEventsSince(int from) {
        return List.copyOf(pinned.subList(Math.min(from, pinned.size()), pinned.size()));
    }

    List<Witness> witnessesSince(int from) {
        synchronized (witnesses) {
            return List.copyOf(witnesses.subList(Math.min(from, witnesses.size()), witnesses.size()));
        }
    }

    /** Witnesses the child sent past {@link #MAX_WITNESSES}: not kept, so the mounts they would explain are unsure. */
    long witnessesNotKept() { return witnessesNotKept; }

    List<String> notes() { return List.copyOf(notes); }

    /** Whether the child has begun to prepare the run (to load a task file's class and run its initialisers). */
    boolean preparing() { return preparing; }

    /** "no progress for 5 s: …" while the child says its run makes none, else null. */
    String noProgress() { return noProgress; }
}
