package loomscope.runs;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * What a child JVM could leave behind, and its removal however the child ends. Its JFR repository: JFR deletes its
 * own (a {@code 2026_11_25_…_PID} folder of ~130 kB in the temp dir) only when the JVM exits normally, so a child
 * that halts, runs out of memory, crashes or is killed would leave one per run; the child gets a repository inside a
 * folder of ours instead, and the folder (only what we created) goes once the child has ended. The processes a task
 * started: once the child is gone they belong to PID 1 and run on, so they are taken (ProcessHandle.descendants(),
 * 2-4 ms: it reads /proc) each second while a task file's child lives (only a task starts processes) and just before
 * a child is killed, and ended with it.
 */
final class ChildLeftovers {
    /** SIGTERM first, so that a task's process can tidy up; then SIGKILL. */
    private static final long DESCENDANT_GRACE_MILLIS = 300;

    /** Children alive in this JVM and what they would leave: the app may exit (Ctrl+C, SIGTERM) with one running. */
    private static final Map<Process, ChildLeftovers> LIVE = new ConcurrentHashMap<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ChildLeftovers::endAllLive, "loomscope-child-reaper"));
    }

    private static final String FLIGHT_RECORDER_OPTIONS = "-XX:FlightRecorderOptions";

    private final Path folder;
    private final Set<ProcessHandle> descendants = ConcurrentHashMap.newKeySet();
    private boolean cleaned;

    private ChildLeftovers(Path folder) {
        this.folder = folder;
    }

    /** Creates the child's folder of ours under {@code tempBase}. */
    static ChildLeftovers create(Path tempBase) throws IOException {
        return new ChildLeftovers(Files.createTempDirectory(tempBase, "loomscope-child-"));
    }

    /** The folder of ours the child's JFR writes its repository into. */
    Path jfrRepository() { return folder; }

    /**
     * The JVM flag that puts the child's JFR repository in our folder; null if the path cannot be said in it
     * (FlightRecorderOptions splits its value at commas).
     */
    private String jfrRepositoryFlag() {
        String option = repositoryOption();
        return option == null ? null : FLIGHT_RECORDER_OPTIONS + ":" + option;
    }

    private String repositoryOption() {
        String path = folder.toAbsolutePath().toString();
        return path.contains(",") ? null : "repository=" + path;
    }

    /**
     * The user's flags, where a {@code -XX:FlightRecorderOptions} of theirs that names no repository gets ours added:
     * a later FlightRecorderOptions replaces an earlier one whole (measured on JDK 25), ours included.
     */
    List<String> userFlags(List<String> flags) {
        String ours = repositoryOption();
        return flags.stream().map(flag -> ours != null && (flag.startsWith(FLIGHT_RECORDER_OPTIONS + ":")
                || flag.startsWith(FLIGHT_RECORDER_OPTIONS + "=")) && !flag.contains("repository=")
                ? flag + "," + ours : flag).toList();
    }

    /** The child's flags for this folder: its JFR repository and its thread dumps go in it. */
    List<String> childFlags() {
        String flag = jfrRepositoryFlag();
        String scratch = "-D" + ChildProbes.SCRATCH_PROPERTY + "=" + folder.toAbsolutePath();
        return flag == null ? List.of(scratch) : List.of(flag, scratch);
    }

    /** Notes the child's descendants as they are now: once the child is dead they can no longer be found. */
    void noteDescendants(Process child) {
        try {
            child.descendants().forEach(descendants::add);
        } catch (RuntimeException e) {
            // a process table we cannot read: what was noted before still counts
        }
    }

    /**
     * Once the child has ended: ends the processes it left (a handle knows its process's start time, so a reused pid
     * is not touched) and deletes our folder. Safe to call more than once and from a shutdown hook.
     */
    synchronized void cleanUp() {
        if (cleaned) {
            return;
        }
        cleaned = true;
        endAll(List.copyOf(descendants));
        deleteFolder();
    }

    /**
     * Watches {@code child} until it ends: then its leftovers go, whatever way it ended. Until then the shutdown hook
     * knows it.
     */
    void watch(Process child) {
        LIVE.put(child, this);
        child.onExit().thenRun(() -> {
            cleanUp();
            LIVE.remove(child);
        });
    }

    /** The shutdown hook: every child still alive is killed with its processes, and its folder removed. */
    private static void endAllLive() {
        LIVE.forEach((child, leftovers) -> {
            leftovers.noteDescendants(child);
            child.destroyForcibly();
        });
        LIVE.forEach((child, leftovers) -> {
            try {
                // a killed JVM is gone within milliseconds; a folder deleted before that could be written again
                child.waitFor(1, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            leftovers.cleanUp();
        });
    }

    /** Whether {@link #cleanUp()} has run. */
    synchronized boolean isCleaned() { return cleaned; }

    private static void endAll(List<ProcessHandle> processes) {
        List<ProcessHandle> alive = processes.stream().filter(ProcessHandle::isAlive).toList();
        alive.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DESCENDANT_GRACE_MILLIS);
        for (ProcessHandle p : alive) {
            while (p.isAlive() && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    private void deleteFolder() {
        deleteTree(folder);
    }

    /** {@code folder} (one of ours) and everything in it, links removed as links (never followed out of it). */
    static void deleteTree(Path folder) {
        try {
            Files.walkFileTree(folder, new SimpleFileVisitor<>() {
                @Override public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }

                @Override public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // a file JFR still held open, a folder someone made read-only: what is left is in the temp dir,
            // named loomscope-child-…
        }
    }
}
