package loomscope.jdks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The runtimes the user added by hand, remembered across sessions in a plain text file (one path a line),
 * by default {@code ~/.loomscope/jdks.txt}. Only accepted paths are stored: {@link #add} refuses the rest
 * with the inspector's reason.
 */
public final class UserJdkPaths {

    private final Path file;
    private final JdkInspector inspector;

    public UserJdkPaths(Path file, JdkInspector inspector) {
        this.file = file;
        this.inspector = inspector;
    }

    public static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".loomscope", "jdks.txt");
    }

    /** The remembered paths; an unreadable or missing file means none. */
    public synchronized List<Path> paths() {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        try {
            List<Path> paths = new ArrayList<>();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    paths.add(Path.of(line.trim()));
                }
            }
            return List.copyOf(paths);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /**
     * Checks {@code path} and remembers it if it is a usable runtime.
     *
     * @return the verdict; a refusal is not stored
     * @throws IOException if the list cannot be written
     */
    public synchronized JdkCheck add(Path path) throws IOException {
        JdkCheck check = inspector.inspect(path, "added by you");
        if (check instanceof JdkCheck.Accepted a) {
            List<Path> paths = new ArrayList<>(paths());
            if (!paths.contains(a.jdk().home())) {
                paths.add(a.jdk().home());
                write(paths);
            }
        }
        return check;
    }

    public synchronized void remove(Path home) throws IOException {
        List<Path> paths = new ArrayList<>(paths());
        if (paths.remove(home)) {
            write(paths);
        }
    }

    private void write(List<Path> paths) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        List<String> lines = new ArrayList<>();
        lines.add("# Java runtimes added in LoomScope's \"Run on\" menu, one home folder a line");
        paths.forEach(p -> lines.add(p.toString()));
        // write-then-move so that a crash mid-write never leaves half a list
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(tmp, lines, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
    }
}
