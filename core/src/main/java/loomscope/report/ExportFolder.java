package loomscope.report;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.function.Predicate;
import javax.imageio.IIOException;

import loomscope.io.AtomicOutput;

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
            throw new ExportException("cannot create " + absolute + ": " + reason(e, absolute), e);
        }
        // Files.isWritable trusts permission bits, which root ignores and read-only mounts override:
        // only a real file creation is proof.
        try {
            Path probe = Files.createTempFile(absolute, ".loomscope-probe-", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new ExportException("cannot write to " + absolute + ": " + reason(e, absolute), e);
        }
        return absolute;
    }

    /** What a full disk is called, whichever layer saw it. */
    public static final String DISK_FULL = "the disk is full (no space left on device)";
    /** Less free than this where a write failed for no stated reason: the disk is the likely why. */
    static final long NEARLY_FULL_BYTES = 1024 * 1024;

    /** The why of an I/O failure in a few words; NIO's own messages are often just the path again. */
    public static String reason(IOException e) {
        return reason(e, null);
    }

    /**
     * @param where the file or folder being written, or null: when the failure says nothing useful (ImageIO's "I/O
     *              error writing header!", a bare "no such file"), a file system with almost no space left there
     *              is named as the reason
     */
    public static String reason(IOException e, Path where) {
        return reason(e, where, ExportFolder::nearlyFull);
    }

    /** @param nearlyFull whether the file system at a path has almost no space left (a test's stand-in) */
    static String reason(IOException e, Path where, Predicate<Path> nearlyFull) {
        if (saysNoSpace(e)) {
            return DISK_FULL;
        }
        // ImageIO wraps the real failure: "I/O error writing PNG file!" hid "No space left on device"
        if (e instanceof IIOException && e.getCause() instanceof IOException cause) {
            return reason(cause, where, nearlyFull);
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        boolean saysNothing = e instanceof NoSuchFileException || e instanceof IIOException
                || e instanceof FileSystemException fs && fs.getReason() == null;
        if (saysNothing && where != null && nearlyFull.test(where)) {
            return DISK_FULL;
        }
        if (e instanceof NoSuchFileException) {
            return "the system refused to create it (no such file or folder)";
        }
        if (e instanceof FileSystemException fs) {
            return fs.getReason() != null ? fs.getReason() : "the file system refused (" + e.getClass().getSimpleName() + ")";
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : message.lines().findFirst().orElse(message);
    }

    private static boolean saysNoSpace(Throwable e) {
        return AtomicOutput.saysNoSpace(e);
    }

    /**
     * Whether the file system holding {@code where} (or its nearest existing folder) has almost no space left; a
     * file system of no size at all (proc, sysfs) is not one that fills.
     */
    static boolean nearlyFull(Path where) {
        try {
            Path existing = where.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                return false;
            }
            FileStore store = Files.getFileStore(existing);
            // /proc and /sys report 0 bytes in all and 0 free: they hold no files, they are not full
            // (--save /proc/x.loomrun was called "the disk is full")
            return store.getTotalSpace() > 0 && store.getUsableSpace() < NEARLY_FULL_BYTES;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
