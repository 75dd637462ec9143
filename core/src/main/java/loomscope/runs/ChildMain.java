package loomscope.runs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import loomscope.workload.ThrowableText;
import loomscope.workload.UnsupportedModeException;
import loomscope.workload.WorkloadRun;

/**
 * The child JVM's entry point: runs one workload and streams what happens (see {@link Wire}) to the parent's
 * loopback port ({@link StreamChannel}); stdout and stderr stay free for the JVM and the user's flags.
 * Compiled for release 21 like everything it uses, so any runtime from 21 on can start it.
 * Its stdin brings the stream's token first, then commands. It exits when the run ends, when told
 * {@code cancel} (after sending what it has) or when its stdin closes: then the parent is gone and nobody
 * would stop us.
 */
public final class ChildMain {

    /** Exit status for arguments or a mode this JVM refuses (the F line says why). */
    static final int REFUSED = 2;
    /** Not 3: that is HotSpot's exit status for -XX:+ExitOnOutOfMemoryError. */
    static final int PARENT_GONE = 4;
    /** The stream writer was still busy (not broken) when the run had ended and it was given time to finish. */
    static final int STREAM_STUCK = 5;

    /** Set once main sends its last lines: a parent that closes our stdin then is not gone, it is done with us. */
    private static volatile boolean ending;
    private static volatile boolean cancelRequested;

    private ChildMain() { }

    public static void main(String[] args) throws Exception {
        // A task's own processes would outlive this JVM (their parent becomes PID 1): they end with it, on exit and on
        // SIGTERM; after a halt or a crash the parent ends those it saw (ChildLeftovers).
        Runtime.getRuntime().addShutdownHook(new Thread(ChildMain::endOwnProcesses, "loomscope-child-processes"));
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        OutputStream stream;
        try {
            String token = stdin.readLine();
            if (token == null) {
                System.exit(PARENT_GONE);
            }
            stream = StreamChannel.connect(ChildArgs.streamPort(args), token.trim());
        } catch (IOException | RuntimeException e) {
            System.err.println("LoomScope child: cannot reach the parent's stream port: " + e);
            System.exit(PARENT_GONE);
            return;
        }
        EventStreamer streamer = new EventStreamer(stream, Runtime.version().toString());
        ChildArgs childArgs;
        WorkloadRun run;
        try {
            childArgs = ChildArgs.parse(args);
            WorkloadRun.checkRunnable(childArgs.config());
        } catch (RuntimeException e) {
            refuse(streamer, e.getMessage());
            return;
        }
        AtomicReference<WorkloadRun> started = new AtomicReference<>();
        ChildProbes probes = ChildProbes.start(childArgs.probes(), streamer, childArgs.config().threads(),
                childArgs.config().shape().phasesDecide(), started::get);
        // before the task's code runs: a parent that is gone must end us also while a static initializer never returns
        listenForCommands(stdin, started);
        // Starting the run loads, initialises and constructs a task file's class: its code runs from here on.
        streamer.sendLine(Wire.PROBE + " " + ProgressWatch.PREPARING);
        Thread main = Thread.currentThread();
        ProgressWatch.start(streamer, () -> started.get() == null
                ? new ProgressWatch.Watched("the run has not started, its classes are loading", List.of(main))
                : new ProgressWatch.Watched("the run", threadsOf(started.get())));
        try {
            run = WorkloadRun.start(childArgs.config(), streamer);
            started.set(run);
            if (cancelRequested) {
                run.cancel();
            }
        } catch (UnsupportedModeException e) {
            probes.close();
            refuse(streamer, e.getMessage());   // says itself what is wrong (a mode, your task's constructor)
            return;
        } catch (RuntimeException e) {
            probes.close();
            refuse(streamer, ThrowableText.describe(e));
            return;
        }
        run.await(Long.MAX_VALUE);
        probes.runOver();
        // The last mount's end is reported by its carrier after the run's end: wait for the carriers to stop
        // so that it is in the stream before the end line.
        long deadline = System.nanoTime() + 2_000_000_000L;
        while (!run.carriersStopped() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        probes.close();
        if (run.failure() != null) {
            streamer.sendLine(Wire.FAILED + " the run failed in the child: " + ThrowableText.describe(run.failure()));
        }
        ending = true;
        if (!streamer.finish(5_000) && !streamer.isBroken()) {
            // never exit 0 without the end line: the parent would call that a death without a cause
            System.err.println("Error: LoomScope child: its stream to the parent made no progress for 5 s, "
                    + streamer.unsentLines() + " lines unsent; exiting without them");
            System.exit(STREAM_STUCK);
        }
        System.exit(streamer.isBroken() ? PARENT_GONE : 0);
    }

    private static void endOwnProcesses() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    private static List<Thread> threadsOf(WorkloadRun run) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < run.config().threads(); i++) {
            Thread t = run.thread(i);
            if (t != null) {
                threads.add(t);
            }
        }
        return threads;
    }

    private static void refuse(EventStreamer streamer, String why) throws InterruptedException {
        ending = true;
        streamer.sendLine(Wire.FAILED + " " + why);
        streamer.finish(5_000);
        System.exit(REFUSED);
    }

    /** {@code run}: the run once it exists; a cancel heard before then is kept for main to apply. */
    private static void listenForCommands(BufferedReader stdin, AtomicReference<WorkloadRun> run) {
        Thread listener = new Thread(() -> {
            try (BufferedReader in = stdin) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.trim().equals(Wire.CANCEL)) {
                        cancelRequested = true;   // heard before the run exists: main cancels it once it does
                        WorkloadRun started = run.get();
                        if (started != null) {
                            started.cancel();
                        }
                    }
                }
            } catch (IOException e) {
                // treated as the parent being gone, below
            }
            parentGone(run.get());
        }, "loomscope-child-commands");
        listener.setDaemon(true);
        listener.start();
    }

    /**
     * No parent reads our stream any more: stop the run and leave, without waiting on a pipe nobody drains, and
     * without what the parent would have removed (our processes, the folder it made for us).
     */
    private static void parentGone(WorkloadRun run) {
        if (ending || run != null && run.isFinished()) {
            return;
        }
        if (run != null) {
            run.cancel();
            try {
                run.await(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        endOwnProcesses();   // halt runs no shutdown hook
        String scratch = System.getProperty(ChildProbes.SCRATCH_PROPERTY);
        if (scratch != null) {
            ChildLeftovers.deleteTree(Path.of(scratch));
        }
        Runtime.getRuntime().halt(PARENT_GONE);
    }
}
