package loomscope.attach;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code /proc} tells of a process from outside, read before anything is sent to it: whether it is stopped,
 * whose it is as the JDK's attach judges it, and whether it is a JVM at all. Linux only; elsewhere each answer is
 * "unknown" and the attach itself says what goes wrong.
 */
final class TargetProcess {
    private final long pid;
    private final Path proc;

    TargetProcess(long pid) {
        this.pid = pid;
        this.proc = Path.of("/proc", Long.toString(pid));
    }

    /**
     * Why the process cannot answer an attach now, or null: stopped by a signal (SIGSTOP, Ctrl+Z: state {@code T}) or
     * by a debugger ({@code t}), the whole process or one of its threads. The JDK's attach would wait on it without
     * end where its attach listener runs, and elsewhere leave its SIGQUIT pending, which the JVM, once continued,
     * answers with a thread dump on its own stdout.
     */
    String stopped() {
        char state = state(proc.resolve("stat"));
        if (state == 'T') {
            return "it is stopped (SIGSTOP or Ctrl+Z): continue it first (kill -CONT " + pid + ")";
        }
        if (state == 't') {
            return "it is stopped by a debugger (ptrace): let it run first";
        }
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(proc.resolve("task"))) {
            for (Path task : tasks) {
                char s = state(task.resolve("stat"));
                if (s == 'T' || s == 't') {
                    return "its thread " + task.getFileName() + " (" + comm(task) + ") is stopped"
                            + (s == 't' ? " by a debugger" : "") + ": let it run first";
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone, or not Linux: the attach itself will say
        }
        return null;
    }

    /** Whether the process itself is stopped now (state {@code T} or {@code t}): one read, cheap enough to poll. */
    boolean stoppedNow() {
        char state = state(proc.resolve("stat"));
        return state == 'T' || state == 't';
    }

    /**
     * The owner's name when the JDK's attach would not let this process in, else null. HotSpot takes an attach only
     * from a peer whose effective uid and gid are its own, or from root ({@code matches_effective_uid_and_gid_or_root}
     * in its attach listener); LoomScope, even as root, attaches only to JVMs of its own effective user.
     */
    String otherOwner() {
        long[] mine = ids(Path.of("/proc/self/status"));
        long[] theirs = ids(proc.resolve("status"));
        if (mine == null || theirs == null) {
            return null;   // unknown: the attach itself will say
        }
        if (theirs[0] != mine[0]) {
            return ProcessHandle.of(pid).flatMap(p -> p.info().user()).orElse("uid " + theirs[0]) + "'s process";
        }
        if (mine[0] != 0 && theirs[1] != mine[1]) {
            return "a process of this user's running with effective group " + theirs[1] + " (this one's is " + mine[1]
                    + "; the JDK's attach needs both the same)";
        }
        return null;
    }

    /**
     * Whether the process is a JVM: HotSpot's library mapped, or its attach socket or perf data file in its own
     * {@code /tmp} ({@code -XX:-UsePerfData} leaves no perf data file, and the JDK's own list then misses it).
     */
    boolean isJvm() {
        try (BufferedReader maps = Files.newBufferedReader(proc.resolve("maps"), StandardCharsets.ISO_8859_1)) {
            for (String line = maps.readLine(); line != null; line = maps.readLine()) {
                if (line.endsWith("/libjvm.so")) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not readable: look for its files instead
        }
        String nsPid = Long.toString(namespacePid());
        Path tmp = proc.resolve("root/tmp");
        if (Files.exists(tmp.resolve(".java_pid" + nsPid))) {
            return true;
        }
        try (DirectoryStream<Path> perf = Files.newDirectoryStream(tmp, "hsperfdata_*")) {
            for (Path folder : perf) {
                if (Files.exists(folder.resolve(nsPid))) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not readable
        }
        return false;
    }

    /**
     * The namespaces the process does not share with LoomScope, of those an attach meets: {@code mnt} (its files,
     * its {@code /tmp}), {@code net} (its loopback) and {@code pid} (its pids); empty when it shares them all, or
     * where they cannot be read (not Linux: the attach itself will say).
     */
    List<String> ownNamespaces() {
        List<String> own = new ArrayList<>();
        for (String ns : List.of("mnt", "net", "pid")) {
            try {
                Path mine = Path.of("/proc/self/ns", ns);
                if (!Files.readSymbolicLink(mine).equals(Files.readSymbolicLink(proc.resolve("ns").resolve(ns)))) {
                    own.add(ns);
                }
            } catch (IOException | RuntimeException e) {
                // not readable: taken as shared
            }
        }
        return own;
    }

    /**
     * Whether the agent needs the way into a container ({@link TargetTmp}): the target's files or its loopback are
     * not LoomScope's, so neither the agent jar's path nor LoomScope's port means anything there.
     */
    boolean needsTheContainersWay() {
        List<String> own = ownNamespaces();
        return own.contains("mnt") || own.contains("net");
    }

    /**
     * The container the process runs in, as its control group names it (Docker, Podman, containerd, CRI-O, a
     * Kubernetes pod: "docker 3f2a1b9c0d1e"), else "its own namespaces (mnt, net)" when it has some, else null.
     */
    String place() {
        String container = containerOf(readOrEmpty(proc.resolve("cgroup")));
        if (container != null) {
            return container;
        }
        List<String> own = ownNamespaces();
        return own.isEmpty() ? null : "its own namespaces (" + String.join(", ", own) + ")";
    }

    private static final Pattern CONTAINER = Pattern.compile(
            "(docker|libpod|cri-containerd|crio|containerd)[-/]([0-9a-f]{12,64})|kubepods.*/([0-9a-f]{12,64})");

    /** The container named in a {@code cgroup} file's text (its runtime and the id's first 12 digits), or null. */
    static String containerOf(String cgroup) {
        for (String line : cgroup.lines().toList()) {
            Matcher m = CONTAINER.matcher(line);
            if (m.find()) {
                String runtime = m.group(1) == null ? "kubernetes" : m.group(1).equals("libpod") ? "podman" : m.group(1);
                String id = m.group(2) != null ? m.group(2) : m.group(3);
                return runtime + " " + id.substring(0, 12);
            }
        }
        return null;
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file, StandardCharsets.ISO_8859_1);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** The pid as the process itself sees it (its own pid namespace's, which names its attach files). */
    long namespacePid() {
        String line = statusLine(proc.resolve("status"), "NSpid:");
        if (line != null) {
            String[] ids = line.strip().split("\\s+");
            try {
                return Long.parseLong(ids[ids.length - 1]);
            } catch (NumberFormatException e) {
                // fall through
            }
        }
        return pid;
    }

    /** The state letter of a {@code stat} file (after the command's closing parenthesis), or '?'. */
    private static char state(Path stat) {
        try {
            String text = Files.readString(stat, StandardCharsets.ISO_8859_1);
            int close = text.lastIndexOf(')');
            return close >= 0 && close + 2 < text.length() ? text.charAt(close + 2) : '?';
        } catch (IOException | RuntimeException e) {
            return '?';
        }
    }

    private static String comm(Path task) {
        try {
            return Files.readString(task.resolve("comm"), StandardCharsets.ISO_8859_1).strip();
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** {effective uid, effective gid} from a {@code status} file, or null. */
    private static long[] ids(Path status) {
        String uid = statusLine(status, "Uid:");
        String gid = statusLine(status, "Gid:");
        if (uid == null || gid == null) {
            return null;
        }
        try {
            return new long[] {Long.parseLong(uid.strip().split("\\s+")[1]), Long.parseLong(gid.strip().split("\\s+")[1])};
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static String statusLine(Path status, String key) {
        try (BufferedReader in = Files.newBufferedReader(status, StandardCharsets.ISO_8859_1)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith(key)) {
                    return line.substring(key.length());
                }
            }
        } catch (IOException | RuntimeException e) {
            // gone
        }
        return null;
    }

    /**
     * Whether the JVM holds a LoomScope agent jar open already (its boot class path has one: a {@code -javaagent} or an
     * earlier attach), read from its open files; false where they cannot be read. An attach into a JVM without one
     * makes the JVM print its class-sharing warning once.
     */
    boolean holdsAnAgentJar() {
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).getFileName().toString();
                    // the jar itself, or its copy in a container's /tmp (TargetTmp: loomscope-<16 hex>.jar); not the
                    // application's own loomscope-*.jar files (the tests' targets have loomscope-clock's)
                    if (target.equals(AgentJar.FILE_NAME) || target.matches("loomscope-[0-9a-f]{16}\\.jar")) {
                        return true;
                    }
                } catch (IOException | RuntimeException e) {
                    // closed meanwhile, or not a link: the next
                }
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
        return false;
    }
}
