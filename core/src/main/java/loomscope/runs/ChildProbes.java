package loomscope.runs;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import com.sun.management.HotSpotDiagnosticMXBean;
import loomscope.clock.WallAndNanoTime;
import loomscope.probe.HeldStackWitnesses;
import loomscope.probe.HotSpotThreadDump;
import loomscope.probe.ThreadSnapshot;
import loomscope.probe.Witness;
import loomscope.workload.WorkloadRun;

/**
 * The probes the child runs beside its workload, streamed as {@code X} lines. Polling HotSpot's JSON
 * thread dump can crash a JVM while virtual threads mount and unmount (JDK-8359870, JDK-8364343): here
 * that costs only the child, and the parent reports the crash with its hs_err file. A dump holds every thread,
 * so a run of more than {@value SampledSnapshot#MAX_SAMPLED} threads gets {@link SampledSnapshot}s instead:
 * bounded cost and memory at any thread count.
 */
final class ChildProbes implements AutoCloseable {

    /** The folder of ours the parent made for this child ({@link ChildLeftovers}), removed when the child has ended. */
    static final String SCRATCH_PROPERTY = "loomscope.child.scratch";

    private final Thread dumper;
    private final PinnedEvents pinned;
    /** Stacks of mounts held while the run goes, sent as witness lines when it is over (null: not sampled). */
    private final HeldStackWitnesses held;
    private final EventStreamer streamer;
    /** Counted down on close; the dumper waits on it between dumps (never interrupted: that could cut a dump file). */
    private final CountDownLatch closing = new CountDownLatch(1);
    /**
     * The run has ended: no dump or sample is begun from now on. One begun after the end, before {@link #close} (the
     * child first waits for its carriers to stop), would be a snapshot of no run, placed after its end.
     */
    private volatile boolean runOver;

    /**
     * @param threads the run's thread count
     * @param run     the run once it has started, else null
     */
    private ChildProbes(ChildArgs.ProbeRequest request, EventStreamer streamer, int threads, boolean phasesDecide,
                        Supplier<WorkloadRun> run) {
        this.pinned = request.jfrPinned() ? PinnedEvents.start(streamer, request.jfrFirst()) : null;
        this.streamer = streamer;
        // beside JFR's witnesses, for what JFR has no event for; not where the task's phases decide (its code is the witness)
        this.held = pinned != null && !phasesDecide
                ? HeldStackWitnesses.start(streamer.heldMounts(run), streamer::carrierName, "loomscope-child-held-stacks") : null;
        if (request.dumpPeriodMillis() > 0) {
            long periodMillis = request.dumpPeriodMillis();
            Runnable loop = SampledSnapshot.sampled(threads)
                    ? () -> sampleLoop(streamer, periodMillis, threads, run)
                    : () -> dumpLoop(streamer, periodMillis);
            dumper = new Thread(loop, "loomscope-child-dumps");
            dumper.setDaemon(true);
            dumper.start();
        } else {
            dumper = null;
        }
    }

    /** @param phasesDecide whether the task's phases decide its verdicts (then no stacks are sampled) */
    static ChildProbes start(ChildArgs.ProbeRequest request, EventStreamer streamer, int threads, boolean phasesDecide,
                             Supplier<WorkloadRun> run) {
        return new ChildProbes(request, streamer, threads, phasesDecide, run);
    }

    private void sampleLoop(EventStreamer streamer, long periodMillis, int threads, Supplier<WorkloadRun> run) {
        streamer.sendLine(Wire.PROBE + " note " + SampledSnapshot.note(threads));
        while (true) {
            try {
                if (closing.await(periodMillis, TimeUnit.MILLISECONDS) || runOver) {
                    return;
                }
                WorkloadRun started = run.get();
                if (started != null) {
                    ThreadSnapshot snapshot = SampledSnapshot.take(started, SampledSnapshot.MAX_SAMPLED, streamer::now);
                    streamer.sendLine(Wire.PROBE + " " + SnapshotCodec.encode(snapshot));
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                streamer.sendLine(Wire.PROBE + " note thread sample failed: " + e);
            }
        }
    }

    private void dumpLoop(EventStreamer streamer, long periodMillis) {
        HotSpotDiagnosticMXBean bean = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        Path dir;
        try {
            // in the parent's folder for this child when it gave one: a child that crashes mid-dump (the risk
            // above) or is killed would leave its dumps folder in the temp dir
            String scratch = System.getProperty(SCRATCH_PROPERTY);
            dir = scratch == null ? Files.createTempDirectory("loomscope-child-dumps")
                    : Files.createTempDirectory(Path.of(scratch), "loomscope-child-dumps");
        } catch (IOException e) {
            streamer.sendLine(Wire.PROBE + " note thread dumps unavailable: " + e.getMessage());
            return;
        }
        int n = 0;
        while (true) {
            try {
                if (closing.await(periodMillis, TimeUnit.MILLISECONDS) || runOver) {
                    break;
                }
                Path file = dir.resolve("dump-" + n++ + ".json");
                // one calibration pair per dump maps the dump's wall-clock instants onto the stream's clock
                WallAndNanoTime clocks = WallAndNanoTime.read();
                bean.dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
                long took = System.nanoTime() - clocks.nanoTime();
                HotSpotThreadDump dump = HotSpotThreadDump.read(file);
                Files.deleteIfExists(file);
                ThreadSnapshot snapshot = dump.toSnapshot(at -> streamer.relative(clocks.nanoTimeOf(at)), took);
                streamer.sendLine(Wire.PROBE + " " + SnapshotCodec.encode(snapshot));
            } catch (InterruptedException e) {
                break;
            } catch (IOException | RuntimeException e) {
                streamer.sendLine(Wire.PROBE + " note thread dump failed: " + e);
            }
        }
        try {
            Files.deleteIfExists(dir.resolve("dump-" + n + ".json"));
            Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a leftover empty temp folder is harmless
        }
    }

    /** The run has ended (called at once, before the child waits for its carriers): no snapshot is begun after it. */
    void runOver() {
        runOver = true;
    }

    @Override
    public void close() {
        closing.countDown();
        if (dumper != null) {
            try {
                dumper.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (held != null) {
            for (Witness w : held.stop()) {
                streamer.sendLine(Wire.PROBE + " " + PinnedEvents.encodeWitness(new Witness(w.kind(), streamer.relative(w.start()),
                        w.duration(), w.detail(), w.stack())));
            }
        }
        if (pinned != null) {
            pinned.close();
        }
    }
}
