package loomscope.runs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import loomscope.io.ForeignText;
import loomscope.probe.CauseClassifier;
import loomscope.probe.CauseReport;
import loomscope.probe.LiveCauses;
import loomscope.probe.PinnedEvent;
import loomscope.probe.ThreadSnapshot;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.recording.TeeObserver;
import loomscope.workload.RunObserver;
import loomscope.workload.ThrowableText;
import loomscope.workload.WorkloadConfig;

/**
 * A workload running in a child JVM, its recording rebuilt here live from the child's stream, which comes over
 * a loopback connection of its own ({@link StreamChannel}). Four platform threads watch it: one reads the
 * stream, two drain the child's stdout and stderr (the JVM's and the user's flags' output, kept bounded), one
 * is the hang watchdog. Whatever happens to the child (crash, out of memory, kill, hang, a torn stream, a JVM
 * that will not start) the recording so far is kept, the process is gone when {@link #isFinished()} turns true,
 * and {@link #outcome()} says what happened, in the child's own words where it gave any.
 */
public final class ChildRun implements LiveRun {

    /** The child sends a heartbeat every 0.5 s; this much silence means its JVM is stuck (e.g. in a safepoint). */
    public static final long DEFAULT_HANG_MILLIS = 10_000;
    private static final long STOP_GRACE_MILLIS = 500;
    private static final long DESTROY_GRACE_MILLIS = 300;
    private static final long GARBLED_GRACE_MILLIS = 1_500;
    /** A child that said OutOfMemoryError and then went this quiet is not coming back (if it did not exit by itself). */
    private static final long OOM_SILENCE_MILLIS = 2_000;
    /** A failure line quotes at most this much (a task's exception message may be a megabyte). */
    private static final int MAX_MESSAGE_CHARS = 2_000;

    /** How to run the child; {@code alsoTell} hears what the recording hears; {@code jfrFirst}: wait for JFR's first flush. */
    public record Options(long hangMillis, boolean jfrPinned, double dumpsPerSecond, RunObserver alsoTell, boolean jfrFirst) {
        public static Options plain() {
            return new Options(DEFAULT_HANG_MILLIS, false, 0, RunObserver.NONE, true);
        }

        public Options withHangMillis(long millis) {
            return new Options(millis, jfrPinned, dumpsPerSecond, alsoTell, jfrFirst);
        }

        /** Also stream JFR pinned events and, {@code dumpsPerSecond} times a second, HotSpot JSON thread dumps. */
        public Options withProbes(boolean jfr, double dumps) {
            return new Options(hangMillis, jfr, dumps, alsoTell, jfrFirst);
        }

        public Options alsoTelling(RunObserver observer) {
            return new Options(hangMillis, jfrPinned, dumpsPerSecond, observer, jfrFirst);
        }

        /** JFR records from before the first mount, but the run does not wait for its first flush (your code). */
        public Options withJfrAlongside() {
            return new Options(hangMillis, jfrPinned, dumpsPerSecond, alsoTell, false);
        }
    }

    private final RunTarget.ChildJvm target;
    private final WorkloadConfig config;
    private final Options options;
    private final Path errorFileDir;
    private final ChildOutput stderr = new ChildOutput();
    private final ChildOutput stdout = new ChildOutput();
    /** How the child's run ended, judged from its stream's end, its exit and its own words. */
    private final ChildOutcomes outcomes;
    private StreamChannel channel;
    private final StreamReceiver receiver;
    private final CountDownLatch finished = new CountDownLatch(1);
    private volatile Process process;
    private ChildLeftovers leftovers;
    private Thread stderrDrainer;
    private Thread stdoutDrainer;
    private volatile RunRecording recording;
    private volatile RunOutcome outcome;
    private volatile String failure;
    private volatile String killedBecause;
    private volatile boolean stopRequested;
    private volatile long hungAfterMillis = -1;
    private final ChildProbeLines probeLines = new ChildProbeLines();
    private volatile CauseReport causes;
    /** The held mounts classed while the child runs, from its witnesses as they arrive (null: not classed until its end). */
    private volatile LiveCauses live;

    private ChildRun(RunTarget.ChildJvm target, WorkloadConfig config, Options options) {
        this.target = target;
        this.config = config;
        this.options = options;
        this.errorFileDir = Path.of(System.getProperty("java.io.tmpdir"), "loomscope");
        this.receiver = new StreamReceiver(new Listener());
        this.outcomes = new ChildOutcomes(stderr, stdout, errorFileDir);
    }

    /** Starts the child and returns at once; a child that cannot start gives a finished run with a Failed outcome. */
    public static ChildRun start(RunTarget.ChildJvm target, WorkloadConfig config, Options options) {
        ChildRun run = new ChildRun(target, config, options);
        run.launch();
        return run;
    }

    private void launch() {
        try {
            channel = StreamChannel.listen();
            ChildArgs args = new ChildArgs(config, ChildArgs.ProbeRequest.of(options), channel.port());
            Files.createDirectories(errorFileDir);
            leftovers = ChildLeftovers.create(Path.of(System.getProperty("java.io.tmpdir")));
            process = new ProcessBuilder(ChildCommand.build(target, args, errorFileDir, leftovers)).start();
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            if (leftovers != null) {
                leftovers.cleanUp();
            }
            end(new RunOutcome.Failed("could not start " + target.jdk().javaLauncher() + ": " + e.getMessage()));
            return;
        }
        leftovers.watch(process);
        sendToChild(channel.token());
        stderrDrainer = daemon("loomscope-child-stderr", () -> stderr.drain(process.getErrorStream()));
        stderrDrainer.start();
        stdoutDrainer = daemon("loomscope-child-stdout", () -> stdout.drain(process.getInputStream()));
        stdoutDrainer.start();
        daemon("loomscope-child-watchdog", this::watch).start();
        daemon("loomscope-child-stream", this::readStream).start();
    }

    private static Thread daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        return t;
    }

    private void readStream() {
        RunOutcome result = null;
        try {
            result = readToTheEnd();
        } catch (RuntimeException | Error e) {
            // our own fault (a class that would not load, memory): the child must not outlive a run nobody reads
            result = new RunOutcome.Failed("LoomScope stopped reading the child: " + ThrowableText.describe(e));
            kill("LoomScope stopped reading it");
        } finally {
            end(result);   // always: a run that never says it ended hangs every waiter (the CLI, the window, a test)
        }
    }

    /** Reads the stream until it ends, waits for the child's exit, and judges how it ended. */
    private RunOutcome readToTheEnd() {
        Process p = process;
        StreamReceiver.Ending ending;
        try {
            InputStream in = channel.accept(() -> p.isAlive() && killedBecause == null);
            // a child that never connected (it did not start, or died first) has said nothing: a cut at line 0
            ending = in == null ? new StreamReceiver.Ending.Cut(0) : receiver.receive(in);
        } catch (IOException e) {
            ending = new StreamReceiver.Ending.ReadFailed(e.getMessage());
        } finally {
            channel.close();
        }
        if (ending instanceof StreamReceiver.Ending.WrongVersion) {
            kill("its stream made no sense");
        }
        try {
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                kill("it did not exit after its stream ended");
                p.waitFor(2, TimeUnit.SECONDS);
            }
            // the reason it died (OutOfMemoryError, a crash report's path) may be among its last lines
            stderrDrainer.join(1_000);
            stdoutDrainer.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        int exit = p.isAlive() ? -1 : p.exitValue();
        RunRecording r = recording;
        return outcomes.judge(ending, exit, p.pid(), new ChildOutcomes.OurSide(hungAfterMillis, failure, killedBecause,
                stopRequested, receiver.helloSeen(), r != null && r.wasCancelled()));
    }

    private void end(RunOutcome result) {
        RunRecording r = recording;
        RunOutcome decided = result != null ? result : new RunOutcome.Failed("LoomScope could not tell how the child ended");
        try {
            Process p = process;
            if (p != null && !p.isAlive()) {
                leftovers.cleanUp();   // now rather than on onExit's thread: a run that is over has left nothing
            }
            if (r != null && r.runStart() >= 0 && !r.isFinished()) {
                // A partial recording: close its clock where the data stops, so its lanes stop moving. The child's
                // own completed count never arrived; count only tasks seen to finish their sleep, not every DONE.
                new RunRecorder(r).runEnded(receiver.lastInputNanos(), r.doneAfterFullSleepCount(), true);
            }
            LiveCauses classing = live;
            if (classing != null) {
                classing.close();   // before the end's classing, which classes every mount anew
            }
            if (r != null) {
                causes = ChildCauses.atEnd(r, options.jfrPinned(), decided, probeLines);
            }
        } catch (RuntimeException | Error e) {
            // the run's own outcome stands; its held mounts stay unsure, and say why
            causes = r == null ? null : CauseClassifier.notClassified(r,
                    "LoomScope could not class the mounts: " + ThrowableText.describe(e));
        } finally {
            outcome = decided;
            finished.countDown();   // a run that never says it ended hangs every waiter: the CLI, the window, a test
        }
    }

    private void watch() {
        for (int tick = 0; finished.getCount() > 0; tick++) {
            try {
                if (finished.await(200, TimeUnit.MILLISECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
            if (tick % 5 == 0 && config.scenario().runsYourCode()) {
                leftovers.noteDescendants(process);   // a task's processes: once the child is dead they cannot be found
            }
            long silent = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - receiver.lastInputNanos());
            String oom = stderr.outOfMemory() != null ? stderr.outOfMemory() : stdout.outOfMemory();
            if (oom != null && silent >= OOM_SILENCE_MILLIS && process.isAlive()) {
                kill("it ran out of memory (" + oom + ")");   // e.g. the user turned -XX:+ExitOnOutOfMemoryError off
            } else if (silent >= options.hangMillis() && process.isAlive() && hungAfterMillis < 0) {
                hungAfterMillis = silent;
                kill("it hung");
            }
        }
    }

    /** Kills the child now (SIGTERM, then SIGKILL after 0.3 s); returns at once. */
    public void kill(String why) {
        Process p = process;
        if (p == null || !p.isAlive()) {
            return;
        }
        if (killedBecause == null) {
            killedBecause = why;
        }
        // Stop reading first: destroy() closes the child's stdin, which the child takes for "parent gone" and
        // answers by cancelling and sending its end line, and a killed run must not pass for a cancelled one.
        channel.close();
        leftovers.noteDescendants(p);
        p.destroy();
        daemon("loomscope-child-killer", () -> {
            try {
                if (!p.waitFor(DESTROY_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
            }
        }).start();
    }

    /** One line on the child's stdin (the stream's token, then commands); false if the pipe is closed. */
    private synchronized boolean sendToChild(String line) {
        try {
            OutputStream in = process.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
            return true;
        } catch (IOException e) {
            return false;   // it is dying or dead: its outcome will say why
        }
    }

    /** Asks the child to cancel (it then sends what it has and exits); kills it if it has not within 0.5 s. */
    @Override
    public void stop() {
        stopRequested = true;
        Process p = process;
        if (p == null || !p.isAlive()) {
            return;
        }
        if (!sendToChild(Wire.CANCEL)) {
            kill("stopped by you");
            return;
        }
        daemon("loomscope-child-stopper", () -> {
            try {
                if (!p.waitFor(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                    kill("stopped by you (it did not stop within " + STOP_GRACE_MILLIS + " ms)");
                }
            } catch (InterruptedException e) {
                kill("stopped by you");
            }
        }).start();
    }

    @Override public RunTarget target() { return target; }

    @Override public RunRecording recording() { return recording; }

    @Override public boolean await(long millis) throws InterruptedException {
        return finished.await(millis, TimeUnit.MILLISECONDS);
    }

    @Override public boolean isFinished() { return finished.getCount() == 0; }

    @Override public RunOutcome outcome() { return outcome; }

    /** The child's process id, or -1 if it never started. */
    public long pid() {
        Process p = process;
        return p == null ? -1 : p.pid();
    }

    /** The folder of ours that holds the child's JFR repository (null if none was made): gone once the child ended. */
    public Path scratchFolder() { return leftovers == null ? null : leftovers.jfrRepository(); }

    /** Whether the child process is still alive. */
    public boolean childAlive() {
        Process p = process;
        return p != null && p.isAlive();
    }

    /**
     * HotSpot JSON thread dumps the child took, parsed there, on the recording clock, oldest first; once the run is over,
     * only those taken while it ran. The child's dumper hears of the run's end a moment after it (and of its start only
     * when its first period is over): a dump begun in between is of no run, and would be placed outside it.
     */
    public List<ThreadSnapshot> snapshots() {
        List<ThreadSnapshot> all = probeLines.snapshots();
        RunRecording r = recording;
        if (r == null || !r.isFinished()) {
            return all;
        }
        return all.stream().filter(s -> s.takenAt() >= r.runStart() && s.takenAt() < r.runEnd()).toList();
    }

    /** JFR pinned events from the child, in arrival order (JFR delivers them up to a second late). */
    public List<PinnedEvent> pinnedEvents() { return probeLines.pinnedEvents(); }

    /** Why the mounts held their carriers, classed from the child's JFR once the run is over; null before, or without a recording. */
    public CauseReport causes() { return causes; }

    /** What went wrong with the probes (a dump that failed, ...), if anything. */
    public List<String> probeNotes() { return probeLines.notes(); }

    /** While the child says its run has made no progress for a while: what its threads are doing; else null. */
    @Override public String noProgress() { return isFinished() ? null : probeLines.noProgress(); }

    @Override public boolean preparing() { return probeLines.preparing(); }

    /** The child's last lines of its own output (stderr, then stdout's marked so), for an error dialog. */
    public List<String> childOutput() { return outcomes.childOutput(); }

    private final class Listener implements StreamReceiver.Listener {
        @Override public StreamReceiver.Target hello(String javaVersion) {
            RunRecording r = RunRecording.forAnotherJvm(config, javaVersion);
            recording = r;
            if (options.jfrPinned()) {
                live = LiveCauses.start(r, List.of(LiveCauses.source(probeLines::pinnedEventsSince,
                        probeLines::witnessesSince)), "loomscope-child-live-causes");
            }
            RunRecorder recorder = new RunRecorder(r);
            RunObserver to = options.alsoTell() == RunObserver.NONE ? recorder : new TeeObserver(recorder, options.alsoTell());
            return new StreamReceiver.Target(to, r.origin());
        }

        @Override public void probeLine(String payload) { probeLines.accept(payload); }

        /** Why the child refused or failed; may quote the task's exception message: cleaned, not sent raw. */
        @Override public void failed(String message) {
            failure = message == null ? null : ForeignText.clean(message, MAX_MESSAGE_CHARS);
        }

        @Override public void foreign(String line) { stderr.line(line); }

        /** A crashing JVM dies on its own within a second or so; a child that goes on talking nonsense is killed. */
        @Override public void garbled(StreamReceiver.Ending.Garbled first) {
            Process p = process;
            daemon("loomscope-child-garbled", () -> {
                try {
                    if (!p.waitFor(GARBLED_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                        kill("its stream made no sense");
                    }
                } catch (InterruptedException e) {
                    kill("its stream made no sense");
                }
            }).start();
        }
    }
}
