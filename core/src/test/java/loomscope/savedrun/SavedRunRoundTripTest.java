package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import loomscope.probe.PinnedEvent;
import loomscope.probe.ProbeSelection;
import loomscope.probe.ProbeSession;
import loomscope.probe.StackFrame;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.runs.ChildRun;
import loomscope.scenario.SeedScenario;
import loomscope.testing.Jdk21;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkInspector;
import loomscope.runs.RunTarget;
import loomscope.workload.LockMode;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run saved and opened replays as the live recording did (issue #18's round trip). */
class SavedRunRoundTripTest {

    @TempDir
    Path folder;

    private SavedRun roundTrip(RunRecording recording, List<PinnedEvent> events) throws Exception {
        SavedRun saved = new SavedRun(recording, RunInfo.ofThisHost(List.of(), false), events);
        Path file = Files.createTempFile(folder, "run", SavedRun.EXTENSION);
        Files.delete(file);
        SavedRunSize size = saved.write(file, false);
        assertEquals(Files.size(file), size.bytes());
        assertTrue(size.mountPartBytesPerMount() <= 32, () -> size.mountPartBytesPerMount() + " bytes per mount in the mounts' part");
        System.out.printf("saved run: %,d threads, %,d mounts, %,d events, %,d bytes (%,d of them events), %.1f bytes per mount"
                        + " (whole file), %.1f in the mounts' part, %.1f bytes per thread's phases%n",
                recording.threads(), size.mounts(), events.size(), size.bytes(), size.eventBytes(), size.bytesPerMount(),
                size.mountPartBytesPerMount(), (double) size.phaseBytes() / recording.threads());
        SavedRun opened = SavedRun.read(file);
        assertEquals(saved.info(), opened.info());
        assertEquals(events, opened.pinnedEvents());
        return opened;
    }

    private static RunRecording runHere(WorkloadConfig config) throws InterruptedException {
        RecordedRun run = RecordedRun.start(config);
        assertTrue(run.await(120_000), "the run did not end");
        return run.recording();
    }

    @Test
    void theSeedInEveryLockModeReplaysIdentically() throws Exception {
        for (LockMode mode : LockMode.values()) {
            RunRecording live = runHere(SeedScenario.config().withThreads(400).withParallelism(2).withParam(SeedScenario.LOCK, mode.cliName()));
            SavedRun opened = roundTrip(live, List.of());
            RecordingsCompare.assertSameFacts(live, opened.recording());
            RecordingsCompare.assertSameReplay(live, opened.recording(), 100);
        }
    }

    @Test
    void pinnedEventsAndAStoppedRunSurvive() throws Exception {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(2_000).withParam(SeedScenario.LOCK, LockMode.SHARED_SYNCHRONIZED.cliName()));
        Thread.sleep(300);
        run.run().cancel();
        assertTrue(run.await(30_000));
        RunRecording live = run.recording();
        assertTrue(live.wasCancelled());
        List<PinnedEvent> events = List.of(
                new PinnedEvent(1_000, 5_000_000, "loomscope-carrier-0", 0, "Native or VM frame on stack", null,
                        List.of(new StackFrame("java.base", "java.lang.Thread", "sleep", "Thread.java", 540),
                                new StackFrame(null, "loomscope.workload.Task", "holdAndSleep", null, StackFrame.NATIVE_LINE)),
                        9_000_000),
                new PinnedEvent(2_000, 7, null, -1, null, "Object.wait", List.of(), 3_000));
        SavedRun opened = roundTrip(live, events);
        RecordingsCompare.assertSameFacts(live, opened.recording());
        RecordingsCompare.assertSameReplay(live, opened.recording(), 100);
    }

    /**
     * Issue 24: 2,000 native-frame pins were 3,321,852 bytes in format 1, ~1,620 bytes an event for the same
     * 24-frame stack each time. With each stack stored once, every event and frame survives in far less.
     */
    @Test
    void jfrStacksAreStoredOnceAndEveryEventSurvives() throws Exception {
        WorkloadConfig config = SeedScenario.config().withThreads(2_000).withParallelism(2).withParam(SeedScenario.LOCK, LockMode.NATIVE_FRAME.cliName());
        ProbeSession.ProbedRun probed = ProbeSession.start(config, ProbeSelection.JFR, 1);
        List<PinnedEvent> events;
        try (ProbeSession session = probed.probes()) {
            assertTrue(probed.run().await(120_000), "the run did not end");
            session.finish();
            events = session.jfr().pinnedEvents();
        }
        assertTrue(events.size() >= 2_000, events.size() + " JFR events");
        SavedRun opened = roundTrip(probed.run().recording(), events);
        for (int i = 0; i < events.size(); i++) {
            assertEquals(events.get(i).stack(), opened.pinnedEvents().get(i).stack(), "event " + i + "'s stack");
        }
        RecordingsCompare.assertSameFacts(probed.run().recording(), opened.recording());
        Path file = Files.createTempFile(folder, "native", SavedRun.EXTENSION);
        Files.delete(file);
        long bytes = opened.write(file, false).bytes();
        assertTrue(bytes <= 200_000, bytes + " bytes");
    }

    @Test
    void distinctStacksAndStringsAndNullsSurvive() throws Exception {
        RunRecording live = runHere(SeedScenario.config().withThreads(50).withParam(SeedScenario.CPU, 0).withParam(SeedScenario.SLEEP, 1));
        List<PinnedEvent> events = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<StackFrame> stack = List.of(
                    new StackFrame(i % 3 == 0 ? null : "mod" + (i % 5), "a.B" + (i % 7), "m" + (i % 11), i % 2 == 0 ? null : "B.java", i - 150),
                    new StackFrame(null, "", "", "", StackFrame.NATIVE_LINE));
            events.add(new PinnedEvent(1_000_000L * (i % 40) - 5, i, i % 4 == 0 ? null : "carrier-" + (i % 3), i % 4 - 1,
                    i % 5 == 0 ? null : "reason " + (i % 6), i % 2 == 0 ? null : "Object.wait", i % 9 == 0 ? List.of() : stack,
                    7L * i - 1_000));
        }
        SavedRun opened = roundTrip(live, events);
        assertEquals(events, opened.pinnedEvents());
    }

    @Test
    void aChildRunOnJdk21ReplaysIdentically() throws Exception {
        Path home = Jdk21.find();
        assumeTrue(home != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21 (.ci/run installs it)");
        JdkCheck check = new JdkInspector().inspect(home, "test");
        assertTrue(check.accepted(), check::toString);
        ChildRun child = ChildRun.start(RunTarget.ChildJvm.of(((JdkCheck.Accepted) check).jdk()),
                SeedScenario.config().withThreads(300), ChildRun.Options.plain());
        assertTrue(child.await(120_000), "the child run did not end");
        RunRecording live = child.recording();
        assertTrue(live.jdkVersion().startsWith("21"), live.jdkVersion());
        SavedRun opened = roundTrip(live, List.of());
        assertTrue(RunSummaryFacts.pinnedMounts(opened.recording()) >= 300, "JDK 21 pins each thread at least once");
        RecordingsCompare.assertSameFacts(live, opened.recording());
        RecordingsCompare.assertSameReplay(live, opened.recording(), 100);
    }

    /**
     * A million threads fit in the test JVM's 2 GB (surefire's -Xmx2g) and are recorded whole, and their saved run
     * replays as the live one. One run for both: each took about 8 s of this JVM's CPU.
     */
    @Test
    void aMillionThreadRunFitsAndReplaysIdentically() throws Exception {
        long before = usedHeapAfterGc();
        RunRecording live = runHere(SeedScenario.config(1_000_000, 0, 5, LockMode.SYNCHRONIZED, 2,
                loomscope.workload.SchedulerKind.POOL, loomscope.workload.ThreadKind.VIRTUAL));
        RunSummary summary = RunSummary.of(live);
        assertEquals(1_000_000, summary.completed());
        assertTrue(summary.mounts() >= 1_000_000, "mounts: " + summary.mounts());
        assertTrue(live.approximateBytes() < 512L << 20, "arrays: " + live.approximateBytes());
        long retained = usedHeapAfterGc() - before;
        assertTrue(retained < 1L << 30, "retained after the run: " + retained + " bytes");
        long t0 = System.nanoTime();
        SavedRun opened = roundTrip(live, List.of());
        System.out.printf("1,000,000 threads: saved and opened in %.2f s%n", (System.nanoTime() - t0) / 1e9);
        RecordingsCompare.assertSameFacts(live, opened.recording());
        // every mount and phase is compared above; ten instants of a million threads' states replay them
        RecordingsCompare.assertSameReplay(live, opened.recording(), 10);
    }

    private static long usedHeapAfterGc() {
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
