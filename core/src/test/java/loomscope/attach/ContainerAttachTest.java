package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import loomscope.testing.Jdk21;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM in a container, as Docker, Podman or a Kubernetes pod gives it on this host: its own mount, pid and network
 * namespaces ({@code unshare}), a private {@code /tmp}, and the project's folder (where the agent jar is) hidden. It is
 * attached to by its host pid from outside, recorded exactly, detached, attached again, and left with nothing of
 * LoomScope's in its {@code /tmp}; its namespaces end with it.
 */
@TestsSideBySide
class ContainerAttachTest {
    private static final int THREADS = 20;
    private static final int YIELDS = 50;

    @TempDir
    Path scratch;

    @Test
    void aJvmInItsOwnNamespacesIsRecordedThroughItsOwnTmp() throws Exception {
        recordedThroughItsOwnTmp(Path.of(System.getProperty("java.home")));
    }

    @Test
    void aJdk21JvmInItsOwnNamespacesIsRecordedThroughItsOwnTmp() throws Exception {
        Path jdk21 = Jdk21.find();
        assumeTrue(jdk21 != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21");
        recordedThroughItsOwnTmp(jdk21);
    }

    private void recordedThroughItsOwnTmp(Path javaHome) throws Exception {
        assumeTrue(canUnshare(), "unshare --mount --pid --net needs root (or user namespaces) and util-linux");
        try (Contained target = Contained.start(scratch, Contained.Kind.JVM_FIRST, javaHome)) {
            JvmEntry entry = JvmList.describe(target.hostPid);
            assertTrue(entry.attachable(), entry.toString());
            assertEquals("its own namespaces (mnt, net, pid)", entry.place());
            for (int attach = 1; attach <= 2; attach++) {
                String where = "attach " + attach + ": ";
                AttachSession session = AttachSession.start(target.hostPid, AgentJar.locate());
                List<String> oursWhileAttached = ours(target.hostPid);
                target.round();
                session.stop();
                session.close();
                // the socket's file goes as soon as the agent's connection is taken: the jar alone stays, while attached
                assertEquals(1, oursWhileAttached.size(), where + "ours while attached: " + oursWhileAttached);
                assertTrue(oursWhileAttached.get(0).endsWith(".jar"), where + "ours while attached: " + oursWhileAttached);
                assertTrue(session.detached(), where + "not detached: " + session.ending() + "; " + target.stderr());
                AttachedEpisodes e = session.episodes();
                assertEquals(1, e.carriers().size(), where + "carriers: " + e.carriers());
                assertEquals(THREADS, e.virtualThreadCount(), where + "virtual threads");
                // each thread's first mount and one more after each yield: exact, the round ran wholly while attached
                assertEquals(THREADS * (YIELDS + 1), e.episodeCount(), where + "episodes");
                assertEquals(0, e.dropped(), where + "dropped");
                assertEquals(0, e.doubledHooks(), where + "hooked twice: the first detach left a transformer in");
                assertEquals(List.of(), ours(target.hostPid), where + "left in the target's /tmp");
            }
            target.round();   // it runs on, unhooked
            assertFalse(target.stderr().contains("loomscope-agent:"), target.stderr());
        }
    }

    @Test
    void aContainerWhoseTmpCannotBeWrittenIsRefusedInOneLine() throws Exception {
        assumeTrue(canUnshare(), "unshare --mount --pid --net needs root (or user namespaces) and util-linux");
        try (Contained target = Contained.start(scratch, Contained.Kind.READ_ONLY_TMP)) {
            AttachRefusedException refused = assertThrows(AttachRefusedException.class,
                    () -> AttachSession.start(target.hostPid, AgentJar.locate()));
            String why = refused.getMessage();
            assertEquals(1, why.lines().count(), why);
            assertTrue(why.contains("runs in its own namespaces") && why.contains("not writable"), why);
            // attach --list says so too, where it said "yes" before
            String listed = JvmList.describe(target.hostPid).refusal();
            assertTrue(listed != null && listed.contains("which LoomScope cannot enter: its /tmp is not writable"),
                    String.valueOf(listed));
            target.round();   // nothing was sent to it
        }
    }

    @Test
    void aContainerIsNamedAsItsControlGroupNamesIt() {
        String id = "3f2a1b9c0d1e" + "ab".repeat(26);
        assertEquals("docker 3f2a1b9c0d1e", TargetProcess.containerOf("0::/system.slice/docker-" + id + ".scope\n"));
        assertEquals("docker 3f2a1b9c0d1e", TargetProcess.containerOf("12:memory:/docker/" + id + "\n"));
        assertEquals("podman 3f2a1b9c0d1e", TargetProcess.containerOf("0::/machine.slice/libpod-" + id + ".scope/container"));
        assertEquals("cri-containerd 3f2a1b9c0d1e", TargetProcess.containerOf(
                "0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1.slice/cri-containerd-" + id + ".scope"));
        assertEquals("kubernetes 3f2a1b9c0d1e", TargetProcess.containerOf("11:cpu:/kubepods/burstable/pod7f3e/" + id));
        assertEquals(null, TargetProcess.containerOf("0::/user.slice/user-1000.slice/session-2.scope\n"));
        assertEquals(null, TargetProcess.containerOf(""));
    }

    @Test
    void aJvmThatExitsWhileAttachedLeavesNothingInItsContainersTmp() throws Exception {
        assumeTrue(canUnshare(), "unshare --mount --pid --net needs root (or user namespaces) and util-linux");
        try (Contained target = Contained.start(scratch, Contained.Kind.JVM_UNDER_SHELL)) {
            AttachSession session = AttachSession.start(target.hostPid, AgentJar.locate());
            target.round();
            target.endJvm();
            assertTrue(session.awaitEnd(60_000), "the stream did not end with the JVM");
            session.close();
            assertTrue(session.targetExited(), "ended: " + session.ending());
            assertEquals(THREADS * (YIELDS + 1), session.episodes().episodeCount(), "episodes");
            // the JVM's /proc/PID/root went with it; its container's /tmp did not
            assertEquals(List.of(), ours(target.shellPid), "left in the container's /tmp");
        }
    }

    /** Names in the target's own /tmp that are LoomScope's. */
    private static List<String> ours(long pid) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("/proc", Long.toString(pid), "root", "tmp"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("loomscope")).sorted().toList();
        }
    }

    static boolean canUnshare() {
        try {
            Process p = new ProcessBuilder("unshare", "--mount", "--pid", "--net", "--fork", "--kill-child",
                    "--mount-proc", "true").redirectErrorStream(true).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }

    /** {@link MountLoop} on one carrier in namespaces of its own, run a round at a time ({@link GoRounds}). */
    private static final class Contained implements AutoCloseable {
        /** How the container is made. */
        enum Kind {
            /** the JVM is the namespaces' first process, as in most containers */
            JVM_FIRST,
            /** as JVM_FIRST with a /tmp that cannot be written, where the JVM keeps no perf data and takes no attach */
            READ_ONLY_TMP,
            /** a shell first, the JVM its child: the container outlives the JVM */
            JVM_UNDER_SHELL
        }

        private final Process unshare;
        private final long hostPid;
        private final long shellPid;
        private final TargetTurns turns;

        private Contained(Process unshare, long hostPid, long shellPid, TargetTurns turns) {
            this.unshare = unshare;
            this.hostPid = hostPid;
            this.shellPid = shellPid;
            this.turns = turns;
        }

        /** The target's classes go to a tmpfs of the namespace's own; the project's folder and /tmp are hidden. */
        static Contained start(Path scratch, Kind kind) throws Exception {
            return start(scratch, kind, Path.of(System.getProperty("java.home")));
        }

        static Contained start(Path scratch, Kind kind, Path javaHome) throws Exception {
            Path classes = TargetJvm.compile(Files.createDirectories(scratch.resolve("classes")), "MountLoop.java",
                    "GoRounds.java");
            Path project = Path.of("").toAbsolutePath().getParent();
            String java = javaHome.resolve("bin").resolve("java").toString();
            String command = "\"$3\" %s -Djdk.virtualThreadScheduler.parallelism=1 -Xmx128m -cp /mnt %s %d %d".formatted(
                    kind == Kind.READ_ONLY_TMP ? "-XX:-UsePerfData" : "", MountLoop.class.getName(), THREADS, YIELDS);
            String script = """
                    set -e
                    mount -t tmpfs -o size=16m tmpfs /mnt
                    cp -r "$1"/. /mnt/
                    mount -t tmpfs -o size=64m tmpfs "$2"
                    mount -t tmpfs -o size=64m,%s tmpfs /tmp
                    %s
                    """.formatted(kind == Kind.READ_ONLY_TMP ? "ro" : "rw",
                    kind == Kind.JVM_UNDER_SHELL ? command + "\nexec sleep 600" : "exec " + command);
            Path err = scratch.resolve("target.err");
            Process unshare = new ProcessBuilder("unshare", "--mount", "--pid", "--net", "--fork", "--kill-child",
                    "--mount-proc", "sh", "-c", script, "sh", classes.toString(), project.toString(), java)
                    .redirectError(err.toFile()).start();
            try {
                // READY first: before it, the shell's children are its mount and cp, not yet the JVM
                TargetTurns turns = new TargetTurns(unshare, err);   // unshare passes its stdin and stdout through
                turns.awaitReady();
                ProcessHandle first = await(() -> unshare.toHandle().children().findFirst().orElse(null), err);
                ProcessHandle jvm = kind != Kind.JVM_UNDER_SHELL ? first
                        : await(() -> first.children().findFirst().orElse(null), err);
                return new Contained(unshare, jvm.pid(), first.pid(), turns);
            } catch (Throwable t) {
                unshare.destroyForcibly();
                throw t;
            }
        }

        private static ProcessHandle await(java.util.function.Supplier<ProcessHandle> process, Path err) throws Exception {
            for (int i = 0; i < 300; i++) {
                ProcessHandle p = process.get();
                if (p != null) {
                    return p;
                }
                Thread.sleep(100);
            }
            throw new AssertionError("the container did not start its process: " + Files.readString(err));
        }

        /** Ends the JVM with its stdin; under a shell, its container lives on. */
        void endJvm() throws Exception {
            turns.endInput();
            assertTrue(ProcessHandle.of(hostPid).map(h -> {
                try {
                    h.onExit().get(60, TimeUnit.SECONDS);
                    return true;
                } catch (Exception e) {
                    return false;
                }
            }).orElse(true), "the JVM did not end");
        }

        void round() throws IOException {
            turns.round();
        }

        String stderr() {
            return turns.stderr();
        }

        /** Ends the target with its stdin, and so its namespaces (it is their first process; else its shell is killed). */
        @Override
        public void close() throws Exception {
            try {
                turns.endInput();
            } catch (IOException e) {
                // already gone
            }
            if (shellPid != hostPid) {
                ProcessHandle.of(shellPid).ifPresent(ProcessHandle::destroyForcibly);
            }
            if (!unshare.waitFor(30, TimeUnit.SECONDS)) {
                unshare.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            assertFalse(ProcessHandle.of(hostPid).map(ProcessHandle::isAlive).orElse(false), "the target outlived its "
                    + "namespaces' end");
        }
    }
}
