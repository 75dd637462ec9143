package loomscope.attach;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import com.sun.tools.attach.VirtualMachine;

/**
 * What the agent costs a mount-heavy target (docs/performance.md, "Attach"): {@link MountLoop} on one carrier in three
 * JVMs, measured in interleaved rounds: no agent; an agent loaded that hooks nothing (ours, given options it refuses:
 * what loading any agent costs every mount); and ours recording. Not a JUnit test (timing claims live in benchmarks):
 * {@code java -cp <core test class path> -Dloomscope.agent.jar=agent/target/loomscope-agent.jar
 * loomscope.attach.AttachCostBench [rounds]} with a JDK 25 (or 21) {@code java}. To compare builds of the agent in the
 * same interleaved rounds, name their jars in {@code -Dloomscope.bench.agents=a.jar,b.jar}: each records a target of
 * its own. {@code -Dloomscope.bench.carrierCpu=0}, with the whole command under {@code taskset -c 1}, gives each
 * target's carrier CPU 0 to itself before every round (Linux): a machine with cores to spare, where the agent's drain
 * thread and LoomScope never share the carrier's core.
 */
public final class AttachCostBench {
    private static final int THREADS = 4;
    private static final int YIELDS = 500_000;
    private static final String CARRIER_CPU = System.getProperty("loomscope.bench.carrierCpu", "");

    private AttachCostBench() { }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        List<Path> recorders = recordingJars();
        List<String> modeNames = new ArrayList<>(List.of("no agent", "agent loaded, no hooks"));
        for (Path jar : recorders) {
            modeNames.add(recorders.size() == 1 ? "agent recording" : "recording: " + jar.getFileName());
        }
        String[] modes = modeNames.toArray(new String[0]);
        List<List<double[]>> results = new ArrayList<>();
        Target[] targets = new Target[modes.length];
        for (int m = 0; m < modes.length; m++) {
            targets[m] = Target.start();
            results.add(new ArrayList<>());
        }
        VirtualMachine idle = VirtualMachine.attach(Long.toString(targets[1].process.pid()));
        idle.loadAgent(AgentJar.locate().toString(), "hooks=none");   // refused options: loaded, nothing hooked
        idle.detach();
        List<AttachSession> sessions = new ArrayList<>();
        for (int k = 0; k < recorders.size(); k++) {
            sessions.add(AttachSession.start(targets[2 + k].process.pid(), recorders.get(k)));
        }
        for (Target t : targets) {
            t.run(false);   // warm-up round, not counted (it starts the carrier that the others pin)
        }
        for (int r = 0; r < rounds; r++) {
            for (int m = 0; m < modes.length; m++) {
                results.get(m).add(targets[m].run(true));
            }
        }
        long ended = (long) THREADS * (YIELDS + 1) * (rounds + 1);   // the warm-up round's too
        List<String> drops = new ArrayList<>();
        for (int k = 0; k < sessions.size(); k++) {
            AttachSession session = sessions.get(k);
            session.stop();
            long dropped = session.episodes().dropped();
            drops.add(String.format(Locale.ROOT, "  %s: the target ended %,d episodes: %,d dropped in it (%.1f%%); LoomScope"
                    + " kept %,d and counted %,d past its bound", modes[2 + k], ended, dropped, 100.0 * dropped / ended,
                    session.episodes().episodeCount(), session.episodes().notKept()));
            session.close();
        }
        for (Target t : targets) {
            t.process.getOutputStream().close();
            t.process.waitFor();
        }
        System.out.println("Java " + Runtime.version() + ", " + THREADS + " threads x " + YIELDS + " yields on one carrier, "
                + rounds + " interleaved rounds; ns per episode, median (min..max):");
        String[] measures = {"wall", "carrier CPU", "process CPU"};
        for (int m = 0; m < modes.length; m++) {
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  %-24s", modes[m]));
            for (int k = 0; k < measures.length; k++) {
                int measure = k;
                double[] v = results.get(m).stream().mapToDouble(r -> r[measure]).sorted().toArray();
                line.append(String.format(Locale.ROOT, "  %s %6.1f (%.1f..%.1f)", measures[k], v[v.length / 2], v[0],
                        v[v.length - 1]));
            }
            System.out.println(line);
        }
        drops.forEach(System.out::println);
    }

    /**
     * Moves the target's carrier (the one worker of the JDK's scheduler) to {@link #CARRIER_CPU}. Linux keeps 15
     * characters of a thread's name: "ForkJoinPool-1-worker-1" is "ForkJoinPool-1-" there (the common pool's
     * workers are "ForkJoinPool.co"). A round with no carrier found is an error, never a silent unpinned round.
     */
    private static void giveCarrierItsCpu(long pid) throws Exception {
        int pinned = 0;
        try (var tasks = java.nio.file.Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks.toList()) {
                String name = java.nio.file.Files.readString(task.resolve("comm")).strip();
                if (name.equals("ForkJoinPool-1-")) {
                    pinned++;
                    Process taskset = new ProcessBuilder("taskset", "-p", "-c", CARRIER_CPU, task.getFileName().toString())
                            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    if (taskset.waitFor() != 0) {
                        throw new IllegalStateException("taskset failed for " + task);
                    }
                }
            }
        }
        if (pinned != 1) {
            throw new IllegalStateException(pinned + " carriers found in pid " + pid + " (one expected): not pinned");
        }
    }

    private static List<Path> recordingJars() {
        String named = System.getProperty("loomscope.bench.agents", "");
        return named.isBlank() ? List.of(AgentJar.locate())
                : Arrays.stream(named.split(",")).map(String::strip).map(Path::of).toList();
    }

    private record Target(Process process, BufferedReader out, OutputStream in) {
        static Target start() throws Exception {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djdk.virtualThreadScheduler.parallelism=1", "-Djdk.virtualThreadScheduler.maxPoolSize=1",
                    "-cp", classPath(), MountLoop.class.getName(), Integer.toString(THREADS), Integer.toString(YIELDS))
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            if (!"READY".equals(out.readLine())) {
                throw new IllegalStateException("MountLoop did not start");
            }
            return new Target(p, out, p.getOutputStream());
        }

        /** Wall, carrier CPU and process CPU nanoseconds per episode of one round. */
        double[] run(boolean pinned) throws Exception {
            if (pinned && !CARRIER_CPU.isEmpty()) {
                giveCarrierItsCpu(process.pid());
            }
            in.write("go\n".getBytes(StandardCharsets.US_ASCII));
            in.flush();
            String[] f = out.readLine().split(" ");
            return new double[] {Double.parseDouble(f[1]), Double.parseDouble(f[2]), Double.parseDouble(f[3])};
        }
    }

    private static String classPath() {
        return String.join(File.pathSeparator, Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("agent" + File.separator + "target")).toList());
    }
}
