package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

import loomscope.io.LoopbackToken;

/**
 * The way into a JVM in a container (other mount or network namespaces than LoomScope's): the agent jar copied into
 * the target's own {@code /tmp}, where it can read it, and LoomScope's socket bound there, which it can reach without a
 * network; both through {@code /proc/PID/root}, as the JDK's own attach reaches the target's attach socket. Both names
 * are fresh and random, both are removed by {@link #close()} (after the detach): nothing of LoomScope's stays in the
 * target's {@code /tmp}. A {@code /tmp} LoomScope cannot write into is refused before anything is sent.
 */
final class TargetTmp implements AutoCloseable {
    private final Path hostTmp;
    private final String name;
    private final UnixAgentPort port;
    private final Path jarCopy;

    private TargetTmp(Path hostTmp, String name, Path jarCopy, UnixAgentPort port) {
        this.hostTmp = hostTmp;
        this.name = name;
        this.jarCopy = jarCopy;
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
        // an absolute link would be followed in LoomScope's own root, not the target's: never write there
        if (Files.isSymbolicLink(hostTmp) || !Files.isDirectory(hostTmp, LinkOption.NOFOLLOW_LINKS)) {
            throw new AttachRefusedException(refusal + "it is not a folder of the target's own (a link, or missing)");
        }
        if (!Files.isWritable(hostTmp)) {
            throw new AttachRefusedException(refusal + "it is not writable by this user");
        }
        String name = "loomscope-" + LoopbackToken.fresh().substring(0, 16);
        Path jarCopy = hostTmp.resolve(name + ".jar");
        Path part = hostTmp.resolve(name + ".jar.part");
        try {
            try (InputStream in = Files.newInputStream(agentJar);
                 var out = Files.newOutputStream(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                         LinkOption.NOFOLLOW_LINKS)) {
                in.transferTo(out);
            }
            Files.setPosixFilePermissions(part, PosixFilePermissions.fromString("rw-r--r--"));
            Files.move(part, jarCopy, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(part);
            deleteQuietly(jarCopy);
            throw new AttachRefusedException(refusal + "the agent jar could not be copied there: " + oneLine(e));
        }
        try {
            UnixAgentPort port = new UnixAgentPort(hostTmp.resolve(name + ".sock"), "/tmp/" + name + ".sock");
            return new TargetTmp(hostTmp, name, jarCopy, port);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(jarCopy);
            throw new AttachRefusedException(refusal + "its socket could not be made there: " + oneLine(e));
        }
    }

    /** The agent jar's path as the target sees it, for the JDK's {@code loadAgent}. */
    String jarAsTargetSeesIt() { return "/tmp/" + name + ".jar"; }

    AgentPort port() { return port; }

    /** What this attach put into the target's {@code /tmp}, as LoomScope sees it (for the tests). */
    Path hostTmp() { return hostTmp; }

    /** Removes the socket and the jar copy: after the detach, or when the attach failed. */
    @Override
    public void close() {
        port.close();
        deleteQuietly(jarCopy);
    }

    private static void deleteQuietly(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            // the target's /tmp went with its container
        }
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.strip().lines().findFirst().orElse(m);
    }
}
