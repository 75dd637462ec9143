package loomscope.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;

/**
 * The JFR repositories a child JVM left in a folder: JFR names its default one {@code 2026_11_25_17_33_49_<pid>} in the
 * temp folder and removes it only on a normal exit. Only those made since a test began count: a pid is reused, and JVMs
 * killed on the same machine hours before had left {@code /tmp/2026_11_29_00_39_24_973} and
 * {@code /tmp/2026_11_28_22_32_09_32614} for later children with those pids (two fresh-clone CI runs here).
 */
public final class JfrRepositories {
    private JfrRepositories() { }

    /** The entries of {@code folder} named for {@code pid} and last modified at or after {@code since}. */
    public static List<Path> leftBy(long pid, Path folder, FileTime since) throws IOException {
        String suffix = "_" + pid;
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(p -> p.getFileName().toString().endsWith(suffix)).filter(p -> madeSince(p, since)).toList();
        }
    }

    /** What {@link #leftBy} is given as a test begins: a second before now, since a file system may keep times to the second. */
    public static FileTime testBegins() {
        return FileTime.fromMillis(System.currentTimeMillis() - 1_000);
    }

    /** Whether {@code path} was last modified at or after {@code since}; a path gone meanwhile was not left behind. */
    private static boolean madeSince(Path path, FileTime since) {
        try {
            return Files.getLastModifiedTime(path).compareTo(since) >= 0;
        } catch (IOException gone) {
            return false;
        }
    }
}
