package loomscope.attach;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import com.sun.tools.attach.VirtualMachine;
import com.sun.tools.attach.VirtualMachineDescriptor;

/**
 * The JVMs this user can see, each with its runtime's version and whether the agent can go into it. Everything is
 * read from outside (the JVM's descriptor, {@code /proc/PID}: its state, owner, memory maps, command line and
 * starting environment; the runtime's {@code release} file), so that a JVM LoomScope refuses is never sent anything.
 */
public final class JvmList {
    static final int OLDEST_RUNTIME = 21;

    private JvmList() { }

    /**
     * The JVMs the JDK lists (those with a perf data file) and those it misses ({@code -XX:-UsePerfData}: found by
     * HotSpot's library in their memory maps), other users' too where this user can see them, each attachable or why
     * not.
     */
    public static List<JvmEntry> list() {
        long self = ProcessHandle.current().pid();
        Map<Long, String> named = listedByTheJdk();
        List<JvmEntry> entries = new ArrayList<>();
        named.forEach((pid, mainClass) -> {
            if (pid != self) {
                entries.add(entry(pid, mainClass));
            }
        });
        try (DirectoryStream<Path> proc = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path dir : proc) {
                long pid = Long.parseLong(dir.getFileName().toString());
                if (pid != self && !named.containsKey(pid) && new TargetProcess(pid).isJvm()) {
                    entries.add(entry(pid, TargetFlags.of(pid).mainClass()));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the JDK's list is all there is
        }
        entries.sort(Comparator.comparingLong(JvmEntry::pid));
        return entries;
    }

    private static Map<Long, String> listedByTheJdk() {
        Map<Long, String> named = new HashMap<>();
        for (VirtualMachineDescriptor d : VirtualMachine.list()) {
            try {
                named.put(Long.parseLong(d.id()), mainClassOf(d.displayName()));
            } catch (NumberFormatException e) {
                // not a pid
            }
        }
        return named;
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
        TargetProcess target = new TargetProcess(pid);
        String otherOwner = target.otherOwner();
        if (otherOwner != null) {
            throw new AttachRefusedException("pid " + pid + " is " + otherOwner(otherOwner));
        }
        if (!target.isJvm()) {
            throw new AttachRefusedException("pid " + pid + " (" + commandOf(pid) + ") is not a Java VM");
        }
        String mainClass = listedByTheJdk().get(pid);
        return entry(pid, mainClass != null ? mainClass : TargetFlags.of(pid).mainClass());
    }

    private static String otherOwner(String owner) {
        return owner + ": LoomScope attaches only to JVMs of its own user"
                + ("root".equals(System.getProperty("user.name")) ? " (the JDK would let root in)" : "");
    }

    private static JvmEntry entry(long pid, String mainClass) {
        String version = javaVersion(pid);
        return new JvmEntry(pid, mainClass, version, refusal(pid, version), new TargetProcess(pid).place());
    }

    private static String refusal(long pid, String version) {
        TargetProcess process = new TargetProcess(pid);
        String stopped = process.stopped();
        if (stopped != null) {
            return stopped;
        }
        String otherOwner = process.otherOwner();
        if (otherOwner != null) {
            return "it is " + otherOwner(otherOwner);
        }
        int feature = feature(version);
        if (feature > 0 && feature < OLDEST_RUNTIME) {
            return "it runs Java " + version + "; the agent needs Java " + OLDEST_RUNTIME + " or newer (virtual threads)";
        }
        TargetFlags flags = TargetFlags.of(pid);
        if (!flags.bool("EnableDynamicAgentLoading").orElse(true)) {
            return "it was started with -XX:-EnableDynamicAgentLoading" + where(flags, "-XX:-EnableDynamicAgentLoading")
                    + ", which refuses agents loaded later";
        }
        if (flags.bool("DisableAttachMechanism").orElse(false)) {
            return "it was started with -XX:+DisableAttachMechanism" + where(flags, "-XX:+DisableAttachMechanism");
        }
        if (process.needsTheContainersWay()) {
            String closed = TargetTmp.whyNotEnterable(pid);
            if (closed != null) {
                return "it runs in " + Objects.requireNonNullElse(process.place(), "a container") + ", which LoomScope "
                        + "cannot enter: " + closed;
            }
        }
        return null;
    }

    /** " (in JDK_JAVA_OPTIONS)" when the flag came from the environment rather than the command line. */
    private static String where(TargetFlags flags, String flag) {
        return flags.from(flag).map(variable -> " (in " + variable + ")").orElse("");
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
