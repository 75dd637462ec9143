package loomscope.ui.attach;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Supplier;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.attach.AgentJar;
import loomscope.attach.AgentStreamReader;
import loomscope.attach.AttachSession;
import loomscope.attach.AttachedEpisodes;
import loomscope.attach.HostPort;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;
import loomscope.attach.SideBySide;
import loomscope.picture.StateTimeline;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.savedrun.SavedRun;
import loomscope.ui.job.BackgroundJob;
import loomscope.workload.RunLimits;

/**
 * The attach window's model: this user's JVMs (as {@code attach --list} lists them), one or more sessions side by
 * side (Attach while attached adds the selected JVM, e.g. a client beside its server: {@link SideBySide} puts their
 * carriers on one time axis), their newest episodes as a recording rebuilt on a job thread about ten times a second
 * and taken up in the window's pulse, and Stop, which detaches them all (the targets run on) and hands the whole,
 * as one finished recording, to whoever shows runs ({@link #setOnDetached}). Every slow step (listing, attaching,
 * each rebuild, detaching) is a {@link BackgroundJob}; the FX side learns of them only in {@link #pulse(long)}. No
 * toolkit call: plain JUnit runs it.
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

    private final Supplier<List<JvmEntry>> lister;
    private final Attacher attacher;
    private final Connector connector;
    private final ObservableList<JvmEntry> jvms = FXCollections.observableArrayList();
    private final ObjectProperty<JvmEntry> selected = new SimpleObjectProperty<>();
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.IDLE);
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper gaps = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper canAttach = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyBooleanWrapper containersListed = new ReadOnlyBooleanWrapper(false);
    /** The Connect… form: shown or not, and what it holds (the token never outlives a connection made with it). */
    private final BooleanProperty connectShown = new SimpleBooleanProperty(false);
    private final StringProperty connectAddress = new SimpleStringProperty("");
    private final StringProperty connectToken = new SimpleStringProperty("");
    private final StringProperty connectFingerprint = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper canConnect = new ReadOnlyBooleanWrapper(true);
    private final ReadOnlyObjectWrapper<Integer> sessions = new ReadOnlyObjectWrapper<>(0);
    private final ReadOnlyObjectWrapper<RunRecording> recording = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyObjectWrapper<StateTimeline> timeline = new ReadOnlyObjectWrapper<>();
    private final BackgroundJob<List<JvmEntry>> listing;
    private final BackgroundJob<Attached> attaching;
    private final BackgroundJob<Live> rebuilding;
    private final BackgroundJob<Ended> detaching;
    private Consumer<Detached> onDetached = d -> { };
    /** Awaited on the attach's job thread before the agent goes in (see setBeforeAttach). */
    private volatile Runnable beforeAttach = () -> { };
    /** The sessions side by side, in the order attached (their lanes' order); the FX thread's, copied for a job. */
    private final List<Attached> attached = new ArrayList<>();
    /** JVMs still to attach, one after the other ({@link #attachAll}); the FX thread's. */
    private final Deque<JvmEntry> queued = new ArrayDeque<>();
    /** The JVM being attached beside those attached, or null. */
    private JvmEntry adding;
    private long lastRebuild = Long.MIN_VALUE;
    private boolean stopAsked;

    /** A rebuild's recording and the lines that count the sessions at the same moment. */
    private record Live(StateTimeline timeline, String line, String gaps) { }

    /**
     * Sessions that ended: what goes to the main window (one run; one per JVM where together they are more than a run
     * holds), with the timeline of the first prepared for the lanes.
     */
    private record Ended(List<Detached> detached, StateTimeline timeline, String summary, String gaps) { }

    /**
     * A session with what the window needs to know of its target. A connected one's target has the other host's pid
     * and its place is the agent's address; its pool's parallelism is not known here (no lane is marked as added).
     */
    private record Attached(AttachSession session, JvmEntry target, int poolParallelism) {
        /** Whether this is {@code entry}, a JVM of this machine's list (a connected JVM's pid is another host's). */
        boolean is(JvmEntry entry) {
            return session.remote() == null && target.pid() == entry.pid();
        }
    }

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
        this.lister = lister;
        this.attacher = attacher;
        this.connector = connector;
        listing = new BackgroundJob<>(jobs);
        attaching = new BackgroundJob<>(jobs);
        rebuilding = new BackgroundJob<>(jobs);
        detaching = new BackgroundJob<>(jobs);
        selected.addListener((o, was, now) -> updateCanAttach());
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

    /**
     * Attaches to the selected JVM; while attached, beside the sessions there (one time axis). A JVM that cannot be
     * attached to, one attached already, or one past {@link #MAX_SESSIONS} only sets the error line.
     */
    public void attach() {
        JvmEntry target = selected.get();
        // adding: its outcome may wait for the next pulse after its job is through
        if (target == null || attaching.isRunning() || adding != null || state.get() == State.DETACHING
                || state.get() == State.ATTACHING) {
            return;
        }
        if (!target.attachable()) {
            error.set("pid " + target.pid() + ": " + target.refusal());
            return;
        }
        if (attached.stream().anyMatch(a -> a.is(target))) {
            error.set("pid " + target.pid() + " is attached already");
            return;
        }
        if (attached.size() >= MAX_SESSIONS) {
            error.set("at most " + MAX_SESSIONS + " JVMs side by side: Stop, then attach again");
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
     * Connects to an agent that listens on another host ({@code listen=HOST:PORT}, reached through a tunnel whose near
     * end is {@code address}), as the first session or beside those attached: the same lanes, causes and Stop as an
     * attach. A malformed address, one connected already, or one past {@link #MAX_SESSIONS} only sets the error line;
     * a wrong token or fingerprint is the connection's own one-line refusal.
     */
    public void connect(String address, String token, String fingerprint) {
        if (attaching.isRunning() || adding != null || state.get() == State.DETACHING || state.get() == State.ATTACHING) {
            return;
        }
        HostPort where;
        try {
            where = HostPort.parse(address, false);
        } catch (IllegalArgumentException e) {
            error.set("The address " + e.getMessage());
            return;
        }
        if (attached.stream().anyMatch(a -> where.equals(a.session().remote()))) {
            error.set(where + " is connected already");
            return;
        }
        if (attached.size() >= MAX_SESSIONS) {
            error.set("at most " + MAX_SESSIONS + " JVMs side by side: Stop, then connect again");
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

    /** Connects with what the Connect… form holds ({@link #connect(String, String, String)}). */
    public void connect() {
        connect(connectAddress.get(), connectToken.get(), connectFingerprint.get());
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
            selected.set(next);
            attach();
        }
    }

    private void updateCanAttach() {
        JvmEntry s = selected.get();
        canAttach.set(s != null && !attaching.isRunning() && adding == null
                && (state.get() == State.IDLE || state.get() == State.ATTACHED && attached.size() < MAX_SESSIONS)
                && attached.stream().noneMatch(a -> a.is(s)));
        canConnect.set(!attaching.isRunning() && adding == null
                && (state.get() == State.IDLE || state.get() == State.ATTACHED && attached.size() < MAX_SESSIONS));
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
        List<Attached> ending = List.copyOf(attached);
        status.set("Detaching from " + String.join(", ", ending.stream().map(a -> Long.toString(a.target().pid())).toList())
                + "…");
        detaching.start(progress -> {
            List<Classified> each = new ArrayList<>();
            try {
                for (Attached a : ending) {
                    AttachSession session = a.session();
                    session.stop();
                    // held mounts classed by the JDK's witnesses once everything arrived: red is a pin the JDK names
                    each.add(new Classified(a, session.episodes().classified(a.target().mainClass(), a.poolParallelism(),
                            session.ending() instanceof AgentStreamReader.Ending.Complete)));
                }
            } finally {
                for (Attached a : ending) {
                    a.session().close();
                }
            }
            return ended(each);
        });
    }

    /** A session detached, with its whole recording as its own witnesses classed it. */
    private record Classified(Attached attached, AttachedEpisodes.Classified classified) {
        RunRecording whole() { return classified.recording(); }

        long dropped() { return attached.session().episodes().dropped(); }

        List<PinnedEvent> events() { return attached.session().episodes().pinnedEvents(); }
    }

    /**
     * On the detach's job thread: one session's run as before; several as one run on one axis, each JVM's causes as
     * its own classification made them (the verdicts and witnesses are the mounts', so one recording holds them all);
     * together more than a run holds, one run per JVM.
     */
    private static Ended ended(List<Classified> each) {
        long dropped = each.stream().mapToLong(Classified::dropped).sum();
        if (each.size() == 1) {
            Classified c = each.get(0);
            // the main window names the run by this: where episodes were dropped its gaps are not all idle
            String name = SavedRun.withDropped("attach-" + c.attached().target().pid(), dropped);
            String summary = endLine(c.attached().session(), c.whole()) + (c.whole().carrierCount() == 0
                    ? " Nothing ran on a carrier while attached."
                    : " The whole session is on show in the main window (save, replay, export).")
                    + " " + c.classified().causes().line();
            return new Ended(List.of(new Detached(c.whole(), summary, name, c.events())), prepared(c.whole()), summary,
                    gapsNote(dropped));
        }
        List<String> lines = new ArrayList<>();
        List<SideBySide.Part> parts = new ArrayList<>();
        for (Classified c : each) {
            JvmEntry target = c.attached().target();
            lines.add(SideBySide.jvmLabel(target.pid(), target.mainClass()) + ": "
                    + endLine(c.attached().session(), c.whole()) + " " + c.classified().causes().line());
            parts.add(SideBySide.part(c.whole(), c.attached().session().episodes(), target.pid(), target.mainClass()));
        }
        String pids = String.join("+", each.stream().map(c -> Long.toString(c.attached().target().pid())).toList());
        try {
            RunRecording merged = SideBySide.merge(parts);
            String summary = String.join("\n", lines) + (merged.carrierCount() == 0 ? "\nNothing ran on a carrier while attached."
                    : "\nThe whole side by side is on show in the main window as one run (save, replay, export).");
            return new Ended(List.of(new Detached(merged, summary, SavedRun.withDropped("attach-" + pids, dropped))),
                    prepared(merged), summary, gapsNote(dropped));
        } catch (IllegalArgumentException tooMany) {
            List<Detached> apart = new ArrayList<>();
            for (int i = 0; i < each.size(); i++) {
                Classified c = each.get(i);
                apart.add(new Detached(c.whole(), lines.get(i), SavedRun.withDropped("attach-"
                        + c.attached().target().pid(), c.dropped()), c.events()));
            }
            String summary = String.join("\n", lines) + "\nOne run per JVM in the main window: " + tooMany.getMessage() + ".";
            return new Ended(apart, prepared(each.get(0).whole()), summary, gapsNote(dropped));
        }
    }

    private static String endLine(AttachSession session, RunRecording whole) {
        AttachedEpisodes e = session.episodes();
        String how = session.detached() ? "Detached: VirtualThread restored, the target runs on."
                : session.targetExited() ? "The target exited."
                : session.cutWhileTargetRuns() ? AttachSession.CUT_WHILE_RUNNING
                : session.ending() == null ? "The agent did not confirm the detach in time; what arrived is kept."
                : session.ending().sentence();
        return how + " " + counts(e, whole.carrierCount());
    }

    // ---- once per pulse ----

    /** Called once per frame on the FX thread: takes up what the jobs did; starts the next rebuild when due. */
    public void pulse(long nanos) {
        if (listing.pulse() instanceof BackgroundJob.Outcome.Done<List<JvmEntry>> listed) {
            JvmEntry was = selected.get();
            // the ones that can be attached to first (a machine runs many build tools' JVMs), each part by pid
            jvms.setAll(listed.value().stream().sorted(Comparator.comparing((JvmEntry j) -> !j.attachable())
                    .thenComparingLong(JvmEntry::pid)).toList());
            containersListed.set(listed.value().stream().anyMatch(j -> j.place() != null));
            selected.set(was == null ? null : listed.value().stream().filter(j -> j.pid() == was.pid()).findFirst().orElse(null));
        }
        switch (attaching.pulse()) {
            case BackgroundJob.Outcome.Done<Attached> done -> {
                Attached a = done.value();
                attached.add(a);
                if (a.session().remote() != null) {
                    connectToken.set("");   // a secret: not kept on screen, nor for the next connection
                    connectShown.set(false);
                }
                sessions.set(attached.size());
                adding = null;
                if (state.get() != State.ATTACHED) {
                    status.set("Attached to " + who(a) + ", Java "
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
            case BackgroundJob.Outcome.Failed<Attached> failed -> {
                queued.clear();
                adding = null;
                error.set(oneLine(failed.error()));
                if (attached.isEmpty()) {
                    status.set("");
                    state.set(State.IDLE);
                } else if (stopAsked) {
                    detach();   // those attached before go as after a Stop
                }
            }
            case null -> { }
        }
        if (rebuilding.pulse() instanceof BackgroundJob.Outcome.Done<Live> live && state.get() == State.ATTACHED) {
            timeline.set(live.value().timeline());
            gaps.set(live.value().gaps());
            recording.set(live.value().timeline().recording());
            status.set(live.value().line() + (adding == null ? ""
                    : adding.pid() < 0 ? "\nConnecting to " + adding.mainClass() + " beside them…"
                    : "\nAttaching to " + adding.pid() + " (" + adding.mainClass() + ") beside them…"));
        }
        switch (detaching.pulse()) {
            case BackgroundJob.Outcome.Done<Ended> done -> {
                List<Detached> ds = done.value().detached();
                attached.clear();
                sessions.set(0);
                timeline.set(done.value().timeline());
                gaps.set(done.value().gaps());
                recording.set(done.value().timeline().recording());
                status.set(done.value().summary());
                state.set(State.IDLE);   // last: who watches the state finds the summary in place
                for (Detached d : ds) {
                    if (d.recording().carrierCount() > 0) {
                        onDetached.accept(d);   // nothing ran: no empty run for the history
                    }
                }
            }
            case BackgroundJob.Outcome.Failed<Ended> failed -> {
                attached.clear();
                sessions.set(0);
                error.set(oneLine(failed.error()));
                state.set(State.IDLE);
            }
            case null -> { }
        }
        if (state.get() == State.ATTACHED && !attaching.isRunning()
                && attached.stream().allMatch(a -> a.session().ending() != null)) {
            // every target exited (or its stream broke): what came is kept, as after a Stop. One that ended beside
            // others still attached stays on show, its lanes no longer growing (a client that ends before its server)
            detach();
        } else if (state.get() == State.ATTACHED && !rebuilding.isRunning()
                && (lastRebuild == Long.MIN_VALUE || nanos - lastRebuild >= REBUILD_NANOS)) {
            lastRebuild = nanos;
            List<Attached> now = List.copyOf(attached);
            rebuilding.start(progress -> rebuilt(now));
        }
        updateCanAttach();
    }

    /**
     * On a job thread: the sessions' newest episodes as the live lanes. The bounds are the window's, whatever the
     * number of sessions: each gets an equal share of {@link #LIVE_EPISODES} and {@link #LIVE_THREADS}.
     */
    private static Live rebuilt(List<Attached> now) {
        long dropped = now.stream().mapToLong(a -> a.session().episodes().dropped()).sum();
        if (now.size() == 1) {
            Attached a = now.get(0);
            AttachedEpisodes.Newest newest = a.session().episodes().newest(a.target().mainClass(),
                    a.poolParallelism(), LIVE_EPISODES, LIVE_THREADS);
            return new Live(prepared(newest.recording()), liveLine(a, newest), gapsNote(dropped));
        }
        List<SideBySide.Part> parts = new ArrayList<>();
        List<String> lines = new ArrayList<>();
        // a connected JVM's clock is its own host's: it is placed at its hello's arrival, which the line must not hide
        boolean connected = now.stream().anyMatch(a -> a.session().remote() != null);
        lines.add(String.format(Locale.ROOT, "%d JVMs side by side on one time axis (this machine's clock%s):", now.size(),
                connected ? "; a connected JVM's from its hello's arrival here" : ""));
        for (Attached a : now) {
            AttachedEpisodes e = a.session().episodes();
            AttachedEpisodes.Newest newest = e.newest(a.target().mainClass(), a.poolParallelism(),
                    LIVE_EPISODES / now.size(), LIVE_THREADS / now.size());
            parts.add(SideBySide.part(newest.recording(), e, a.target().pid(), a.target().mainClass()));
            lines.add(SideBySide.jvmLabel(a.target().pid(), a.target().mainClass()) + ": " + liveLine(a, newest)
                    + (a.session().ending() == null ? "" : " Ended: " + a.session().ending().sentence()));
        }
        return new Live(prepared(SideBySide.merge(parts)), String.join("\n", lines), gapsNote(dropped));
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

    /** One session's line while attached: whom, and its counts. */
    private static String liveLine(Attached a, AttachedEpisodes.Newest newest) {
        AttachedEpisodes e = a.session().episodes();
        String shown = newest.episodesLeftOut() == 0 ? ""
                : String.format(" Lanes and field show the newest %,d episodes of %,d threads.", newest.episodesShown(),
                        newest.threadsShown());
        return "Attached to " + who(a) + ", Java " + e.javaVersion()
                + (a.poolParallelism() == Integer.MAX_VALUE ? "" : ", pool of " + a.poolParallelism()) + ": "
                + counts(e, newest.recording().carrierCount()) + shown;
    }

    /** "4121 (Server)", with where it runs: "in docker 3f2a1b9c0d1e", or a connected agent's "at 127.0.0.1:7071". */
    private static String who(Attached a) {
        String place = a.target().place();
        return a.target().pid() + " (" + a.target().mainClass() + ")"
                + (place == null ? "" : a.session().remote() != null ? " " + place : " in " + place);
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

    /**
     * Whether Attach would attach the selected JVM now: nothing attached or being attached, or beside those attached
     * (one not among them, below {@link #MAX_SESSIONS}).
     */
    public ReadOnlyBooleanProperty canAttachProperty() { return canAttach.getReadOnlyProperty(); }

    /** Whether the Connect… form is shown. */
    public BooleanProperty connectShownProperty() { return connectShown; }

    /** The listening agent's address as the form holds it: the near end of a tunnel, {@code HOST:PORT}. */
    public StringProperty connectAddressProperty() { return connectAddress; }

    /** The agent's token as the form holds it; emptied once a connection was made with it. */
    public StringProperty connectTokenProperty() { return connectToken; }

    /** The agent's certificate SHA-256 as the form holds it. */
    public StringProperty connectFingerprintProperty() { return connectFingerprint; }

    /** Whether Connect may be pressed: nothing attaching, and room for one more JVM side by side. */
    public ReadOnlyBooleanProperty canConnectProperty() { return canConnect.getReadOnlyProperty(); }

    /** Whether a JVM listed runs in a container: the list's container column is shown only then. */
    public ReadOnlyBooleanProperty containersListedProperty() { return containersListed.getReadOnlyProperty(); }

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
        return listing.isRunning() || attaching.isRunning() || rebuilding.isRunning() || detaching.isRunning();
    }
}
