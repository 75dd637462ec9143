package loomscope.cli;

import java.io.IOError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

import loomscope.io.AtomicOutput;
import loomscope.report.ExportFolder;

/**
 * Checks the paths a command will write, before any work: a 27 s run must not end in "cannot write". Nothing is
 * left behind: the write test is a temporary file of ours, removed at once. Every refusal is one line that names
 * the option ({@link BadOption}).
 */
final class OutputPaths {
    private OutputPaths() { }

    /** A new file: not empty, not a folder, not an existing file (never overwritten), in a folder we can write. */
    static Path newFile(Path file, String option) {
        Path absolute = absolute(file, option);
        if (Files.isDirectory(absolute)) {
            throw new BadOption(option, absolute + " is a folder; name a new file");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadOption(option, absolute + " already exists; LoomScope does not overwrite files: name a new one");
        }
        Path folder = absolute.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new BadOption(option, "no such folder: " + folder);
        }
        canCreateIn(folder, option);
        try {
            // the names the write will make, not a short one of ours: a 250-byte name passed, ran, then failed
            AtomicOutput.probe(absolute);
        } catch (IOException e) {
            int bytes = absolute.getFileName().toString().getBytes(StandardCharsets.UTF_8).length;
            throw new BadOption(option, "cannot create " + absolute.getFileName() + " (a name of " + bytes + " bytes) in "
                    + folder + ": " + ExportFolder.reason(e, folder));
        }
        return absolute;
    }

    /**
     * A folder to write into, made later if missing: not empty, not a file, and its nearest existing ancestor a
     * folder we can write in. Creates nothing, so a refused or failed export leaves no empty folder.
     */
    static Path folder(Path folder, String option) {
        Path absolute = absolute(folder, option);
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            throw new BadOption(option, "no existing folder above " + absolute);
        }
        if (!Files.isDirectory(existing)) {
            throw new BadOption(option, "cannot export to " + absolute + ": " + (existing.equals(absolute)
                    ? "it is a file, not a folder" : existing + " is a file, not a folder"));
        }
        canCreateIn(existing, option);
        return absolute;
    }

    /** A file to read: not empty, a regular file, at most {@code maxBytes}. */
    static Path inputFile(Path file, String option, long maxBytes) {
        Path absolute = absolute(file, option);
        if (Files.isDirectory(absolute)) {
            throw new BadOption(option, absolute + " is a folder, not a file");
        }
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            // never opened: a pipe would block until someone writes, a device such as /dev/zero never ends
            throw new BadOption(option, absolute + " is not a regular file (a pipe, a device or a socket)");
        }
        if (!Files.isRegularFile(absolute)) {
            throw new BadOption(option, "no such file: " + absolute);
        }
        try {
            long size = Files.size(absolute);
            if (size > maxBytes) {
                throw new BadOption(option, absolute + " is " + size + " bytes; a runs file is at most " + maxBytes);
            }
        } catch (IOException e) {
            throw new BadOption(option, "cannot read " + absolute + ": " + ExportFolder.reason(e));
        }
        if (!Files.isReadable(absolute)) {
            throw new BadOption(option, "cannot read " + absolute + ": permission denied");
        }
        return absolute;
    }

    private static Path absolute(Path path, String option) {
        // picocli turns "" into the working folder: an empty path is a slip, never a choice
        if (path == null || path.toString().isBlank()) {
            throw new BadOption(option, "the path is empty");
        }
        try {
            return path.toAbsolutePath().normalize();
        } catch (InvalidPathException | IOError e) {
            throw new BadOption(option, "not a usable path: " + path);
        }
    }

    /** Permission bits lie to root and to read-only mounts: only creating a file proves we can. */
    private static void canCreateIn(Path folder, String option) {
        try {
            Path probe = Files.createTempFile(folder, ".loomscope-probe-", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new BadOption(option, "cannot write in " + folder + ": " + ExportFolder.reason(e, folder));
        }
    }
}
