package loomscope.runs;

import loomscope.jdks.JdkInstall;
import loomscope.jdks.TestJdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

import loomscope.probe.JfrCrossCheck;
import loomscope.probe.PinnedEvent;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenarios;
import loomscope.testing.QuickJvm;
import loomscope.testing.TestsSideBySide;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * Issue #16's acceptance: every scenario, run small in a child JVM of this JDK and of a real JDK 21 with JFR's
 * pinned events streamed back, and what the recording says (pinned mounts, carriers, time) checked against what
 * JFR said about the same run. Where they differ it is asserted too: JFR reports a pin only where a virtual thread
 * tried to park and could not, so a carrier held in {@code Object.wait} on JDK 21 is recorded pinned with no event.
 */
// side by side, as its two children of a test are: each run's facts are its own carriers'
@TestsSideBySide
class ScenarioFactsTest {

    /** What one child run recorded and what JFR said about it. */
    record Facts(RunRecording recording, RunSummary summary, List<PinnedEvent> events, JfrCrossCheck jfr) {
        @Override public String toString() {
            return String.format("%s on %s: %.0f ms, %d pinned mounts of %d threads, at most %d in their locks at once, "
                            + "%d carriers (%d added); JFR %d events, %d matched, reasons %s", recording.config().scenarioText(),
                    recording.jdkVersion(), summary.wallMillis(), summary.pinnedMounts(), summary.pinnedThreads(),
                    summary.maxLockHolders(), summary.carriersUsed(),
                    summary.carriersAddedByPool(), events.size(), jfr.matchedEvents(),
                    events.stream().map(PinnedEvent::reason).distinct().toList());
        }
    }

    private static WorkloadConfig config(String scenario, Map<String, String> params, int threads, int parallelism) {
        return Scenarios.config(Scenarios.byName(scenario), params, threads, parallelism, SchedulerKind.POOL, ThreadKind.VIRTUAL);
    }

    static Facts run(JdkInstall jdk, WorkloadConfig config) throws InterruptedException {
        // C1 alone: facts and lower bounds of time (this class's children took 21 s of CPU instead of 34)
        ChildRun run = ChildRun.start(QuickJvm.of(RunTarget.ChildJvm.of(jdk)), config, ChildRun.Options.plain().withProbes(true, 0));
        assertTrue(run.await(60_000), config.scenarioText() + ": child run did not end");
        assertInstanceOf(RunOutcome.Completed.class, run.outcome(), () -> run.outcome().describe() + " " + run.childOutput());
        RunRecording recording = run.recording();
        RunSummary summary = RunSummary.of(recording);
        assertEquals(config.threads(), summary.completed(), config.scenarioText());
        Facts facts = new Facts(recording, summary, run.pinnedEvents(), JfrCrossCheck.of(run.pinnedEvents(), recording));
        System.out.println(facts);
        int shown = 0;
        for (loomscope.recording.CarrierLog log : recording.carriers()) {
            for (int i = 0; i < log.size() && shown < 5; i++) {
                if (log.pinned(i)) {
                    shown++;
                    System.out.printf("  pinned: %s mount %d of %d, thread %d, %.3f ms from %.3f ms, blocked %.3f ms%n", log.name(), i,
                            log.size(), log.vt(i), (log.end(i) - log.start(i)) / 1e6, (log.start(i) - recording.runStart()) / 1e6, log.blockedMicros(i) / 1e3);
                }
            }
        }
        return facts;
    }

    /** The same run on this JDK and on JDK 21. */
    record Both(Facts here, Facts on21) { }

    /**
     * {@link #run} on this JDK and on JDK 21 at once: two child JVMs side by side, so that their starts and JFR's flush
     * waits (1.7 s a run) overlap; this class took 79 s of CI's 11 minutes with one child at a time. Each run's facts are
     * its own carriers' and hold beside two CPU hogs (docs/reliability.md), as they do beside the other child JVM here.
     */
    static Both onBoth(WorkloadConfig config) throws InterruptedException {
        FutureTask<Facts> on21 = new FutureTask<>(() -> run(TestJdks.jdk21(), config));
        Thread beside = Thread.ofPlatform().name("jdk21-run").start(on21);
        try {
            Facts here = run(TestJdks.thisJdk(), config);
            return new Both(here, on21.get());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;   // an assertion of run()'s on JDK 21's child
            }
            throw new AssertionError("the run on JDK 21 failed", e.getCause());
        } finally {
            beside.join(120_000);
        }
    }

    /**
     * Recorded pinned mounts at least {@code nanos} long: the scenario's own block, not a cold JVM's class loading. By
     * length, not by blocked time: that is a lower bound, and under load the carrier's run-queue wait is taken off it
     * (seen beside two CPU hogs: 2 of 6 JDK 21 object-wait pins with 50 ms of their 100 ms wait left).
     */
    static long pinnedAtLeast(RunRecording recording, long nanos) {
        long n = 0;
        for (loomscope.recording.CarrierLog log : recording.carriers()) {
            for (int i = 0; i < log.size(); i++) {
                n += log.pinned(i) && log.end(i) - log.start(i) >= nanos ? 1 : 0;
            }
        }
        return n;
    }

    /** Recorded unsure mounts at least {@code nanos} long. */
    static long unsureAtLeast(RunRecording recording, long nanos) {
        long n = 0;
        for (loomscope.recording.CarrierLog log : recording.carriers()) {
            for (int i = 0; i < log.size(); i++) {
                n += log.unsure(i) && log.end(i) - log.start(i) >= nanos ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * Recorded pinned mounts whose carrier surely blocked at least {@code nanos}, not counting each carrier's first
     * {@code coldMounts}: a stall where the scenario should block nowhere.
     */
    static long pinnedBlockedAtLeast(RunRecording recording, long nanos, int coldMounts) {
        long n = 0;
        for (loomscope.recording.CarrierLog log : recording.carriers()) {
            for (int i = coldMounts; i < log.size(); i++) {
                n += log.pinned(i) && log.blockedMicros(i) * 1_000L >= nanos ? 1 : 0;
            }
        }
        return n;
    }

    static long eventsAtLeast(Facts f, long nanos) {
        return f.events().stream().filter(e -> e.duration() >= nanos).count();
    }

    /** No pin as long as the scenario's block, in the recording or in JFR: the thread unmounted (JEP 491). */
    static void unmounted(Facts f, long blockNanos) {
        // A cold JVM's first mounts really block (class loading and linking, waits for another thread's class
        // initialisation; measured: a JDK 25 carrier's first cart-service mount blocked 68 ms beside other builds,
        // with no JFR event), and a loaded JVM holds a carrier now and then (a safepoint that waits for a preempted
        // thread: measured, one producer-consumer mount on JDK 21 blocked 2.5 ms+ beside two CPU hogs, no JFR event).
        // Those are real and rare; a scenario that pinned would pin every thread's block. So: a carrier's first two
        // mounts aside, at most one mount in 20 (at least one) blocked half the block, and JFR saw none.
        long stalls = pinnedBlockedAtLeast(f.recording(), blockNanos / 2, 2);
        assertTrue(stalls <= Math.max(1, f.summary().mounts() / 20), stalls + " mounts blocked for half the block: " + f);
        assertEquals(0, eventsAtLeast(f, blockNanos / 2), f.toString());
    }

    /** {@code threads} pins as long as the block, recorded, and as many JFR events, each on a recorded pinned mount. */
    static void pinnedWithEvents(Facts f, int threads, long blockNanos) {
        // every one pinned, or unsure where its carrier was also preempted (never judged not pinned); a pinned
        // mount spans the block, but its blocked time is a lower bound: under load the carrier's run-queue wait is
        // taken off it (seen: one of 20 cart-service pins on JDK 21 under 50 ms of its 100 ms block)
        long pinned = pinnedAtLeast(f.recording(), blockNanos / 2);
        long unsure = 0;
        for (loomscope.recording.CarrierLog log : f.recording().carriers()) {
            for (int i = 0; i < log.size(); i++) {
                unsure += log.unsure(i) && log.end(i) - log.start(i) >= blockNanos ? 1 : 0;
            }
        }
        List<String> otherwise = new java.util.ArrayList<>();
        for (loomscope.recording.CarrierLog log : f.recording().carriers()) {
            for (int i = 0; i < log.size(); i++) {
                if ((log.captured(i) || log.stalled(i)) && log.end(i) - log.start(i) >= blockNanos) {
                    loomscope.recording.MountWhy why = f.recording().whyOf(log.index(), i);
                    otherwise.add(log.mountClass(i) + " " + (why == null ? "" : why.reason() + " at " + why.site()));
                }
            }
        }
        assertEquals(threads, pinned + unsure, "unsure: " + unsure + ", classed otherwise: " + otherwise + "; " + f);
        // JFR times the pinned park, not the mount: under load one of four 100 ms class-loader pins on JDK 21 was a
        // shorter event, and so was JDK 21's one event for a 150 ms class-init wait (measured): every pin has an
        // event, each on a recorded pinned mount, and three in four as long as it
        assertTrue(f.events().size() >= threads, "an event for every pin: " + f);
        assertTrue(eventsAtLeast(f, blockNanos / 2) >= threads - (threads + 3) / 4, f.toString());
        assertEquals(f.jfr().events(), f.jfr().matchedEvents(), "every JFR event on a recorded pinned mount: " + f);
    }

    /**
     * At least {@code millis}: a lower bound that blocks in series guarantee whatever the machine's load (an upper
     * bound on a time would not hold beside a neighbour's build; how many blocked at once is asserted instead).
     */
    static void tookAtLeast(Facts f, double millis) {
        assertTrue(f.summary().wallMillis() >= 0.95 * millis, String.format("expected at least %.0f ms: %s", millis, f));
    }

    private static final long MS = 1_000_000;

    @Test
    void seedPinsOnJdk21Only() throws InterruptedException {
        WorkloadConfig c = config("seed", Map.of("lock", "synchronized"), 100, 1);
        Both both = onBoth(c);
        Facts f25 = both.here();
        assertEquals(0, f25.summary().pinnedMounts(), f25.toString());
        // the seed's pins are its phases' verdict (the clocks' cross-check is CrossJdkPinningTest's)
        Facts f21 = both.on21();
        assertEquals(100, f21.summary().pinnedMounts(), f21.toString());
        assertTrue(f21.events().size() >= 100, f21.toString());   // a sleep woken early parks again: two events
        assertEquals(f21.jfr().events(), f21.jfr().matchedEvents(), f21.toString());
    }

    @Test
    void wavesOfPOnJdk21OneWaveHere() throws InterruptedException {
        // K = 6 threads sleep 600 ms in synchronized on P = 2 carriers: JDK 21 runs them in ceil(6/2) = 3 waves
        WorkloadConfig c = config("waves", Map.of("sleep-ms", "600"), 6, 2);
        Both both = onBoth(c);
        Facts f25 = both.here();
        unmounted(f25, 600 * MS);
        assertEquals(6, f25.summary().maxLockHolders(), "one wave: all six asleep in their locks at once: " + f25);
        Facts f21 = both.on21();
        pinnedWithEvents(f21, 6, 600 * MS);
        assertEquals(2, f21.summary().maxLockHolders(), "waves of P = 2: " + f21);
        tookAtLeast(f21, 3 * 600);
    }

    @Test
    void objectWaitHoldsTheCarrierOnJdk21AndJfrDoesNotSayIt() throws InterruptedException {
        WorkloadConfig c = config("object-wait", Map.of("wait-ms", "100"), 6, 1);
        Both both = onBoth(c);
        unmounted(both.here(), 100 * MS);
        Facts f21 = both.on21();
        // JDK 21 blocks the carrier in Object.wait without trying to park the virtual thread: JFR's pinned event is
        // raised only by a park that could not unmount, so it stays silent while every wait holds the carrier
        // every wait pinned, or unsure where its carrier was also preempted (never judged not pinned): seen once with
        // four core test JVMs on two cores, 5 pinned of 6
        long unsure = unsureAtLeast(f21.recording(), 50 * MS);
        assertEquals(6, pinnedAtLeast(f21.recording(), 50 * MS) + unsure, "unsure: " + unsure + "; " + f21);
        assertEquals(0, f21.events().size(), f21.toString());
        // and the JDK compensates: the pool adds carriers, so the waits overlap as on its default scheduler
        assertTrue(f21.summary().carriersAddedByPool() >= 1, f21.toString());
        assertTrue(f21.summary().maxLockHolders() > 1, "waits overlap on the added carriers: " + f21);
    }

    @Test
    void classInitPinsOnBothJdks() throws InterruptedException {
        WorkloadConfig c = config("class-init", Map.of("init-ms", "150"), 4, 1);
        Both both = onBoth(c);
        Facts f25 = both.here();
        pinnedWithEvents(f25, 1, 150 * MS);
        assertTrue(f25.events().stream().filter(e -> e.duration() >= 75 * MS)
                .allMatch(e -> e.reason() != null && e.reason().contains("ClassInitTarget.<clinit>")), f25.toString());
        pinnedWithEvents(both.on21(), 1, 150 * MS);
    }

    @Test
    void classLoaderPinsOnJdk21Only() throws InterruptedException {
        WorkloadConfig c = config("class-loader", Map.of("find-ms", "100"), 4, 1);
        Both both = onBoth(c);
        unmounted(both.here(), 100 * MS);
        pinnedWithEvents(both.on21(), 4, 100 * MS);
    }

    @Test
    void cartServicePinsOnJdk21Only() throws InterruptedException {
        // 20 updates of their own products, 100 ms API call inside each lock, P = 4: 5 x 100 ms on JDK 21
        WorkloadConfig c = config("cart-service", Map.of("api-ms", "100"), 20, 4);
        Both both = onBoth(c);
        Facts f25 = both.here();
        unmounted(f25, 100 * MS);
        Facts f21 = both.on21();
        pinnedWithEvents(f21, 20, 100 * MS);
        // serialised on the carriers: never more calls at once than carriers, so at least 5 x 100 ms; here the
        // calls unmount and more than P run at once
        assertTrue(f21.summary().maxLockHolders() <= 4, f21.toString());
        tookAtLeast(f21, 5 * 100);
        assertTrue(f25.summary().maxLockHolders() > 4, f25.toString());
    }

    @Test
    void withoutABlockInsideALockNothingPins() throws InterruptedException {
        // the buffer's waits and the lock-free task unmount
        for (WorkloadConfig c : List.of(config("producer-consumer", Map.of("tasks", "2000"), 20, 2),
                config("platform-vs-virtual", Map.of(), 50, 1))) {
            Both both = onBoth(c);
            unmounted(both.here(), 5 * MS);
            unmounted(both.on21(), 5 * MS);
        }
    }

    @Test
    void jdk21CompensatesForBlockingFileReads() throws InterruptedException {
        // A read stays mounted on every JDK: one that waits for the disk is blocked while mounted (seen: 3 ms on
        // JDK 25), and JFR never reports it, since no park failed. Mostly the file is in the page cache.
        Both both = onBoth(config("file-io", Map.of(), 8, 1));
        assertEquals(0, both.here().events().size());
        Facts f21 = both.on21();
        assertEquals(0, f21.events().size(), f21.toString());
        assertTrue(f21.summary().carriersAddedByPool() >= 1, "the pool added a carrier for a blocked read: " + f21);
    }

    @Test
    void nativeFramePinsHereAndIsRefusedOnJdk21() throws InterruptedException {
        Facts f25 = run(TestJdks.thisJdk(), config("native-frame", Map.of(), 4, 1));
        pinnedWithEvents(f25, 4, 5 * MS);
        assertTrue(f25.events().stream().allMatch(e -> e.reason().startsWith("Native")), f25.toString());
        ChildRun refused = ChildRun.start(RunTarget.ChildJvm.of(TestJdks.jdk21()), config("native-frame", Map.of(), 4, 1),
                ChildRun.Options.plain());
        assertTrue(refused.await(60_000));
        assertTrue(refused.outcome().describe().contains("22"), refused.outcome().describe());
    }
}
