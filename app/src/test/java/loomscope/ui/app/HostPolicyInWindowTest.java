package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import loomscope.host.HostPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue #15: the host policy in a real window process, told its cores with {@code -XX:ActiveProcessorCount}
 * (headless; an autorun that exits). With 8 cores under auto nothing of the small machine may happen: no warm-up
 * run, the JIT's threads at their own nice value, the carriers not lowered, although P = cores. With 2 cores
 * the same window lowers them: proof that the watch below sees what it watches.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)   // each window's own ceiling is 15 minutes, more than the suite's 10
class HostPolicyInWindowTest {

    private record Seen(String stdout, int maxCarrierNice, int carriersSeen, int maxJitNice, int jitSeen, int exit) { }

    @Test
    void autoOnEightCoresLeavesTheMachineAlone() throws Exception {
        assumeTrue(HostPolicy.canLowerThreads(), "Linux, with the setpriority call");
        Seen big = window(8, 8);
        assertEquals(0, big.exit(), big.stdout());
        assertTrue(big.stdout().contains("host: no small-machine measures (8 cores)"), big.stdout());
        assertFalse(big.stdout().contains("warm-up"), "no warm-up run: " + big.stdout());
        assertTrue(big.carriersSeen() > 0, "the run's carriers were watched");
        assertEquals(0, big.maxCarrierNice(), "carriers not lowered");
        assertTrue(big.jitSeen() > 0, "the JIT's threads were watched");
        assertEquals(0, big.maxJitNice(), "compiler threads at their original nice value");
        assertFalse(big.stdout().contains("lowest priority"), big.stdout());
    }

    @Test
    void autoOnTwoCoresLowersThem() throws Exception {
        assumeTrue(HostPolicy.canLowerThreads(), "Linux, with the setpriority call");
        // the plan's first warm-up run only: the whole plan's six took ~20 s of CPU here, and what is watched is the JIT
        // lowered after the warm-up's runs, however many (WindowWarmUpTest runs a plan in a window)
        Seen small = window(2, 2, "-Dloomscope.warmUpRuns=1");
        assertEquals(0, small.exit(), small.stdout());
        assertTrue(small.stdout().contains("host: small machine (2 cores)"), small.stdout());
        assertTrue(small.stdout().contains("warm-up"), small.stdout());
        assertEquals(19, small.maxCarrierNice(), "carriers lowered at P = cores");
        assertEquals(19, small.maxJitNice(), "the JIT lowered after the warm-up");
    }

    private static Seen window(int cores, int parallelism, String... moreFlags) throws Exception {
        List<String> flags = new java.util.ArrayList<>(List.of("-XX:ActiveProcessorCount=" + cores, "-Dglass.platform=Headless",
                "-Dprism.order=sw", "--add-opens", "java.base/java.lang=ALL-UNNAMED"));
        flags.addAll(List.of(moreFlags));
        List<String> cmd = WindowProcess.quietCommand(flags,
                // 1,000 threads of a 1 ms sleep in the lock: the run lasts a second or more, long enough for the 20 ms
                // watch below to see its carriers; the window draws it for as long as it lasts, and on nice-19 carriers
                // beside the suite's other test JVMs the seed's 5 ms (5 s of run at least) took 70 s of CPU, most of it drawing
                List.of("--lock=synchronized", "--parallelism=" + parallelism, "--threads=1000", "--sleep=1", "--autorun",
                        "--exit-after-run"));
        Path out = Files.createTempFile("loomscope-window", ".out");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            int maxCarrier = -100;
            int carriers = 0;
            int maxJit = -100;
            int jit = 0;
            // a ceiling: ~25 s here. Beside two CPU hogs and another test class the small machine's warm-up and its run
            // on nice-19 carriers (1.5% of a core against a hog's share, by design) took over 300 s
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(900);
            while (p.isAlive() && System.nanoTime() < deadline) {
                for (Path task : tasks(p.pid())) {
                    String name = read(task.resolve("comm"));
                    int nice = nice(task.resolve("stat"));
                    if (nice == Integer.MIN_VALUE) {
                        continue;
                    }
                    if (name.startsWith("loomscope-carri")) {
                        carriers++;
                        maxCarrier = Math.max(maxCarrier, nice);
                    } else if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        jit++;
                        maxJit = Math.max(maxJit, nice);
                    }
                }
                Thread.sleep(20);
            }
            if (p.isAlive()) {
                p.destroyForcibly();
            }
            p.waitFor(10, TimeUnit.SECONDS);
            return new Seen(Files.readString(out, StandardCharsets.UTF_8), maxCarrier, carriers, maxJit, jit, p.exitValue());
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static List<Path> tasks(long pid) {
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            return s.toList();
        } catch (IOException gone) {
            return List.of();
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException gone) {
            return "";
        }
    }

    /** Field 19 of /proc/PID/task/TID/stat; MIN_VALUE when the thread is gone. */
    private static int nice(Path stat) {
        String s = read(stat);
        int close = s.lastIndexOf(')');
        if (close < 0) {
            return Integer.MIN_VALUE;
        }
        return Integer.parseInt(s.substring(close + 2).split(" ")[16]);
    }
}
