package loomscope.probe;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.io.AtomicOutput;
import loomscope.recording.RecordedRun;
import loomscope.workload.WorkloadConfig;
import loomscope.workload.WorkloadRun;

/**
 * The probes of one run: JFR started before the run (so its first pins are seen), snapshots attached once
 * the run's threads exist, both stopped and cross-checked after it ends. What the CLI and the window use.
 */
public final class ProbeSession implements AutoCloseable {
    private final ProbeSelection selection;
    private final JfrProbe jfr;
    private volatile double snapshotRateHz;
    private volatile InProcessSnapshotter snapshotter;
    /** Stacks of mounts held while the run goes: the witness for what JFR has no event for (null: not sampled). */
    private volatile HeldStackWitnesses held;
    /** The held mounts classed while the run goes (null: not classed until its end). */
    private volatile LiveCauses live;
    private volatile RecordedRun run;
    private ProbeReport report;

    private ProbeSession(ProbeSelection selection, double snapshotRateHz) {
        this.selection = selection;
        this.snapshotRateHz = snapshotRateHz;
        this.jfr = selection.jfr() ? JfrProbe.start() : null;
    }

    /** Starts the run with its probes; with JFR, first waits (about a second) for the stream to be ready. */
    public static ProbedRun start(WorkloadConfig config, ProbeSelection selection, double snapshotRateHz) {
        WorkloadRun.checkRunnable(config);
        ProbeSession probes = prepare(selection, snapshotRateHz);
        try {
            RecordedRun run = RecordedRun.start(config);
            probes.attach(run);
            return new ProbedRun(run, probes);
        } catch (RuntimeException e) {
            probes.close();
            throw e;
        }
    }

    /**
     * The first half of {@link #start}, for callers that start the run themselves (the window): starts JFR and
     * waits until it is ready. Call {@link #attach} once the run exists, or {@link #close}.
     */
    public static ProbeSession prepare(ProbeSelection selection, double snapshotRateHz) {
        ProbeSession probes = new ProbeSession(selection, snapshotRateHz);
        try {
            if (probes.jfr != null) {
                probes.jfr.awaitReady(JfrProbe.READY_CEILING_MILLIS);
            }
            return probes;
        } catch (InterruptedException e) {
            probes.close();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while JFR was starting", e);
        }
    }

    /** A run and its probes. */
    public record ProbedRun(RecordedRun run, ProbeSession probes) { }

    /** Watches {@code recordedRun} from now on: JFR events go on its clock, snapshots poll its threads. Once. */
    public synchronized void attach(RecordedRun recordedRun) {
        if (this.run != null) {
            throw new IllegalStateException("these probes already watch a run");
        }
        this.run = recordedRun;
        if (jfr != null) {
            jfr.attach(recordedRun.recording());
            if (recordedRun.recording().recordsMounts() && !recordedRun.recording().phasesDecide()) {
                held = HeldStackWitnesses.start(recordedRun.recording(), recordedRun.run(), "loomscope-held-stacks");
                HeldStackWitnesses stacks = held;
                live = LiveCauses.start(recordedRun.recording(), List.of(
                        LiveCauses.source(jfr::pinnedEventsSince, jfr::witnessesSince),
                        LiveCauses.source(from -> List.of(), stacks::takenSince)), "loomscope-live-causes");
            }
        }
        if (selection.snapshots()) {
            snapshotter = InProcessSnapshotter.start(recordedRun.run(), recordedRun.recording(), snapshotRateHz);
        }
    }

    public ProbeSelection selection() { return selection; }

    /** The run these probes watch. */
    public RecordedRun run() { return run; }

    /** The JFR probe, or null. */
    public JfrProbe jfr() { return jfr; }

    /** The snapshot poller, or null. */
    public InProcessSnapshotter snapshots() { return snapshotter; }

    /** Changes the snapshot rate, also for a running poller. */
    public void setSnapshotRate(double rateHz) {
        InProcessSnapshotter s = snapshotter;
        if (s != null) {
            s.setRate(rateHz);
        }
        snapshotRateHz = rateHz;
    }

    /**
     * After the run ended: takes the last snapshot, waits for JFR's last events (about a second), and
     * cross-checks both against the recording. Idempotent.
     */
    public synchronized ProbeReport finish() throws InterruptedException {
        if (report != null) {
            return report;
        }
        InProcessSnapshotter s = snapshotter;
        if (s != null) {
            s.stop(5_000);
        }
        JfrCrossCheck check = null;
        boolean complete = true;
        CauseReport causes;
        LiveCauses classing = live;
        if (classing != null) {
            classing.close();   // before the end's classing, which classes every mount anew
        }
        if (jfr != null) {
            complete = jfr.finish(JfrProbe.FINISH_CEILING_MILLIS);
            // the cross-check compares the clocks' verdicts with JFR's events: before the witnesses class them anew
            check = JfrCrossCheck.of(jfr.pinnedEvents(), run.recording());
            HeldStackWitnesses sampler = held;
            List<Witness> witnesses = jfr.witnesses();
            if (sampler != null) {
                witnesses = new ArrayList<>(witnesses);
                witnesses.addAll(sampler.stop());
            }
            causes = CauseClassifier.classify(run.recording(), jfr.pinnedEvents(), witnesses, complete);
            if (causes.classified() && jfr.witnessesNotKept() > 0) {
                causes = causes.noted(String.format(Locale.ROOT, "%,d of JFR's witnesses past the first %,d "
                        + "were not kept: the mounts they would explain are unsure", jfr.witnessesNotKept(), JfrProbe.MAX_WITNESSES));
            }
        } else {
            causes = CauseClassifier.notClassified(run.recording(), "JFR did not run (--probes " + selection.cliName() + ")");
        }
        report = new ProbeReport(selection, s == null ? 0 : s.rateHz(), s == null ? 0 : s.taken(),
                s == null ? 0 : s.meanPassNanos() / 1e6, s == null ? null : s.overallAgreement(), check,
                jfr == null ? null : jfr.lag(), jfr == null ? -1 : jfr.clockErrorNanos(),
                jfr == null ? 0 : jfr.virtualThreadStarts(), jfr == null ? 0 : jfr.virtualThreadEnds(),
                jfr == null ? 0 : jfr.submitFailures(), complete,
                s == null || s.failure() == null ? null : s.failure().toString(), causes);
        return report;
    }

    /** Writes the run's JFR recording (with its pinned events) to {@code file}; only after {@link #finish()}. */
    public void saveJfr(Path file) throws IOException {
        saveJfr(file, true);
    }

    /**
     * As above, written beside {@code file} and renamed into place; {@code replace}: whether an existing file may
     * be replaced (a save dialog asked), else it is refused.
     */
    public void saveJfr(Path file, boolean replace) throws IOException {
        if (jfr == null) {
            throw new IllegalStateException("JFR did not run (--probes " + selection.cliName() + ")");
        }
        if (report == null) {
            throw new IllegalStateException("save the .jfr after the run has finished");
        }
        AtomicOutput.write(file, replace, jfr::saveTo);
    }

    @Override
    public void close() {
        LiveCauses classing = live;
        if (classing != null) {
            classing.close();
        }
        InProcessSnapshotter s = snapshotter;
        if (s != null) {
            s.close();
        }
        HeldStackWitnesses sampler = held;
        if (sampler != null) {
            sampler.close();
        }
        if (jfr != null) {
            jfr.close();
        }
    }
}
