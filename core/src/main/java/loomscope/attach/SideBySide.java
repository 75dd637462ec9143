package loomscope.attach;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountWhy;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * Several sessions' recordings as ONE recording on one time axis, e.g. a client JVM and its server: each JVM's carriers
 * are lanes of their own, grouped per JVM in the order given and named {@code "pid 4121 Server · ForkJoinPool-1-worker-1"}
 * (the JVM before {@link #SEPARATOR}, the carrier's own name after it), its threads renumbered after the previous
 * JVMs' so that none collide, its times shifted onto the common axis. Every mount keeps its class and what a witness
 * said of it (each session's causes as its own classification made them).
 * <p>
 * The axis: each part says where its time 0 is on this host's monotonic clock ({@link Part#hostOrigin()}). On one
 * host, {@code System.nanoTime()} is {@code CLOCK_MONOTONIC} in every process (HotSpot on Linux reads it with
 * {@code clock_gettime}; it is the kernel's one clock since boot, not a per-process one), so an attached JVM's own
 * origin ({@link AttachedEpisodes#targetOrigin()}) and another's differ by exactly the time between them, and the
 * lanes line up to the agents' own reads. A session whose clock is not this host's (a JVM connected to on another host) is placed by
 * {@link #hostOrigin(AttachedEpisodes)} at the arrival of its hello on LoomScope's clock instead: off by the
 * network's one-way delay, which the docs must say where it is used.
 */
public final class SideBySide {
    /** Between the JVM and the carrier's own name in a lane's name: the lanes draw the two parts apart. */
    public static final String SEPARATOR = " · ";
    /** The merged run's task name: it is several JVMs' code, none of LoomScope's. */
    static final String MAIN_CLASS = "SideBySide";
    /** As a saved run's reader allows (savedrun's limit). */
    static final int MAX_CARRIERS = AttachedEpisodes.MAX_CARRIERS;
    /** A main class's last part longer than this is cut: the lanes' label column is 200 px. */
    static final int MAIN_CLASS_CHARS = 24;

    private SideBySide() { }

    /**
     * One JVM's recording, its name on the lanes, and its time 0 on this host's monotonic clock.
     *
     * @param jvm        what the lanes call the JVM ({@link #jvmLabel}); must not contain {@link #SEPARATOR}
     * @param hostOrigin the {@code System.nanoTime()} value (this host's clock) that is the recording's time 0
     */
    public record Part(RunRecording recording, String jvm, long hostOrigin) {
        public Part {
            if (jvm.contains(SEPARATOR)) {
                throw new IllegalArgumentException("a JVM's label holds the separator: " + jvm);
            }
        }
    }

    /** An attached session as a part: its whole (or newest) recording, its pid and main class, its origin. */
    public static Part part(RunRecording recording, AttachedEpisodes session, long pid, String mainClass) {
        return new Part(recording, jvmLabel(pid, mainClass), hostOrigin(session));
    }

    /**
     * Where the session's time 0 is on this host's monotonic clock: the target's own origin, on the same clock as
     * ours on one host; for a JVM on another host (its origin on that machine's clock), or where the agent never told
     * it, the moment its hello arrived here. The agent takes its origin just before its hello, so the two differ by
     * the delivery (through a tunnel: its one-way time).
     */
    public static long hostOrigin(AttachedEpisodes session) {
        return session.originOnThisHostsClock() ? session.targetOrigin() : session.helloArrivedAt();
    }

    /**
     * "pid 4121 Server": the pid (what {@code jcmd} and {@code attach --list} name) and the main class's last part
     * (a jar's file name), cut to {@link #MAIN_CLASS_CHARS}.
     */
    public static String jvmLabel(long pid, String mainClass) {
        String simple = mainClass == null ? "" : mainClass.strip();
        int cut = Math.max(simple.lastIndexOf('/'), simple.endsWith(".jar") ? -1 : simple.lastIndexOf('.'));
        simple = simple.substring(cut + 1).replace(SEPARATOR.strip(), "-");
        if (simple.length() > MAIN_CLASS_CHARS) {
            simple = simple.substring(0, MAIN_CLASS_CHARS - 1) + "…";
        }
        return simple.isEmpty() ? "pid " + pid : "pid " + pid + " " + simple;
    }

    /** The JVM part of a merged lane's name, or null for a lane of one JVM's recording. */
    public static String jvmOf(String laneName) {
        int at = laneName == null ? -1 : laneName.indexOf(SEPARATOR);
        return at < 0 ? null : laneName.substring(0, at);
    }

    /** How many JVMs a merged recording's lanes are of; 0 for one JVM's recording. */
    public static int jvmsIn(RunRecording recording) {
        Set<String> jvms = new LinkedHashSet<>();
        for (CarrierLog log : recording.carriers()) {
            String jvm = jvmOf(log.name());
            if (jvm != null) {
                jvms.add(jvm);
            }
        }
        return jvms.size();
    }

    /** "21.0.8 / 25.0.3": each JDK's version without its build, as a merged run's JDK version lists them. */
    public static String shortVersions(String jdkVersion) {
        StringBuilder s = new StringBuilder();
        for (String v : jdkVersion.split(" / ")) {
            s.append(s.isEmpty() ? "" : " / ").append(v.split("\\+")[0]);
        }
        return s.toString();
    }

    /** The carrier's own name in a merged lane's name (the whole name for one JVM's). */
    public static String carrierOf(String laneName) {
        int at = laneName == null ? -1 : laneName.indexOf(SEPARATOR);
        return at < 0 ? laneName : laneName.substring(at + SEPARATOR.length());
    }

    /**
     * The parts as one finished recording on the earliest part's clock. A part whose recording starts after its time
     * 0 had its older mounts left out ({@link AttachedEpisodes#newest}): the merged run then starts at the latest such
     * start, where every part is whole, and the mounts begun before it are left out too (as {@code newest} leaves out
     * another carrier's older ones); otherwise it starts at the earliest part's start.
     *
     * @throws IllegalArgumentException no part; or together more threads or carriers than a run holds (one line)
     */
    public static RunRecording merge(List<Part> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no session to show");
        }
        long axisOrigin = Long.MAX_VALUE;
        for (Part p : parts) {
            axisOrigin = Math.min(axisOrigin, p.hostOrigin());
        }
        long[] shift = new long[parts.size()];
        long earliest = Long.MAX_VALUE;
        long latestCut = Long.MIN_VALUE;
        long end = 0;
        long threads = 0;
        long carriers = 0;
        int parallelism = 0;
        long dropped = 0;
        Set<String> versions = new LinkedHashSet<>();
        for (int i = 0; i < parts.size(); i++) {
            RunRecording r = parts.get(i).recording();
            shift[i] = parts.get(i).hostOrigin() - axisOrigin;
            long start = Math.max(0, r.runStart());
            earliest = Math.min(earliest, shift[i] + start);
            if (start > 0) {
                latestCut = Math.max(latestCut, shift[i] + start);
            }
            end = Math.max(end, shift[i] + (r.isFinished() ? r.runEnd() : r.now()));
            threads += r.threads();
            carriers += r.carrierCount();
            parallelism += r.config().parallelism();
            dropped += r.droppedInTarget();
            versions.add(r.jdkVersion());
        }
        if (threads > WorkloadConfig.MAX_THREADS || carriers > MAX_CARRIERS) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "%,d virtual threads on %,d carriers together: "
                    + "more than one run holds (%,d threads, %,d carriers)", threads, carriers, WorkloadConfig.MAX_THREADS,
                    MAX_CARRIERS));
        }
        long runStart = Math.max(earliest, latestCut);
        WorkloadConfig config = new WorkloadConfig((int) threads,
                Math.max(1, Math.min(WorkloadConfig.MAX_PARALLELISM, parallelism)), SchedulerKind.POOL, ThreadKind.VIRTUAL,
                new ScenarioParams(new TaskFileScenario(), Map.of(TaskFileScenario.CLASS, MAIN_CLASS,
                        TaskFileScenario.CLASSES, "")));
        List<RunSource.Jvm> jvms = new ArrayList<>();
        for (Part p : parts) {
            if (p.recording().source() instanceof RunSource.Application app) {
                jvms.addAll(app.jvms());
            }
        }
        RecordingBuilder builder = RecordingBuilder.of(config, String.join(" / ", versions));
        if (!jvms.isEmpty()) {
            builder.application(new RunSource.Application(jvms));
        }
        List<WhyAt> whys = new ArrayList<>();
        int lane = 0;
        int vtBase = 0;
        for (int i = 0; i < parts.size(); i++) {
            Part p = parts.get(i);
            long s = shift[i];
            for (CarrierLog log : p.recording().carriers()) {
                int at = lane++;
                builder.carrier(at, p.jvm() + SEPARATOR + log.name(), s + log.addedAt(), log.addedByPool());
                int kept = 0;
                for (int m = 0; m < log.size(); m++) {
                    if (s + log.start(m) < runStart) {
                        continue;
                    }
                    builder.mount(at, vtBase + log.vt(m), s + log.submit(m), s + log.start(m), s + log.end(m),
                            log.mountClass(m));
                    MountWhy why = p.recording().whyOf(log.index(), m);
                    if (why != null) {
                        whys.add(new WhyAt(at, kept, new MountWhy(why.cause(), why.reason(), why.frames(),
                                s + why.witnessAt(), why.site(), why.heldNanos())));
                    }
                    kept++;
                }
            }
            for (int vt = 0; vt < p.recording().threads(); vt++) {
                for (Phase phase : Phase.values()) {
                    long t = p.recording().phase(vt, phase);
                    if (t >= 0) {
                        builder.phase(vtBase + vt, phase, s + t);
                    }
                }
            }
            vtBase += p.recording().threads();
        }
        RunRecording merged = builder.droppedInTarget(dropped).finish(runStart, end, 0, false);
        for (WhyAt w : whys) {
            merged.setWhy(w.carrier(), w.mount(), w.why());
        }
        if (!whys.isEmpty()) {
            merged.markClassed();
        }
        return merged;
    }

    /** What a witness said of a merged lane's mount: set once the merged recording exists. */
    private record WhyAt(int carrier, int mount, MountWhy why) { }
}
