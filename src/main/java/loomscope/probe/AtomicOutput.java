package loomscope.probe;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file the way every LoomScope output is written: into a temporary name of ours in the same folder,
 * then renamed into place, so a failure leaves neither a half-written file nor a damaged earlier one. Nothing
 * is ever deleted but our own temporary file. For writers that take a path (HotSpot's thread dump, JFR's dump),
 * which is why it lives beside them.
 */
public final class AtomicOutput {
    private AtomicOutput() { }

    /** Writes the whole file at {@code path}, which does not exist yet. */
    public interface PathWriter {
        void writeTo(Path path) throws IOException;
    }

    /**
     * @param replace whether an existing regular file at {@code target} may be replaced (a save dialog asked the
     *                user); without it an existing file is refused, also one that appears while we write
     * @throws IOException with a one-line message; a folder at {@code target} is always refused
     */
    public static Path write(Path target, boolean replace, PathWriter writer) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.isDirectory(absolute)) {
            throw new IOException(absolute + " is a folder, not a file");
        }
        if (!replace && Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(absolute.toString(), null, "it exists and is not replaced");
        }
        Path folder = absolute.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            throw new IOException("no such folder: " + folder);
        }
        Path temp = freshName(folder, absolute.getFileName().toString());
        try {
            writer.writeTo(temp);
            publish(temp, absolute, replace);
        } finally {
            Files.deleteIfExists(temp);   // ours: named so that nothing else had that name when we began
        }
        return absolute;
    }

    private static Path freshName(Path folder, String name) {
        while (true) {
            Path candidate = folder.resolve("." + name + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                    + ".part");
            if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                return candidate;
            }
        }
    }

    private static void publish(Path temp, Path target, boolean replace) throws IOException {
        if (!replace) {
            // a hard link is an atomic "create unless it exists": rename(2) would silently replace a file
            // that appeared since the check above
            try {
                Files.createLink(target, temp);
                return;
            } catch (FileAlreadyExistsException e) {
                throw e;
            } catch (UnsupportedOperationException | FileSystemException e) {
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                    throw new FileAlreadyExistsException(target.toString(), null, "it exists and is not replaced");
                }
                // no hard links here (FAT, some network mounts): the rename below, after one more check
            }
        }
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, replace ? new StandardCopyOption[] {StandardCopyOption.REPLACE_EXISTING}
                    : new StandardCopyOption[0]);
        }
    }
}
