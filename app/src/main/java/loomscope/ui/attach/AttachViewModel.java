package loomscope.ui.attach;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.attach.AgentJar;
import loomscope.attach.AgentStreamReader;
import loomscope.attach.AttachSession;
import loomscope.attach.AttachedEpisodes;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;
import loomscope.picture.StateTimeline;
import loomscope.recording.RunRecording;
import loomscope.savedrun.SavedRun;
import loomscope.ui.job.BackgroundJob;
import loomscope.workload.RunLimits;

/**
 * The attach window's model: this user's JVMs (as {@code attach --list} lists them), one attach at a time, its
 * newest episodes as a recording rebuilt on a job thread about ten times a second and taken up in the window's pulse,
 * and Stop, which detaches (the target runs on) and hands the whole session, as a finished recording, to whoever
 * shows runs ({@link #setOnDetached}). Every slow step (listing, attaching, each rebuild, detaching) is a
 * {@link BackgroundJob}; the FX side learns of them only in {@link #pulse(long)}. No toolkit call: plain JUnit runs it.
 */
public final class AttachViewModel {
    /** Where the attach stands. */
    public enum State { IDLE, ATTACHING, ATTACHED, DETACHING }

    /** Attaches to {@code pid}; on a job thread. */
    @FunctionalInterface
    public interface Attacher {
        AttachSession attach(long pid) throws Exception;
    }

    /** A session that ended: its whole recording, and a line for the window. */
    public record Detached(RunRecording recording, String summary, String fileName) { }

    /** How often the live lanes are rebuilt from the session (a rebuild still running delays the next). */
    static final long REBUILD_NANOS = 100_000_000L;
    /**
     * The live lanes show at most the newest this many episodes (a busy target ends millions a second), about as many
     * a lane as it has pixels at 64 lanes. A rebuild copies them and outlives the next young collection, which copies
     * and promotes it: this bounds the collector's work ten times a second as much as the rebuild's own (larger, the
     * window's pauses grew past 100 ms: docs/performance.md, "Attach at scale"). The session keeps more (its own cap).
     */
    static final int LIVE_EPISODES = 100_000;
    /** The thread field's cap: one cell per thread; the rest are counted. */
    static final int LIVE_THREADS = RunLimits.WINDOW_MAX_THREADS;

    private final Supplier<List<JvmEntry>> lister;
    private final Attacher attacher;
    private final ObservableList<JvmEntry> jvms = FXCollections.observableArrayList();
    private final ObjectProperty<JvmEntry> selected = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.IDLE);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper gaps = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<RunRecording> recording = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<StateTimeline> timeline = new ReadOnlyObjectWrapper<>();
    private final BackgroundJob<List<JvmEntry>> listing;
    private final BackgroundJob<Attached> attaching;
    private final BackgroundJob<Live> rebuilding;
    private final BackgroundJob<Ended> detaching;
    private Consumer<Detached> onDetached = d -> { };
    /** Awaited on the attach's job thread before the agent goes in (see setBeforeAttach). */
    private volatile Runnable beforeAttach = () -> { };
    private Attached attached;
    private long lastRebuild = Long.MIN_VALUE;
    private boolean stopAsked;

    /** A rebuild's recording and the line that counts the session at the same moment. */
    private record Live(StateTimeline timeline, String line, String gaps) { }

    /** A session that ended, with its timeline prepared for the lanes. */
    private record Ended(Detached detached, StateTimeline timeline, String gaps) { }

    /** A session with what the window needs to know of its target. */
    private record Attached(AttachSession session, JvmEntry target, int poolParallelism) { }

    /** The real one: {@link JvmList}, the agent jar beside the core's. */
    public AttachViewModel(Executor jobs) {
        this(jobs, JvmList::list, pid -> AttachSession.start(pid, AgentJar.locate()));
    }

    public AttachViewModel(Executor jobs, Supplier<List<JvmEntry>> lister, Attacher attacher) {
        this.lister = lister;
        this.attacher = attacher;
        listing = new BackgroundJob<>(jobs);
        attaching = new BackgroundJob<>(jobs);
        rebuilding = new BackgroundJob<>(jobs);
        detaching = new BackgroundJob<>(jobs);
    }

    /** Who shows the whole session once detached (the main window: save, replay, compare like any run). */
    public void setOnDetached(Consumer<Detached> onDetached) {
        this.onDetached = onDetached == null ? d -> { } : onDetached;
    }

    /**
     * Something each attach waits for on its job thread, before the agent goes in: the window's start-up warm-up,
     * whose run still winding down would take the target's CPU while the first episodes are timed (the window's
     * own runs wait at the same gate).
     */
    public void setBeforeAttach(Runnable gate) {
        this.beforeAttach = gate == null ? () -> { } : gate;
    }

    // ---- commands ----

    /** Lists this user's JVMs again (in the background). */
    public void refresh() {
        listing.start(progress -> lister.get());
    }

    /** Attaches to the selected JVM; a JVM that cannot be attached to only sets the error line. */
    public void attach() {
        JvmEntry target = selected.get();
        if (state.get() != State.IDLE || target == null) {
            return;
        }
        if (!target.attachable()) {
            error.set("pid " + target.pid() + ": " + target.refusal());
            return;
        }
        error.set("");
        status.set("Attaching to " + target.pid() + " (" + target.mainClass() + ")…");
        state.set(State.ATTACHING);
        stopAsked = false;
        attaching.start(progress -> {
            beforeAttach.run();
            AttachSession session = attacher.attach(target.pid());
            return new Attached(session, target, JvmList.poolParallelism(target.pid()));
        });
    }

    /** Attaches to {@code target} at once (the window's {@code --attach PID}, checked before the window opened). */
    public void attachTo(JvmEntry target) {
        selected.set(target);
        attach();
    }

    /** Detaches: the agent takes its hooks out and the target runs on; the session goes to {@link #setOnDetached}. */
    public void stop() {
        if (state.get() == State.ATTACHING) {
            stopAsked = true;   // detached as soon as the attach is through
        } else if (state.get() == State.ATTACHED) {
            detach();
        }
    }

    private void detach() {
        state.set(State.DETACHING);
        status.set("Detaching from " + attached.target().pid() + "…");
        Attached ending = attached;
        detaching.start(progress -> {
            try (AttachSession session = ending.session()) {
                session.stop();
                AttachedEpisodes episodes = session.episodes();
                // held mounts classed by the JDK's witnesses once everything arrived: red is a pin the JDK names
                AttachedEpisodes.Classified classified = episodes.classified(ending.target().mainClass(),
                        ending.poolParallelism(), session.ending() instanceof AgentStreamReader.Ending.Complete);
                RunRecording whole = classified.recording();
                long dropped = session.episodes().dropped();
                // the main window names the run by this: where episodes were dropped its gaps are not all idle
                String name = SavedRun.withDropped("attach-" + ending.target().pid(), dropped);
                return new Ended(new Detached(whole, endLine(session, whole) + " " + classified.causes().line(), name),
                        prepared(whole), gapsNote(session.episodes().dropped()));
            }
        });
    }

    private static String endLine(AttachSession session, RunRecording whole) {
        AttachedEpisodes e = session.episodes();
        String how = session.detached() ? "Detached: VirtualThread restored, the target runs on."
                : session.targetExited() ? "The target exited."
                : session.cutWhileTargetRuns() ? AttachSession.CUT_WHILE_RUNNING
                : session.ending() == null ? "The agent did not confirm the detach in time; what arrived is kept."
                : session.ending().sentence();
        return how + " " + counts(e, whole.carrierCount()) + (whole.carrierCount() == 0 ? " Nothing ran on a carrier while attached."
                : " The whole session is on show in the main window (save, replay, export).");
    }

    // ---- once per pulse ----

    /** Called once per frame on the FX thread: takes up what the jobs did; starts the next rebuild when due. */
    public void pulse(long nanos) {
        if (listing.pulse() instanceof BackgroundJob.Outcome.Done<List<JvmEntry>> listed) {
            JvmEntry was = selected.get();
            // the ones that can be attached to first (a machine runs many build tools' JVMs), each part by pid
            jvms.setAll(listed.value().stream().sorted(Comparator.comparing((JvmEntry j) -> !j.attachable())
                    .thenComparingLong(JvmEntry::pid)).toList());
            selected.set(was == null ? null : listed.value().stream().filter(j -> j.pid() == was.pid()).findFirst().orElse(null));
        }
        switch (attaching.pulse()) {
            case BackgroundJob.Outcome.Done<Attached> done -> {
                attached = done.value();
                status.set("Attached to " + attached.target().pid() + " (" + attached.target().mainClass() + "), Java "
                        + attached.target().javaVersion() + "…");
                state.set(State.ATTACHED);
                if (stopAsked) {
                    detach();
                }
            }
            case BackgroundJob.Outcome.Failed<Attached> failed -> {
                status.set("");
                error.set(oneLine(failed.error()));
                state.set(State.IDLE);
            }
            case null -> { }
        }
        if (rebuilding.pulse() instanceof BackgroundJob.Outcome.Done<Live> live && state.get() == State.ATTACHED) {
            timeline.set(live.value().timeline());
            gaps.set(live.value().gaps());
            recording.set(live.value().timeline().recording());
            status.set(live.value().line());
        }
        switch (detaching.pulse()) {
            case BackgroundJob.Outcome.Done<Ended> done -> {
                Detached d = done.value().detached();
                attached = null;
                timeline.set(done.value().timeline());
                gaps.set(done.value().gaps());
                recording.set(d.recording());
                status.set(d.summary());
                state.set(State.IDLE);   // last: who watches the state finds the summary in place
                if (d.recording().carrierCount() > 0) {
                    onDetached.accept(d);   // nothing ran: no empty run for the history
                }
            }
            case BackgroundJob.Outcome.Failed<Ended> failed -> {
                attached = null;
                error.set(oneLine(failed.error()));
                state.set(State.IDLE);
            }
            case null -> { }
        }
        if (state.get() == State.ATTACHED) {
            if (attached.session().ending() != null) {
                detach();   // the target exited (or the stream broke): what came is kept, as after a Stop
            } else if (!rebuilding.isRunning() && (lastRebuild == Long.MIN_VALUE || nanos - lastRebuild >= REBUILD_NANOS)) {
                lastRebuild = nanos;
                Attached a = attached;
                rebuilding.start(progress -> {
                    AttachedEpisodes.Newest newest = a.session().episodes().newest(a.target().mainClass(),
                            a.poolParallelism(), LIVE_EPISODES, LIVE_THREADS);
                    return new Live(prepared(newest.recording()), liveLine(a, newest), gapsNote(a.session().episodes().dropped()));
                });
            }
        }
    }

    /** On a job thread: the lanes' timeline of {@code r} with its mount index built, so the FX thread does not. */
    private static StateTimeline prepared(RunRecording r) {
        StateTimeline t = new StateTimeline(r);
        if (r.recordsMounts()) {
            t.index();
        }
        return t;
    }

    /** Said over the lanes while episodes were dropped: a gap then is not all idle carrier. */
    static String gapsNote(long dropped) {
        return dropped == 0 ? "" : String.format(Locale.ROOT, "Gaps in the lanes are not all idle: %,d "
                + "episodes were dropped in the target (a carrier's buffer was full) and are not drawn.", dropped);
    }

    private static String liveLine(Attached a, AttachedEpisodes.Newest newest) {
        AttachedEpisodes e = a.session().episodes();
        String shown = newest.episodesLeftOut() == 0 ? ""
                : String.format(" Lanes and field show the newest %,d episodes of %,d threads.", newest.episodesShown(),
                        newest.threadsShown());
        return "Attached to " + a.target().pid() + " (" + a.target().mainClass() + "), Java " + e.javaVersion() + ", pool of "
                + a.poolParallelism() + ": " + counts(e, newest.recording().carrierCount()) + shown;
    }

    /** @param carriers the carriers that ran a thread (the agent also names those of an earlier attach) */
    private static String counts(AttachedEpisodes e, int carriers) {
        String line = String.format("%,d mounts of %,d virtual threads on %,d carriers", e.episodeCount() + e.notKept(),
                e.virtualThreadCount(), carriers);
        if (e.dropped() > 0) {
            line += String.format("; %,d dropped (a carrier's buffer was full)", e.dropped());
        }
        if (e.notKept() > 0) {
            line += String.format("; %,d past the session's cap, counted, not kept", e.notKept());
        }
        return line + ".";
    }

    private static String oneLine(Throwable t) {
        String m = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage();
        return m.strip().lines().findFirst().orElse(m);
    }

    // ---- what the window binds to ----

    public ObservableList<JvmEntry> jvms() { return jvms; }

    public ObjectProperty<JvmEntry> selectedProperty() { return selected; }

    public ReadOnlyObjectProperty<State> stateProperty() { return state.getReadOnlyProperty(); }

    public State state() { return state.get(); }

    /** Why the last attach failed, in one line; empty otherwise. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** Why a gap in the lanes may not be an idle carrier (episodes dropped in the target); empty otherwise. */
    public ReadOnlyStringProperty gapsProperty() { return gaps.getReadOnlyProperty(); }

    /** What is attached and what came so far; after a detach, how it ended. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    /** What the lanes show: {@link #recordingProperty()}'s, its mount index built on a job thread; null before. */
    public ReadOnlyObjectProperty<StateTimeline> timelineProperty() { return timeline.getReadOnlyProperty(); }

    /** The newest episodes while attached, the whole session once detached; null before. */
    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return recording.getReadOnlyProperty(); }

    /** Whether a job is still busy (a test waits for this to be false). */
    boolean busy() {
        return listing.isRunning() || attaching.isRunning() || rebuilding.isRunning() || detaching.isRunning();
    }
}
