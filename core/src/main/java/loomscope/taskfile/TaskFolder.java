package loomscope.taskfile;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A temporary folder of ours for one task's source copy and compiled classes. Only a folder this class created is
 * ever removed, and only what is inside it: the user's own files are never touched.
 */
public final class TaskFolder implements AutoCloseable {
    private static final String PREFIX = "loomscope-task-";

    private final Path root;
    /** Removes the folder if the JVM ends first (Ctrl+C, the window closed mid-run). */
    private final Thread removeOnExit;

    private TaskFolder(Path root) {
        this.root = root;
        this.removeOnExit = new Thread(() -> removeTree(root), "loomscope-task-cleanup");
        Runtime.getRuntime().addShutdownHook(removeOnExit);
    }

    /** A new, empty folder under the system's temporary folder. */
    public static TaskFolder create() throws IOException {
        return new TaskFolder(Files.createTempDirectory(PREFIX));
    }

    public Path root() { return root; }

    /** Where the compiler writes the classes a child JVM loads. */
    public Path classes() { return root.resolve("classes"); }

    /** Where a source that lives only in the window is written for the compiler, named as javac wants it. */
    public Path source(String className) { return root.resolve("src").resolve(className + ".java"); }

    /** Removes the folder and what is in it; safe to call twice, from any thread. */
    @Override
    public void close() {
        removeTree(root);
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnExit);
        } catch (IllegalStateException exiting) {
            // the JVM is shutting down: the hook runs anyway
        }
    }

    private static void removeTree(Path root) {
        if (!Files.isDirectory(root) || !root.getFileName().toString().startsWith(PREFIX)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.delete(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.delete(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // a temporary folder: the OS cleans it eventually
        }
    }
}
