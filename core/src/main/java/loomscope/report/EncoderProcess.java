package loomscope.report;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The encoder's process and everything it started, stopped together: on failure, on cancel and when this JVM is
 * stopped (Ctrl+C, SIGTERM), through a shutdown hook of its own. An encoder is often a wrapper script whose real
 * work runs in a child; killing only the script orphaned the child under PID 1.
 */
final class EncoderProcess {
    private final Process process;
    private final Thread killOnExit;

    /** @throws IOException if this JVM is already shutting down: the process is stopped at once */
    EncoderProcess(Process process) throws IOException {
        this.process = process;
        this.killOnExit = new Thread(this::kill, "loomscope-encoder-stop");
        try {
            Runtime.getRuntime().addShutdownHook(killOnExit);
        } catch (IllegalStateException shuttingDown) {
            kill();
            throw new IOException("stopping: the encoder was not started");
        }
    }

    Process process() { return process; }

    /** Kills the process tree (the descendants first, while they can still be found through it) and waits a moment. */
    void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The process is over (finished or killed): the hook has nothing left to stop. */
    void forget() {
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running now, or has run: it kills what is already gone
        }
    }
}
