package loomscope.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import loomscope.recording.RecordedRun;
import loomscope.recording.TeeObserver;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.RunObserver;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

class CpuShareTest {

    @Test
    void theWindowDrawsAtHalfRateWhenOneCoreIsLeftAndLowersTheCarriersWhenNoneIs() {
        assertEquals(CpuShare.HALF_RATE, CpuShare.forRun(1, 2));
        assertEquals(CpuShare.YIELDING_CARRIERS, CpuShare.forRun(2, 2));
        assertEquals(CpuShare.YIELDING_CARRIERS, CpuShare.forRun(16, 2));
        assertEquals(CpuShare.FULL, CpuShare.forRun(1, 8));
        assertEquals(CpuShare.FULL, CpuShare.forRun(6, 8));
        assertEquals(CpuShare.HALF_RATE, CpuShare.forRun(7, 8));
        assertEquals(CpuShare.YIELDING_CARRIERS, CpuShare.forRun(8, 8));
        assertEquals(2, CpuShare.HALF_RATE.drawEveryNthPulse());
        assertEquals(1, CpuShare.YIELDING_CARRIERS.drawEveryNthPulse());
        assertEquals(CarrierPriority.LAUNCHER_LOWERED, CpuShare.HALF_RATE.carrierPriority(), "one core left: the launcher steps aside");
        assertTrue(CpuShare.FULL.describe(1, 8).isEmpty());
        assertTrue(CpuShare.HALF_RATE.describe(1, 2).contains("30 fps"), CpuShare.HALF_RATE.describe(1, 2));
    }

    @Test
    void yieldingCarriersYieldOnTheCarrierAfterEveryMount() throws Exception {
        AtomicInteger yields = new AtomicInteger();
        AtomicInteger offCarrier = new AtomicInteger();
        RunObserver yielding = CarrierPriority.yieldingBy(() -> {
            yields.incrementAndGet();
            if (!Thread.currentThread().getName().startsWith("loomscope-carrier-")) {
                offCarrier.incrementAndGet();
            }
        });
        WorkloadConfig config = SeedScenario.config().withThreads(100).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName()).withParallelism(2);
        RecordedRun run = RecordedRun.start(config, yielding);
        assertTrue(run.await(30_000), "run ended");
        long mounts = run.summary().mounts();
        assertTrue(mounts >= 200, "a mount before and one after each sleep: " + mounts);
        assertEquals(mounts, yields.get(), "one yield per mount");
        assertEquals(0, offCarrier.get(), "every yield on a carrier");
    }

    @Test
    void aRunIsMarkedLoweredOnlyWhereItsCarriersCouldBeLowered() {
        assertTrue(RunShare.decide(16, 2, true).lowersCarriers());
        assertTrue(!RunShare.decide(16, 2, false).lowersCarriers(), "a child JVM, or Linux without its nice call");
        assertEquals("", RunShare.decide(16, 2, false).note());
        assertEquals(CpuShare.HALF_RATE, RunShare.decide(1, 2, false).share(), "the frame rate rule stays");
        if (isLinux()) {
            assertEquals(CarrierPriority.niceSupported(), CarrierPriority.takesEffect());
        }
    }

    @Test
    void yieldingCarriersRunAtNice19AndTheTimerThreadKeepsNormalPriority() throws Exception {
        assumeTrue(isLinux(), "nice values are read from /proc");
        CpuShare.prepare();   // as the window's model does before its first run
        Map<Integer, Integer> niceOfCarrier = new ConcurrentHashMap<>();
        // reads each new carrier's nice value on the carrier itself, after the priority observer ran
        RunObserver checker = RunObserver.onCarrierStart(
                (index, name, nanos) -> niceOfCarrier.put(index, niceOf(Path.of("/proc/thread-self/stat"))));
        WorkloadConfig config = SeedScenario.config().withThreads(200).withParam(SeedScenario.LOCK, LockMode.SYNCHRONIZED.cliName()).withParallelism(3);
        RecordedRun run = RecordedRun.start(config,
                new TeeObserver(CpuShare.YIELDING_CARRIERS.carrierPriority(), checker));
        assertTrue(run.await(30_000), "run ended");
        assertTrue(niceOfCarrier.size() >= 3, "every carrier reported: " + niceOfCarrier);
        niceOfCarrier.forEach((carrier, nice) -> assertEquals(19, nice, "carrier " + carrier));
        List<Integer> timerNices = threadsNamed("VirtualThread-u").stream().map(CpuShareTest::niceOf).toList();
        assertTrue(!timerNices.isEmpty(), "the JDK's timer thread exists");
        assertTrue(timerNices.stream().allMatch(n -> n == 0), "timer threads at normal priority: " + timerNices);
    }

    private static boolean isLinux() {
        return System.getProperty("os.name", "").toLowerCase().contains("linux");
    }

    /** Field 19 of /proc/.../stat; the name field (2) may hold spaces, so count from its closing bracket. */
    static int niceOf(Path stat) {
        try {
            String s = Files.readString(stat);
            String[] rest = s.substring(s.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(rest[16]);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> threadsNamed(String prefix) {
        return JitPriority.tasks().stream().filter(t -> JitPriority.osName(t).startsWith(prefix))
                .map(t -> t.resolve("stat")).toList();
    }
}
