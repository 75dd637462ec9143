package loomscope.ui.attach;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import loomscope.attach.AgentJar;
import loomscope.attach.AgentStreamReader;
import loomscope.attach.AttachSession;
import loomscope.attach.HostPort;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;
import loomscope.attach.SideBySide;
import loomscope.ui.attach.SessionPictures.Ended;
import loomscope.ui.attach.SessionPictures.Live;
import loomscope.ui.attach.SideBySideSessions.Attached;
import loomscope.picture.StateTimeline;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.ui.job.BackgroundJob;
import loomscope.workload.RunLimits;

/**
 * The attach window's model: this user's JVMs ({@link ListedJvms}), the Connect… form ({@link ConnectForm}), one or
 * more sessions side by side ({@link SideBySideSessions}: Attach while attached adds the selected JVM, e.g. a client
 * beside its server, and {@link SideBySide} puts their carriers on one time axis), their newest episodes as a
 * recording rebuilt on a job thread about ten times a second and taken up in the window's pulse, and Stop, which
 * detaches them all (the targets run on) and hands the whole, as one finished recording, to whoever shows runs
 * ({@link #setOnDetached}). Every slow step (listing, attaching, each rebuild, detaching) is a {@link BackgroundJob};
 * the FX side learns of them only in {@link #pulse(long)}. No toolkit call: plain JUnit runs it.
 */
public final class AttachViewModel {
    /**
     * Where the attach stands: ATTACHING is the first attach, nothing attached yet; ATTACHED is one session or more
     * (another may be on its way: {@link #canAttachProperty()}).
     */
    public enum State { IDLE, ATTACHING, ATTACHED, DETACHING }

    /** Attaches to {@code pid}; on a job thread. */
    @FunctionalInterface
    public interface Attacher {
        AttachSession attach(long pid) throws Exception;
    }

    /** Connects to an agent listening on another host ({@code listen=}); on a job thread. */
    @FunctionalInterface
    public interface Connector {
        AttachSession connect(HostPort where, String token, String fingerprint) throws Exception;
    }

    /**
     * A session that ended: its whole recording, and a line for the window.
     *
     * @param events the JFR pinned events the agent's tap sent (on the recording's time axis): what the JDK's own view
     *               lists for an application; none for several JVMs merged on one axis (each JVM's are on its own)
     */
    public record Detached(RunRecording recording, String summary, String fileName, List<PinnedEvent> events) {
        public Detached {
            events = List.copyOf(events);
        }

        public Detached(RunRecording recording, String summary, String fileName) {
            this(recording, summary, fileName, List.of());
        }
    }

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
    /**
     * Sessions side by side at most: each gets an equal share of {@link #LIVE_EPISODES}, and eight JVMs of eight
     * carriers are 64 lanes, as many as the window keeps readable by scrolling.
     */
    public static final int MAX_SESSIONS = 8;

    private final Attacher attacher;
    private final Connector connector;
    private final ListedJvms listed;
    private final ConnectForm connectForm = new ConnectForm();
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.IDLE);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper gaps = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper canAttach = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper canConnect = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyObjectWrapper<Integer> sessions = new ReadOnlyObjectWrapper<>(0);
    private final ReadOnlyObjectWrapper<RunRecording> recording = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<StateTimeline> timeline = new ReadOnlyObjectWrapper<>();
    private final BackgroundJob<Attached> attaching;
    private final BackgroundJob<Live> rebuilding;
    private final BackgroundJob<Ended> detaching;
    private Consumer<Detached> onDetached = d -> { };
    /** Awaited on the attach's job thread before the agent goes in (see setBeforeAttach). */
    private volatile Runnable beforeAttach = () -> { };
    private final SideBySideSessions attached = new SideBySideSessions();
    /** JVMs still to attach, one after the other ({@link #attachAll}); the FX thread's. */
    private final Deque<JvmEntry> queued = new ArrayDeque<>();
    /** The JVM being attached beside those attached, or null. */
    private JvmEntry adding;
    private long lastRebuild = Long.MIN_VALUE;
    private boolean stopAsked;

    /** The real one: {@link JvmList}, the agent jar beside the core's, {@link AttachSession#connect}. */
    public AttachViewModel(Executor jobs) {
        this(jobs, JvmList::list, pid -> AttachSession.start(pid, AgentJar.locate()),
                (where, token, fingerprint) -> AttachSession.connect(where.host(), where.port(), token, fingerprint,
                        AttachSession.DEFAULT_DEADLINE));
    }

    public AttachViewModel(Executor jobs, Supplier<List<JvmEntry>> lister, Attacher attacher) {
        this(jobs, lister, attacher, (where, token, fingerprint) -> {
            throw new IllegalStateException("this window connects to nothing");
        });
    }

    public AttachViewModel(Executor jobs, Supplier<List<JvmEntry>> lister, Attacher attacher, Connector connector) {
        this.attacher = attacher;
        this.connector = connector;
        listed = new ListedJvms(jobs, lister);
        attaching = new BackgroundJob<>(jobs);
        rebuilding = new BackgroundJob<>(jobs);
        detaching = new BackgroundJob<>(jobs);
        listed.selectedProperty().addListener((o, was, now) -> updateCanAttach());
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
        listed.refresh();
    }

    /**
     * Attaches to the selected JVM; while attached, beside the sessions there (one time axis). A JVM that cannot be
     * attached to, one attached already, or one past {@link #MAX_SESSIONS} only sets the error line.
     */
    public void attach() {
        JvmEntry target = listed.selectedProperty().get();
        // adding: its outcome may wait for the next pulse after its job is through
        if (target == null || attaching.isRunning() || adding != null || state.get() == State.DETACHING
                || state.get() == State.ATTACHING) {
            return;
        }
        Optional<String> refusal = attached.refusalToAttach(target);
        if (refusal.isPresent()) {
            error.set(refusal.get());
            return;
        }
        error.set("");
        if (state.get() == State.IDLE) {
            status.set("Attaching to " + target.pid() + " (" + target.mainClass() + ")…");
            state.set(State.ATTACHING);
            stopAsked = false;
        } else {
            adding = target;
        }
        attaching.start(progress -> {
            beforeAttach.run();
            AttachSession session = attacher.attach(target.pid());
            return new Attached(session, target, JvmList.poolParallelism(target.pid()));
        });
        updateCanAttach();
    }

    /**
     * Connects to the agent the Connect… form names, listening on another host ({@code listen=HOST:PORT}, reached
     * through a tunnel whose near end is the form's address), as the first session or beside those attached: the same
     * lanes, causes and Stop as an attach. A malformed address, one connected already, or one past
     * {@link #MAX_SESSIONS} only sets the error line; a wrong token or fingerprint is the connection's own one-line
     * refusal.
     */
    public void connect() {
        if (attaching.isRunning() || adding != null || state.get() == State.DETACHING || state.get() == State.ATTACHING) {
            return;
        }
        switch (connectForm.read()) {
            case ConnectForm.Refusal refusal -> error.set(refusal.line());
            case ConnectForm.Request request -> connect(request.where(), request.token(), request.fingerprint());
        }
    }

    private void connect(HostPort where, String token, String fingerprint) {
        Optional<String> refusal = attached.refusalToConnect(where);
        if (refusal.isPresent()) {
            error.set(refusal.get());
            return;
        }
        error.set("");
        JvmEntry agent = new JvmEntry(-1, where.toString(), "unknown", null, "at " + where);
        if (state.get() == State.IDLE) {
            status.set("Connecting to " + where + "…");
            state.set(State.ATTACHING);
            stopAsked = false;
        } else {
            adding = agent;
        }
        attaching.start(progress -> {
            beforeAttach.run();
            AttachSession session = connector.connect(where, token, fingerprint);
            JvmEntry told = session.target();
            return new Attached(session, new JvmEntry(told.pid(), told.mainClass(), told.javaVersion(), null,
                    "at " + where), Integer.MAX_VALUE);
        });
        updateCanAttach();
    }

    /** Attaches to {@code target} at once (the window's {@code --attach PID}, checked before the window opened). */
    public void attachTo(JvmEntry target) {
        attachAll(List.of(target));
    }

    /**
     * Attaches to each of {@code targets} in turn, side by side (the window's {@code --attach PID,PID}): the next once
     * the one before is attached; a refusal ends the queue.
     */
    public void attachAll(List<JvmEntry> targets) {
        queued.clear();
        queued.addAll(targets);
        attachNext();
    }

    private void attachNext() {
        JvmEntry next = queued.poll();
        if (next != null) {
            listed.selectedProperty().set(next);
            attach();
        }
    }

    private void updateCanAttach() {
        JvmEntry s = listed.selectedProperty().get();
        canAttach.set(s != null && !attaching.isRunning() && adding == null
                && (state.get() == State.IDLE || state.get() == State.ATTACHED && !attached.full())
                && !attached.isAttached(s));
        canConnect.set(!attaching.isRunning() && adding == null
                && (state.get() == State.IDLE || state.get() == State.ATTACHED && !attached.full()));
    }

    /**
     * Detaches every session: each agent takes its hooks out and its target runs on; the whole goes to
     * {@link #setOnDetached}. While another JVM is being attached, they are detached once it is through.
     */
    public void stop() {
        queued.clear();
        if (attaching.isRunning()) {
            stopAsked = true;   // detached as soon as the attach is through
        } else if (state.get() == State.ATTACHED) {
            detach();
        }
    }

    private void detach() {
        error.set("");   // a JVM refused beside the others was said; what is said now is the detach's
        state.set(State.DETACHING);
        updateCanAttach();
        List<Attached> ending = attached.copy();
        status.set("Detaching from " + String.join(", ", ending.stream().map(a -> Long.toString(a.target().pid())).toList())
                + "…");
        detaching.start(progress -> {
            List<SessionPictures.Classified> each = new ArrayList<>();
            try {
                for (Attached a : ending) {
                    AttachSession session = a.session();
                    session.stop();
                    // held mounts classed by the JDK's witnesses once everything arrived: red is a pin the JDK names
                    each.add(new SessionPictures.Classified(a, session.episodes().classified(a.target().mainClass(), a.poolParallelism(),
                            session.ending() instanceof AgentStreamReader.Ending.Complete)));
                }
            } finally {
                for (Attached a : ending) {
                    a.session().close();
                }
            }
            return SessionPictures.ended(each);
        });
    }

    // ---- once per pulse ----

    /** Called once per frame on the FX thread: takes up what the jobs did; starts the next rebuild when due. */
    public void pulse(long nanos) {
        listed.pulse();
        switch (attaching.pulse()) {
            case BackgroundJob.Outcome.Done<Attached> done -> attachedOne(done.value());
            case BackgroundJob.Outcome.Failed<Attached> failed -> attachFailed(failed.error());
            case null -> { }
        }
        if (rebuilding.pulse() instanceof BackgroundJob.Outcome.Done<Live> live && state.get() == State.ATTACHED) {
            showLive(live.value());
        }
        switch (detaching.pulse()) {
            case BackgroundJob.Outcome.Done<Ended> done -> showEnded(done.value());
            case BackgroundJob.Outcome.Failed<Ended> failed -> {
                attached.clear();
                sessions.set(0);
                error.set(oneLine(failed.error()));
                state.set(State.IDLE);
            }
            case null -> { }
        }
        detachOrRebuild(nanos);
        updateCanAttach();
    }

    private void attachedOne(Attached a) {
        attached.add(a);
        if (a.session().remote() != null) {
            connectForm.connected();
        }
        sessions.set(attached.count());
        adding = null;
        if (state.get() != State.ATTACHED) {
            status.set("Attached to " + SessionPictures.who(a) + ", Java "
                    + a.target().javaVersion() + "…");
        }
        lastRebuild = Long.MIN_VALUE;   // its lanes at the next pulse
        state.set(State.ATTACHED);
        if (stopAsked) {
            detach();
        } else {
            attachNext();
        }
    }

    private void attachFailed(Throwable why) {
        queued.clear();
        adding = null;
        error.set(oneLine(why));
        if (attached.isEmpty()) {
            status.set("");
            state.set(State.IDLE);
        } else if (stopAsked) {
            detach();   // those attached before go as after a Stop
        }
    }

    private void showLive(Live live) {
        timeline.set(live.timeline());
        gaps.set(live.gaps());
        recording.set(live.timeline().recording());
        status.set(live.line() + (adding == null ? ""
                : adding.pid() < 0 ? "\nConnecting to " + adding.mainClass() + " beside them…"
                : "\nAttaching to " + adding.pid() + " (" + adding.mainClass() + ") beside them…"));
    }

    private void showEnded(Ended ended) {
        List<Detached> ds = ended.detached();
        attached.clear();
        sessions.set(0);
        timeline.set(ended.timeline());
        gaps.set(ended.gaps());
        recording.set(ended.timeline().recording());
        status.set(ended.summary());
        state.set(State.IDLE);   // last: who watches the state finds the summary in place
        for (Detached d : ds) {
            if (d.recording().carrierCount() > 0) {
                onDetached.accept(d);   // nothing ran: no empty run for the history
            }
        }
    }

    /** Every session ended: detach them; else a rebuild of the live lanes when one is due. */
    private void detachOrRebuild(long nanos) {
        if (state.get() == State.ATTACHED && !attaching.isRunning()
                && attached.allEnded()) {
            // every target exited (or its stream broke): what came is kept, as after a Stop. One that ended beside
            // others still attached stays on show, its lanes no longer growing (a client that ends before its server)
            detach();
        } else if (state.get() == State.ATTACHED && !rebuilding.isRunning()
                && (lastRebuild == Long.MIN_VALUE || nanos - lastRebuild >= REBUILD_NANOS)) {
            lastRebuild = nanos;
            List<Attached> now = attached.copy();
            rebuilding.start(progress -> SessionPictures.rebuilt(now));
        }
    }

    private static String oneLine(Throwable t) {
        String m = t.getMessage() == null || t.getMessage().isBlank() ? t.getClass().getSimpleName() : t.getMessage();
        return m.strip().lines().findFirst().orElse(m);
    }

    // ---- what the window binds to ----

    /** This user's JVMs, listed, and the one Attach would attach. */
    public ListedJvms listedJvms() { return listed; }

    /** The Connect… form. */
    public ConnectForm connectForm() { return connectForm; }

    public ReadOnlyObjectProperty<State> stateProperty() { return state.getReadOnlyProperty(); }

    public State state() { return state.get(); }

    /**
     * Whether Attach would attach the selected JVM now: nothing attached or being attached, or beside those attached
     * (one not among them, below {@link #MAX_SESSIONS}).
     */
    public ReadOnlyBooleanProperty canAttachProperty() { return canAttach.getReadOnlyProperty(); }

    /** Whether Connect may be pressed: nothing attaching, and room for one more JVM side by side. */
    public ReadOnlyBooleanProperty canConnectProperty() { return canConnect.getReadOnlyProperty(); }

    /** How many sessions are attached side by side (0 while none). */
    public ReadOnlyObjectProperty<Integer> sessionsProperty() { return sessions.getReadOnlyProperty(); }

    /** Why the last attach failed, in one line; empty otherwise. */
    public ReadOnlyStringProperty errorProperty() { return error.getReadOnlyProperty(); }

    /** Why a gap in the lanes may not be an idle carrier (episodes dropped in the target); empty otherwise. */
    public ReadOnlyStringProperty gapsProperty() { return gaps.getReadOnlyProperty(); }

    /** What is attached and what came so far, a line per session side by side; after a detach, how each ended. */
    public ReadOnlyStringProperty statusProperty() { return status.getReadOnlyProperty(); }

    /** What the lanes show: {@link #recordingProperty()}'s, its mount index built on a job thread; null before. */
    public ReadOnlyObjectProperty<StateTimeline> timelineProperty() { return timeline.getReadOnlyProperty(); }

    /** The newest episodes while attached, the whole session once detached; null before. */
    public ReadOnlyObjectProperty<RunRecording> recordingProperty() { return recording.getReadOnlyProperty(); }

    /** Whether a job is still busy (a test waits for this to be false). */
    boolean busy() {
        return listed.busy() || attaching.isRunning() || rebuilding.isRunning() || detaching.isRunning();
    }
}
