package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two processes that are each pid 1 in namespaces of their own and were started in one folder, as two containers that
 * mount one volume as their working folder: the JDK's attach to each makes {@code .attach_pid1} in that one folder.
 * While the JDK's attach to the first waits for a listener, an attach to the second waits for its turn and does not
 * signal it; once the first attach has ended, the second's turn comes. The two are shells that never start a
 * listener and print a line for each SIGQUIT: the JDK's whole wait is the first attach's turn, and every signal is
 * counted. (Before the turns, the first attach to end deleted the file while the other JVM had yet to look for it: a
 * whole run failed so, a JDK 25 and a JDK 21 JVM attached side by side in {@link ContainerAttachTest}.)
 */
class HandshakeTurnsTest {
    @TempDir
    Path scratch;

    @Test
    void twoPidOnesInOneFolderTakeTurnsAtTheJdksHandshake() throws Exception {
        assumeTrue(ContainerAttachTest.canUnshare(), "unshare --mount --pid needs root (or user namespaces) and util-linux");
        Path folder = Files.createDirectories(scratch.resolve("one working folder"));
        try (SignalCounter first = SignalCounter.start(folder); SignalCounter second = SignalCounter.start(folder)) {
            assertEquals(1, new TargetProcess(first.pid).namespacePid());
            assertEquals(1, new TargetProcess(second.pid).namespacePid());

            // the first never answers, so the JDK waits out its whole timeout, well over 4 s of an 8 s deadline
            CompletableFuture<RuntimeException> firstAttach = CompletableFuture.supplyAsync(
                    () -> attach(first.pid, Duration.ofSeconds(8)));
            first.awaitSignals(1);
            RuntimeException secondAttach = attach(second.pid, Duration.ofSeconds(2));
            assertInstanceOf(AttachFailedException.class, secondAttach, String.valueOf(secondAttach));
            assertTrue(secondAttach.getMessage().contains("did not get its turn"), secondAttach.getMessage());
            assertEquals(0, second.signals(), "signalled while the first attach's handshake was open");

            RuntimeException firstEnded = firstAttach.get(60, TimeUnit.SECONDS);
            assertInstanceOf(AttachRefusedException.class, firstEnded, String.valueOf(firstEnded));
            assertFalse(Files.exists(folder.resolve(".attach_pid1")), "the JDK's attach left its file");

            RuntimeException secondsTurn = attach(second.pid, Duration.ofSeconds(3));
            assertInstanceOf(AttachRefusedException.class, secondsTurn, String.valueOf(secondsTurn));
            assertTrue(second.signals() >= 1, "its turn came, and with it the JDK's SIGQUIT");
        }
    }

    /** The JDK's attach with the load of a jar that is never reached (neither process starts a listener). */
    private static RuntimeException attach(long pid, Duration deadline) {
        try {
            JdkAttach.load(pid, "/nonexistent/agent.jar", "", System.nanoTime() + deadline.toNanos(), deadline);
            return null;
        } catch (AttachRefusedException | AttachFailedException e) {
            return e;
        }
    }

    /** A shell, pid 1 in namespaces of its own (with a /tmp of its own), that prints a line for each SIGQUIT. */
    private static final class SignalCounter implements AutoCloseable {
        private final Process unshare;
        private final long pid;
        private final AtomicInteger signals = new AtomicInteger();

        private SignalCounter(Process unshare, long pid) {
            this.unshare = unshare;
            this.pid = pid;
        }

        static SignalCounter start(Path folder) throws Exception {
            String script = """
                    set -e
                    mount -t tmpfs -o size=1m tmpfs /tmp
                    trap 'echo QUIT' QUIT
                    echo READY
                    while :; do sleep 0.1; done
                    """;
            Process unshare = new ProcessBuilder("unshare", "--mount", "--pid", "--fork", "--kill-child", "--mount-proc",
                    "sh", "-c", script).directory(folder.toFile()).redirectErrorStream(true).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(unshare.getInputStream(),
                        StandardCharsets.UTF_8));
                assertEquals("READY", out.readLine());
                long pid = unshare.toHandle().children().findFirst().orElseThrow().pid();
                SignalCounter counter = new SignalCounter(unshare, pid);
                Thread reader = new Thread(() -> out.lines().filter("QUIT"::equals)
                        .forEach(line -> counter.signals.incrementAndGet()), "signals of " + pid);
                reader.setDaemon(true);
                reader.start();
                return counter;
            } catch (Throwable t) {
                unshare.destroyForcibly();
                throw t;
            }
        }

        int signals() {
            return signals.get();
        }

        void awaitSignals(int count) throws InterruptedException {
            for (int i = 0; i < 600 && signals.get() < count; i++) {
                Thread.sleep(50);
            }
            assertTrue(signals.get() >= count, "no SIGQUIT came within 30 s");
        }

        @Override
        public void close() throws Exception {
            unshare.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
            unshare.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
