package loomscope.io;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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

    /**
     * File names are at most 255 bytes on ext4, XFS, btrfs, tmpfs and APFS. The temporary name adds 23 bytes to the
     * target's, so a target of 233..255 bytes passed every check, the work ran, and the temporary file then failed
     * with "File name too long": the name is cut instead, so that the temporary one is never longer than this.
     */
    static final int MAX_NAME_BYTES = 255;

    private static Path freshName(Path folder, String name) {
        while (true) {
            Path candidate = folder.resolve(temporaryName(name, ThreadLocalRandom.current().nextLong()));
            if (!Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                return candidate;
            }
        }
    }

    /** "." + the name (cut to fit {@link #MAX_NAME_BYTES}, at a character boundary) + "." + 16 hex digits + ".part". */
    static String temporaryName(String name, long random) {
        String suffix = "." + String.format("%016x", random) + ".part";
        int room = MAX_NAME_BYTES - 1 - suffix.length();
        StringBuilder kept = new StringBuilder();
        int bytes = 0;
        for (int codePoint : name.codePoints().toArray()) {
            int size = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8).length;
            if (bytes + size > room) {
                break;
            }
            kept.appendCodePoint(codePoint);
            bytes += size;
        }
        return "." + kept + suffix;
    }

    /**
     * Proves, before any work, that both names a write of {@code target} makes can be made in its folder: a file
     * named as the temporary one is, and one as long as the target's name (a name too long for the file system,
     * or not in its encoding, fails here and not after the work). Both are created new and removed at once.
     */
    public static void probe(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        Path folder = absolute.getParent();
        String name = absolute.getFileName().toString();
        Path temp = freshName(folder, name);
        Files.createFile(temp);
        Files.delete(temp);
        int nameBytes = name.getBytes(StandardCharsets.UTF_8).length;
        String probe = ".loomscope-probe-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
        if (nameBytes > probe.length()) {
            Path sameLength = folder.resolve(probe + "x".repeat(nameBytes - probe.length()));
            Files.createFile(sameLength);
            Files.delete(sameLength);
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

    /** ENOSPC anywhere in the chain, as the JDK words it ("No space left on device"; "Disk quota exceeded" too). */
    public static boolean saysNoSpace(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String text = t instanceof FileSystemException fs ? fs.getReason() : t.getMessage();
            if (text != null && (text.contains("No space left on device") || text.contains("Disk quota exceeded"))) {
                return true;
            }
        }
        return false;
    }
}
