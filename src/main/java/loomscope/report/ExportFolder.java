package loomscope.report;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where exports go: ~/Pictures/LoomScope unless the user chose otherwise; made on first use. */
public final class ExportFolder {
    private ExportFolder() { }

    public static Path defaultFolder() {
        return Path.of(System.getProperty("user.home"), "Pictures", "LoomScope");
    }

    /**
     * Creates the folder if needed and proves it can take files, before any run or rendering is spent
     * on it. Throws with a one-line reason otherwise.
     */
    public static Path prepare(Path folder) throws ExportException {
        Path absolute = folder.toAbsolutePath().normalize();
        if (Files.exists(absolute) && !Files.isDirectory(absolute)) {
            throw new ExportException("cannot export to " + absolute + ": it is a file, not a folder");
        }
        for (Path up = absolute.getParent(); up != null; up = up.getParent()) {
            if (Files.exists(up)) {
                if (!Files.isDirectory(up)) {
                    throw new ExportException("cannot export to " + absolute + ": " + up + " is a file, not a folder");
                }
                break;
            }
        }
        try {
            Files.createDirectories(absolute);
        } catch (FileAlreadyExistsException e) {
            throw new ExportException("cannot export to " + absolute + ": " + e.getFile() + " is a file, not a folder", e);
        } catch (AccessDeniedException e) {
            throw new ExportException("cannot create " + absolute + ": permission denied for " + e.getFile(), e);
        } catch (IOException e) {
            throw new ExportException("cannot create " + absolute + ": " + reason(e), e);
        }
        // Files.isWritable trusts permission bits, which root ignores and read-only mounts override:
        // only a real file creation is proof.
        try {
            Path probe = Files.createTempFile(absolute, ".loomscope-probe-", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new ExportException("cannot write to " + absolute + ": " + reason(e), e);
        }
        return absolute;
    }

    /** The why of an I/O failure in a few words; NIO's own messages are often just the path again. */
    public static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "the system refused to create it (no such file or folder)";
        }
        if (e instanceof java.nio.file.FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : "the file system refused (" + e.getClass().getSimpleName() + ")";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse(message);
    }
}
