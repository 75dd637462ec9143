package loomscope.attach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;

/**
 * The JVMs this user can see ({@link VirtualMachine#list()}), each with its runtime's version and whether the agent
 * can go into it. Everything is read from outside (the JVM's descriptor, {@code /proc/PID}, the runtime's
 * {@code release} file), so that a JVM LoomScope refuses is never attached to at all.
 */
public final class JvmList {
    static final int OLDEST_RUNTIME = 21;

    private JvmList() { }

    public static List<JvmEntry> list() {
        long self = ProcessHandle.current().pid();
        List<JvmEntry> entries = new ArrayList<>();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            long pid;
            try {
                pid = Long.parseLong(d.id());
            } catch (NumberFormatException e) {
                continue;
            }
            if (pid != self) {
                entries.add(entry(pid, mainClassOf(d.displayName())));
            }
        }
        entries.sort(Comparator.comparingLong(JvmEntry::pid));
        return entries;
    }

    /** The JVM {@code pid}, attachable or with why not; a pid that is no JVM of this user's is refused here. */
    public static JvmEntry describe(long pid) {
        if (pid == ProcessHandle.current().pid()) {
            throw new AttachRefusedException("pid " + pid + " is LoomScope itself");
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            throw new AttachRefusedException("no process " + pid + " is running");
        }
        String otherUser = otherUser(pid);
        if (otherUser != null) {
            throw new AttachRefusedException("pid " + pid + " is " + otherUser
                    + "'s process: the agent goes only into this user's JVMs");
        }
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            if (d.id().equals(Long.toString(pid))) {
                return entry(pid, mainClassOf(d.displayName()));
            }
        }
        throw new AttachRefusedException("pid " + pid + " (" + commandOf(pid) + ") is not a Java VM that accepts attaching");
    }

    private static JvmEntry entry(long pid, String mainClass) {
        String version = javaVersion(pid);
        return new JvmEntry(pid, mainClass, version, refusal(pid, version));
    }

    private static String refusal(long pid, String version) {
        int feature = feature(version);
        if (feature > 0 && feature < OLDEST_RUNTIME) {
            return "it runs Java " + version + "; the agent needs Java " + OLDEST_RUNTIME + " or newer (virtual threads)";
        }
        String flags = commandLine(pid);
        if (flags.contains("-XX:-EnableDynamicAgentLoading")) {
            return "it was started with -XX:-EnableDynamicAgentLoading, which refuses agents loaded later";
        }
        if (flags.contains("-XX:+DisableAttachMechanism")) {
            return "it was started with -XX:+DisableAttachMechanism";
        }
        return null;
    }

    /**
     * The parallelism of the target's default virtual-thread scheduler as it was started: its
     * {@code -Djdk.virtualThreadScheduler.parallelism}, else its {@code -XX:ActiveProcessorCount}, else this
     * machine's processor count (the JDK's default; a target confined to fewer CPUs by its own cgroup has fewer).
     * Carriers seen beyond it are the ones the pool added (to make up for pinned or blocked carriers).
     */
    public static int poolParallelism(long pid) {
        String flags = commandLine(pid);
        int set = flagValue(flags, "-Djdk.virtualThreadScheduler.parallelism=");
        if (set > 0) {
            return set;
        }
        int cpus = flagValue(flags, "-XX:ActiveProcessorCount=");
        return cpus > 0 ? cpus : Runtime.getRuntime().availableProcessors();
    }

    static int flagValue(String commandLine, String flag) {
        int at = commandLine.lastIndexOf(flag);
        if (at < 0) {
            return -1;
        }
        String rest = commandLine.substring(at + flag.length());
        int end = 0;
        while (end < rest.length() && Character.isDigit(rest.charAt(end)) && end < 9) {
            end++;
        }
        return end == 0 ? -1 : Integer.parseInt(rest.substring(0, end));
    }

    /** "25.0.3" from the runtime's release file, found from the process's executable; "unknown" if unreadable. */
    static String javaVersion(long pid) {
        try {
            Path exe = Path.of("/proc", Long.toString(pid), "exe").toRealPath();
            Path home = exe.getParent() == null ? null : exe.getParent().getParent();
            if (home != null && Files.isRegularFile(home.resolve("release"))) {
                for (String line : Files.readAllLines(home.resolve("release"), StandardCharsets.UTF_8)) {
                    if (line.startsWith("JAVA_VERSION=")) {
                        return line.substring("JAVA_VERSION=".length()).replace("\"", "").strip();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process went away
        }
        return "unknown";
    }

    static int feature(String version) {
        String head = version.startsWith("1.") ? version.substring(2) : version;
        StringBuilder digits = new StringBuilder();
        for (char c : head.toCharArray()) {
            if (!Character.isDigit(c)) {
                break;
            }
            digits.append(c);
        }
        try {
            return digits.isEmpty() ? -1 : Integer.parseInt(digits.toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String mainClassOf(String displayName) {
        String first = displayName == null ? "" : displayName.strip();
        int space = first.indexOf(' ');
        return space < 0 ? first : first.substring(0, space);
    }

    /** The owner's name when it is not this user, else null. */
    private static String otherUser(long pid) {
        try {
            Optional<String> owner = ProcessHandle.of(pid).flatMap(p -> p.info().user());
            String me = System.getProperty("user.name");
            if (owner.isPresent() && me != null && !owner.get().equals(me)) {
                return owner.get();
            }
        } catch (RuntimeException e) {
            // unknown owner: the attach itself will say
        }
        return null;
    }

    private static String commandLine(long pid) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            return new String(raw, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException | RuntimeException e) {
            return ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("");
        }
    }

    private static String commandOf(long pid) {
        return ProcessHandle.of(pid).flatMap(p -> p.info().command()).map(c -> Path.of(c).getFileName().toString())
                .orElse("unknown command");
    }
}
