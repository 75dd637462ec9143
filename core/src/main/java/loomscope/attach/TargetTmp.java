package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

import loomscope.io.LoopbackToken;

/**
 * The way into a JVM in a container (other mount or network namespaces than LoomScope's): the agent jar copied into
 * the target's own {@code /tmp}, where it can read it, and LoomScope's socket bound there, which it can reach without a
 * network; both through {@code /proc/PID/root}, as the JDK's own attach reaches the target's attach socket. Both names
 * are fresh and random, both are removed by {@link #close()} (after the detach): nothing of LoomScope's stays in the
 * target's {@code /tmp}. A {@code /tmp} LoomScope cannot write into is refused before anything is sent.
 * <p>
 * The folder is held open for the whole session and the files are made and removed relative to it: a JVM that exits
 * while attached takes {@code /proc/PID/root} with it, but not its container's {@code /tmp}, where the jar must not
 * stay; and a name the container's processes swap for a link between the check and the write leads nowhere else.
 */
final class TargetTmp implements AutoCloseable {
    private final SecureDirectoryStream<Path> folder;
    private final String name;
    private final UnixAgentPort port;

    private TargetTmp(SecureDirectoryStream<Path> folder, String name, UnixAgentPort port) {
        this.folder = folder;
        this.name = name;
        this.port = port;
    }

    /**
     * Puts the agent jar and LoomScope's socket into {@code pid}'s {@code /tmp}.
     *
     * @param place what the target is in, for the refusal's line ("docker 3f2a…", "its own namespaces")
     * @throws AttachRefusedException LoomScope may not enter (one line); nothing of it was left there
     */
    static TargetTmp enter(long pid, String place, Path agentJar) {
        Path hostTmp = Path.of("/proc", Long.toString(pid), "root", "tmp");
        String refusal = "pid " + pid + " runs in " + place + ", and LoomScope cannot put its agent into that /tmp ("
                + hostTmp + "): ";
        SecureDirectoryStream<Path> folder = openOwnFolder(hostTmp, refusal);
        String name = "loomscope-" + LoopbackToken.fresh().substring(0, 16);
        Path jar = Path.of(name + ".jar");
        Path part = Path.of(name + ".jar.part");
        try {
            try (InputStream in = Files.newInputStream(agentJar);
                 OutputStream out = Channels.newOutputStream(folder.newByteChannel(part,
                         Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS),
                         PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--"))))) {
                in.transferTo(out);
            }
            folder.move(part, folder, jar);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(folder, part);
            deleteQuietly(folder, jar);
            closeQuietly(folder);
            throw new AttachRefusedException(refusal + "the agent jar could not be copied there: "
                    + AttachRefusedException.reason(e));
        }
        try {
            UnixAgentPort port = new UnixAgentPort(hostTmp.resolve(name + ".sock"), "/tmp/" + name + ".sock",
                    () -> deleteQuietly(folder, Path.of(name + ".sock")));
            return new TargetTmp(folder, name, port);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(folder, jar);
            closeQuietly(folder);
            throw new AttachRefusedException(refusal + "its socket could not be made there: "
                    + AttachRefusedException.reason(e));
        }
    }

    /**
     * Why {@code pid}'s {@code /tmp} cannot be entered, as {@link #enter} would find (looked at only: nothing made there),
     * or null: for {@code attach --list}, which said "yes" of a JVM whose container it then refused.
     */
    static String whyNotEnterable(long pid) {
        Path hostTmp = Path.of("/proc", Long.toString(pid), "root", "tmp");
        try {
            BasicFileAttributes attributes = Files.readAttributes(hostTmp, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isDirectory()) {
                return "its /tmp is not a folder of its own (a link, or missing)";
            }
            if (!Files.isWritable(hostTmp)) {
                return "its /tmp is not writable by this user (read-only, or another owner's)";
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return "its /tmp cannot be reached (" + AttachRefusedException.reason(e) + ")";
        }
    }

    /**
     * The target's {@code /tmp}, opened as a folder of its own: a link there (an absolute one would be followed in
     * LoomScope's root, not the target's) or a folder that changed between the check and the open is refused.
     */
    private static SecureDirectoryStream<Path> openOwnFolder(Path hostTmp, String refusal) {
        DirectoryStream<Path> opened = null;
        try {
            BasicFileAttributes before = Files.readAttributes(hostTmp, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!before.isDirectory()) {
                throw new AttachRefusedException(refusal
                        + "it is not a folder of the target's own (a link, or missing)");
            }
            if (!Files.isWritable(hostTmp)) {
                throw new AttachRefusedException(refusal + "it is not writable by this user");
            }
            opened = Files.newDirectoryStream(hostTmp);
            if (!(opened instanceof SecureDirectoryStream<Path> secure)) {
                throw new AttachRefusedException(refusal + "this system cannot hold a folder open (not Linux)");
            }
            Object openedKey = secure.getFileAttributeView(java.nio.file.attribute.BasicFileAttributeView.class)
                    .readAttributes().fileKey();
            if (before.fileKey() == null || !before.fileKey().equals(openedKey)) {
                throw new AttachRefusedException(refusal + "it changed while it was being opened");
            }
            return secure;
        } catch (IOException e) {
            closeQuietly(opened);
            throw new AttachRefusedException(refusal + AttachRefusedException.reason(e));
        } catch (RuntimeException e) {
            closeQuietly(opened);
            throw e;
        }
    }

    /** The agent jar's path as the target sees it, for the JDK's {@code loadAgent}. */
    String jarAsTargetSeesIt() { return "/tmp/" + name + ".jar"; }

    AgentPort port() { return port; }

    /** Removes the socket and the jar copy: after the detach, or when the attach failed. */
    @Override
    public void close() {
        port.close();
        deleteQuietly(folder, Path.of(name + ".jar"));
        closeQuietly(folder);
    }

    private static void deleteQuietly(SecureDirectoryStream<Path> folder, Path file) {
        try {
            folder.deleteFile(file);
        } catch (IOException | RuntimeException e) {
            // not made, already gone, or the container went
        }
    }

    private static void closeQuietly(DirectoryStream<Path> folder) {
        if (folder != null) {
            try {
                folder.close();
            } catch (IOException e) {
                // on the way out
            }
        }
    }
}
