package loomscope.ui.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.probe.InProcessSnapshotter;
import loomscope.probe.JfrProbe;
import loomscope.probe.PinnedEvent;
import loomscope.probe.PinnedEventIndex;
import loomscope.probe.PinnedThreadsTable;
import loomscope.probe.ProbeReport;
import loomscope.probe.ProbeSelection;
import loomscope.probe.ProbeSession;
import loomscope.probe.SnapshotAgreement;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.ui.job.BackgroundJob;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;

/**
 * The window's side of the probes. Prepares JFR before every run (on the model's starter thread), attaches
 * the probes when the run exists, and learns everything else in {@link #pulse}: new JFR events go into the lane index each
 * pulse; texts and the table refresh four times a second, the JFR part computed on a probe thread
 * ({@link JfrSummary}). Attaching, JFR's final flush (about a second) and the summaries are {@link BackgroundJob}s
 * on the probe threads (the window's standing ones, handed in), taken up in the pulse; never work on the FX thread.
 */
public final class ProbeViewModel {
    private static final long REFRESH_NANOS = 250_000_000;

    /** Where attaching, the final flush, closing and the summaries run. */
    private final Executor work;
    private final Executor files;
    /** Set by the run starter in {@link #prepare}, taken by {@link #attach} on the FX thread. */
    private final AtomicReference<ProbeSession> prepared = new AtomicReference<>();
    private final BackgroundJob<ProbeSession> attachJob;
    /** A session's final report; the session comes with it, since the window may have moved on to the next run. */
    private final BackgroundJob<Finished> finishJob;
    private final BackgroundJob<JfrSummary> summaryJob;
    /** An application's JFR summary (its agent's events), made off the FX thread; the next one waits for it. */
    private final BackgroundJob<JfrSummary> applicationJob;
    private BackgroundJob.Work<JfrSummary> applicationNext;
    private volatile double nextRateHz = InProcessSnapshotter.DEFAULT_RATE_HZ;

    private ProbeSession session;
    private RunRecording recording;
    private final List<PinnedEvent> events = new ArrayList<>();
    private PinnedEventIndex index = new PinnedEventIndex();
    private boolean finishing;
    private ProbeReport report;
    private int eventsAtLastCheck = -1;
    private boolean summaryHasReport;
    private long lastRefresh;
    /** The run whose probes are being attached (FX thread sets and clears it), or null. */
    private RunRecording attaching;
    /** The recording on screen when it is not the one the probes watched (a child JVM's run), else null. */
    private RunRecording otherRun;

    private final ReadOnlyStringWrapper snapshotText = new ReadOnlyStringWrapper("Snapshots: no run yet.");
    private final ReadOnlyStringWrapper jfrText = new ReadOnlyStringWrapper("JFR: no run yet.");
    private final ReadOnlyStringWrapper lagText = new ReadOnlyStringWrapper(JfrSummary.NO_EVENTS_YET);
    private final ReadOnlyObjectWrapper<ProbeReport> lastReport = new ReadOnlyObjectWrapper<>();
    private final ObservableList<PinnedThreadsTable.Row> rows = FXCollections.observableArrayList();

    private record Finished(ProbeSession session, ProbeReport report) { }

    /** Probes whose background work, and the probe panel's file work, run on {@code work} (a test's own). */
    public ProbeViewModel(Executor work) {
        this(work, work);
    }

    /**
     * @param work  where probes start, finish and sum up (the window's standing probe threads)
     * @param files where the probe panel saves what it shows (the window's job threads)
     */
    public ProbeViewModel(Executor work, Executor files) {
        this.work = work;
        this.files = files;
        this.attachJob = new BackgroundJob<>(work);
        this.finishJob = new BackgroundJob<>(work);
        this.summaryJob = new BackgroundJob<>(work);
        this.applicationJob = new BackgroundJob<>(work);
    }

    /** Where the probe panel's file work runs (saving a recording, a dump). */
    public Executor files() { return files; }

    /**
     * Called by the model on its starter thread just before each run starts (its extra-observer factory):
     * starts JFR and waits until it is ready, so that the run's first pins are seen and JFR's start-up is not
     * timed. The probes attach to the run in {@link #attach}, when the window learns of it.
     */
    public RunObserver prepare(WorkloadConfig config) {
        WorkloadRun.checkRunnable(config); // refuse before JFR starts, not after
        double rate = nextRateHz;
        ProbeSelection probes = rate > 0 ? ProbeSelection.ALL : ProbeSelection.JFR;
        closeLater(prepared.getAndSet(ProbeSession.prepare(probes, rate > 0 ? rate : InProcessSnapshotter.DEFAULT_RATE_HZ)));
        return RunObserver.NONE;
    }

    /** The window's run started (FX thread): the prepared probes watch it from now on. */
    public void attach(RecordedRun run) {
        ProbeSession fresh = prepared.getAndSet(null);
        if (fresh != null && run != null && attachJob.start(steps -> {
            fresh.attach(run);
            return fresh;
        })) {
            attaching = run.recording();
        } else {
            closeLater(fresh);
        }
    }

    private void startApplicationSummary() {
        if (applicationNext != null && applicationJob.start(applicationNext)) {
            applicationNext = null;
        }
    }

    /** An application's summary, once made, if the window still shows that application's run. */
    private void showApplicationSummary() {
        if (applicationJob.pulse() instanceof BackgroundJob.Outcome.Done<JfrSummary> d && otherRun != null
                && d.value().recording() == otherRun) {
            jfrText.set(d.value().jfrText());
            lagText.set(d.value().lagText());
            rows.setAll(d.value().rows());
        }
        startApplicationSummary();
    }

    /** Once per pulse, on the FX thread. */
    public void pulse(long now) {
        showApplicationSummary();
        switch (attachJob.pulse()) {
            case BackgroundJob.Outcome.Done<ProbeSession> attached -> begin(attached.value());
            case BackgroundJob.Outcome.Failed<ProbeSession> failed -> {
                attaching = null;
                snapshotText.set("Probes: could not attach to the run: " + failed.error());
            }
            case null -> { }
        }
        // taken every pulse, so that a late report of the last session ends its job and the next can start
        ProbeReport done = finishJob.pulse() instanceof BackgroundJob.Outcome.Done<Finished> f
                && f.value().session() == session ? f.value().report() : null;
        if (session == null) {
            return;
        }
        // the report first: it exists only once JFR's stream has stopped, so every event it counts is pulled
        // below in this same pulse, and the summary made with it sees them all
        if (done != null) {
            report = done;
            lastReport.set(done);
        }
        pullEvents();
        showSummary();
        if (!finishing && recording.isFinished()) {
            ProbeSession s = session;
            finishing = finishJob.start(steps -> new Finished(s, s.finish()));
        }
        if (otherRun == null && (now - lastRefresh >= REFRESH_NANOS || done != null)) {
            lastRefresh = now;
            refreshTexts();
        }
    }

    private void begin(ProbeSession fresh) {
        closeLater(session);
        session = fresh;
        recording = fresh.run().recording();
        attaching = null;
        events.clear();
        index = new PinnedEventIndex();
        finishing = false;
        report = null;
        lastReport.set(null);
        eventsAtLastCheck = -1;
        summaryHasReport = false;
        rows.clear();
        lagText.set(JfrSummary.NO_EVENTS_YET);
    }

    /**
     * Told each pulse which recording the window shows. A child JVM's run gets no probes in this window, so
     * the last in-process run's figures and table would sit next to another run's lanes: say so instead (the
     * lane overlay and the inspector make the same check).
     */
    public void showing(RunRecording shown) {
        // the run being attached (on a probe thread) is this JVM's run, not another's
        RunRecording other = shown != null && shown != recording && shown != attaching ? shown : null;
        if (other == otherRun) {
            return;
        }
        otherRun = other;
        if (other != null && other.source() instanceof RunSource.Application app) {
            // what the agent's JFR tap inside the application saw: its pinned events, with reasons and stacks
            snapshotText.set("An application (" + app.shortName() + "): LoomScope takes no snapshots in a JVM it attached to.");
            List<PinnedEvent> tapped = List.copyOf(openedEvents.apply(other));
            jfrText.set("JFR inside " + app.shortName() + " (the agent's tap): reading its pinned events…");
            lagText.set("");
            rows.clear();
            applicationNext = steps -> JfrSummary.ofApplication(tapped, other, app);
            startApplicationSummary();
        } else if (other != null && other.source() instanceof RunSource.YourCode) {
            snapshotText.set("Your code ran in a child JVM (Java " + other.jdkVersion() + "); no snapshots there.");
            jfrText.set("JFR ran in that child: its pinned events are marked at your code's lines in the code pane.");
            lagText.set("");
            rows.clear();
        } else if (other != null) {
            snapshotText.set("Probes watch runs in this JVM; this run ran in another JVM (Java " + other.jdkVersion()
                    + ") — see `run --jdk` in the CLI for its JDK view.");
            jfrText.set("JFR: not recorded here for that run.");
            lagText.set("");
            rows.clear();
        } else if (session == null) {
            snapshotText.set("Snapshots: no run yet.");
            jfrText.set("JFR: no run yet.");
            lagText.set(JfrSummary.NO_EVENTS_YET);
        } else {
            eventsAtLastCheck = -1; // refill the table
            summaryHasReport = false;
            refreshTexts();
        }
    }

    /**
     * The JFR pinned events of a run these probes did not watch, where the run brought them (an application's, from its
     * agent's tap: a detach, a saved file); none by default.
     */
    public void setOpenedEvents(Function<RunRecording, List<PinnedEvent>> events) {
        openedEvents = events;
    }

    private Function<RunRecording, List<PinnedEvent>> openedEvents = r -> List.of();

    /** Whether the window shows a run these probes did not watch. */
    public boolean showsAnotherRun() { return otherRun != null; }

    private void closeLater(ProbeSession old) {
        if (old != null) {
            work.execute(old::close);
        }
    }

    private void pullEvents() {
        JfrProbe jfr = session.jfr();
        if (jfr != null && jfr.pinnedCount() > events.size()) {
            List<PinnedEvent> fresh = jfr.pinnedEventsSince(events.size());
            events.addAll(fresh);
            index.addAll(fresh);
        }
    }

    private void refreshTexts() {
        InProcessSnapshotter snapshots = session.snapshots();
        if (snapshots == null) {
            snapshotText.set("Snapshots: off for this run.");
        } else {
            SnapshotAgreement all = snapshots.overallAgreement();
            SnapshotAgreement latest = snapshots.latestAgreement();
            snapshotText.set(String.format(Locale.ROOT,
                    "Snapshots (%.1f/s, %d taken): %s of %,d mounted threads were on the carrier the lanes show%s",
                    snapshots.rateHz(), snapshots.taken(), percent(all), all == null ? 0 : all.mounted(),
                    latest == null || latest.mounted() == 0 ? "."
                            : String.format(Locale.ROOT, "; latest %d of %d.", latest.matched(), latest.mounted())));
        }
        if (session.jfr() == null) {
            jfrText.set("JFR: off.");
            return;
        }
        boolean reportNew = report != null && !summaryHasReport;
        if ((events.size() != eventsAtLastCheck || reportNew) && !summaryJob.isRunning()) {
            eventsAtLastCheck = events.size();
            summaryHasReport = report != null;
            List<PinnedEvent> copy = List.copyOf(events);
            RunRecording of = recording;
            ProbeReport withReport = report;
            summaryJob.start(steps -> JfrSummary.of(copy, of, withReport));
        }
    }

    /** Shows the newest summary from the probe thread, unless the window has moved on to another run since. */
    private void showSummary() {
        JfrSummary summary = summaryJob.pulse() instanceof BackgroundJob.Outcome.Done<JfrSummary> d ? d.value() : null;
        if (summary == null || summary.recording() != recording || otherRun != null) {
            return;
        }
        jfrText.set(summary.jfrText());
        lagText.set(summary.lagText());
        rows.setAll(summary.rows());
    }

    private static String percent(SnapshotAgreement a) {
        return a == null || a.mounted() == 0 ? "n/a" : String.format(Locale.ROOT, "%.1f%%", a.share() * 100);
    }

    // ---- what the panels and the overlay read ----

    /** The current (or last) run's probes, or null. */
    public ProbeSession session() { return session; }

    /** The recording the probes watch, or null. */
    public RunRecording recording() { return recording; }

    public PinnedEventIndex index() { return index; }

    /** All pinned events placed so far, in arrival order (FX thread). */
    public List<PinnedEvent> events() { return events; }

    public ObservableList<PinnedThreadsTable.Row> rows() { return rows; }

    public ReadOnlyStringProperty snapshotTextProperty() { return snapshotText.getReadOnlyProperty(); }

    public ReadOnlyStringProperty jfrTextProperty() { return jfrText.getReadOnlyProperty(); }

    public ReadOnlyStringProperty lagTextProperty() { return lagText.getReadOnlyProperty(); }

    /** The finished run's report (null while running). */
    public ReadOnlyObjectProperty<ProbeReport> reportProperty() { return lastReport.getReadOnlyProperty(); }

    /** Snapshots per second for the next run and the current one; 0 turns snapshots off from the next run on. */
    public void setSnapshotRate(double hz) {
        nextRateHz = hz;
        if (hz > 0 && session != null && session.snapshots() != null && !recording.isFinished()) {
            session.setSnapshotRate(hz);
        }
    }

    public double snapshotRate() { return nextRateHz; }
}
