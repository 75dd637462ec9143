package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/**
 * The witnesses' rules, on recordings built by hand (the real runs are in CausesInRunsTest): each cause from its witness,
 * the clocks' block no witness explains as unsure (never pinned), and a pin the clocks did not see from the JDK's event.
 */
class CauseClassifierTest {
    private static final long MS = 1_000_000;
    private static final List<StackFrame> TASK_READ = List.of(
            new StackFrame(null, "java.io.FileInputStream", "readBytes", null, StackFrame.NATIVE_LINE),
            new StackFrame(null, "shop.Cart", "load", null, 42));
    private static final List<StackFrame> TASK_PARK = List.of(
            new StackFrame(null, "java.lang.VirtualThread", "parkOnCarrierThread", null, 600),
            new StackFrame(null, "shop.Native", "callback", null, 7));

    /** Six threads on two carriers; every mount 10 ms, the clocks' verdicts as given. */
    private static RunRecording recording(MountClass... verdicts) {
        WorkloadConfig config = Scenarios.config(Scenarios.byName("cart-service"), Map.of(), 6, 2, SchedulerKind.POOL,
                ThreadKind.VIRTUAL);
        RecordingBuilder b = RecordingBuilder.of(config, "25.0.1").carrier(0, "c0", 0, false).carrier(1, "c1", 0, false);
        for (int i = 0; i < verdicts.length; i++) {
            long start = (i / 2) * 20 * MS;
            b.mount(i % 2, i, start, start, start + 10 * MS, verdicts[i]).phase(i, Phase.CREATED, 0);
        }
        return b.finish(0, 60 * MS, verdicts.length, false);
    }

    private static PinnedEvent pin(long start, long duration, int carrier, String reason) {
        return new PinnedEvent(start, duration, "c" + carrier, carrier, reason, "LockSupport.park", TASK_PARK, start + duration);
    }

    @Test
    void eachBlockGetsTheCauseItsWitnessGives() {
        RunRecording r = recording(MountClass.PINNED, MountClass.PINNED, MountClass.PINNED,
                MountClass.UNSURE, MountClass.NOT_HELD, MountClass.PINNED);
        List<PinnedEvent> pins = List.of(pin(2 * MS, 5 * MS, 0, "Native or VM frame on stack"));
        List<Witness> witnesses = List.of(
                new Witness(Witness.Kind.FILE_READ, 21 * MS, 6 * MS, "/data/cart.bin", TASK_READ),
                new Witness(Witness.Kind.SAFEPOINT, 24 * MS, 5 * MS, null, List.of()));
        CauseReport report = CauseClassifier.classify(r, pins, witnesses, true);
        CarrierLog c0 = r.carriersByIndex()[0];
        CarrierLog c1 = r.carriersByIndex()[1];
        assertEquals(MountClass.PINNED, c0.mountClass(0), "the pinned event on its carrier");
        assertEquals(MountClass.UNSURE, c1.mountClass(0), "a block no witness explains: unsure, not pinned");
        // 20-30 ms: both carriers' mounts hold the read, so either thread can have been its thread: it explains neither
        // (a witness speaks only for its own thread), and the safepoint over both leaves both stalled
        assertEquals(MountClass.STALLED, c0.mountClass(1), "a safepoint over half of its (unknown) blocked time");
        assertEquals(MountClass.STALLED, c1.mountClass(1));
        assertEquals(MountClass.NOT_HELD, c0.mountClass(2), "not blocked, no witness: stays not pinned");
        assertEquals(MountClass.UNSURE, c1.mountClass(2));
        assertTrue(report.classified());
        assertEquals(1, report.pinned());
        assertEquals(0, report.captured());
        assertEquals(2, report.stalled());
        assertEquals(2, report.unsure());
        assertEquals(1, RunSummary.of(r).pinnedMounts(), "the summary counts what the witnesses left");
        assertEquals(2, RunSummary.unsureMounts(r));
        assertEquals(List.of("shop.Native.callback:7"), report.sites().stream().map(CauseReport.Site::frame).toList());
        assertEquals("LockSupport.park: Native or VM frame on stack", report.sites().get(0).reason());
        assertEquals("pinned", report.sites().get(0).kind());

        // what the window's inspector shows of a clicked mount
        MountInspector.MountInspection pinned = MountInspector.of(r, c0, 0);
        assertEquals("loomscope-vt-0", pinned.thread());
        assertEquals("c0", pinned.carrier());
        assertTrue(pinned.held().startsWith("pinned: ") && pinned.held().endsWith("(LockSupport.park: Native or VM frame on stack)"),
                pinned.held());
        assertEquals(TASK_PARK.stream().map(f -> f.className() + "." + f.methodName() + ":" + f.line()).toList(),
                pinned.stack().stream().map(f -> f.className() + "." + f.methodName() + ":" + f.line()).toList());
        assertTrue(MountInspector.of(r, c1, 0).held().startsWith("unsure: "));
        assertEquals(List.of(), MountInspector.of(r, c1, 0).stack());
        assertTrue(MountInspector.of(r, c0, 2).held().startsWith("not held"));
    }

    @Test
    void aPinTheClocksDidNotSeeIsStillAPinWhereTheEventNamesTheCarrier() {
        RunRecording r = recording(MountClass.NOT_HELD, MountClass.NOT_HELD);
        CauseReport report = CauseClassifier.classify(r, List.of(pin(1 * MS, 4 * MS, 1, null)), List.of(), true);
        assertEquals(MountClass.NOT_HELD, r.carriersByIndex()[0].mountClass(0));
        assertEquals(MountClass.PINNED, r.carriersByIndex()[1].mountClass(0), "as on a JVM without the kernel's counts");
        assertEquals(1, report.pinned());
    }

    @Test
    void aReadPlacedByTimeAloneGoesToAMountOnlyWhereItCanBeNoOtherThreads() {
        // both carriers mounted 0-10 ms: a read in it could be either thread's
        RunRecording r = recording(MountClass.NOT_HELD, MountClass.NOT_HELD);
        CauseClassifier.classify(r, List.of(), List.of(new Witness(Witness.Kind.FILE_READ, 2 * MS, 3 * MS, "/x", TASK_READ)), true);
        assertEquals(MountClass.NOT_HELD, r.carriersByIndex()[0].mountClass(0));
        assertEquals(MountClass.NOT_HELD, r.carriersByIndex()[1].mountClass(0));
    }

    @Test
    void withoutEveryEventNothingIsClassedAndTheReportSaysWhy() {
        RunRecording r = recording(MountClass.PINNED, MountClass.UNSURE);
        CauseReport report = CauseClassifier.classify(r, List.of(), List.of(), false);
        assertFalse(report.classified());
        assertTrue(report.why().contains("stopped before delivering"), report.why());
        assertEquals(MountClass.PINNED, r.carriersByIndex()[0].mountClass(0), "the clocks' verdict stays");
        assertTrue(report.line().startsWith("Causes not classed: "), report.line());
    }

    @Test
    void theSeedsOwnPhasesStayItsWitness() {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(1).withParallelism(1), "21.0.8")
                .carrier(0, "c0", 0, false);
        b.mount(0, 0, 0, 0, 10 * MS, true);
        RunRecording r = b.finish(0, 10 * MS, 1, false);
        CauseReport report = CauseClassifier.classify(r, List.of(), List.of(), true);
        assertEquals(MountClass.PINNED, r.carriersByIndex()[0].mountClass(0));
        assertEquals(1, report.pinned());
    }

    @Test
    void aMonitorsClassIsNamedAsJavaWritesIt() {
        assertEquals("Object.wait on int[]", new Witness(Witness.Kind.MONITOR_WAIT, 0, 1, "[I", List.of()).describe());
        assertEquals("java.lang.String[][]", Witness.javaClassName("[[Ljava.lang.String;"));
        assertEquals("java.lang.Object", Witness.javaClassName("java.lang.Object"));
        assertEquals("[Q", Witness.javaClassName("[Q"), "what it cannot read it leaves as it is");
        assertEquals("file read [I", new Witness(Witness.Kind.FILE_READ, 0, 1, "[I", List.of()).describe(), "a path is a path");
    }

    @Test
    void aClassedMountIsDrawnInItsOwnState() {
        RunRecording r = recording(MountClass.CAPTURED, MountClass.STALLED);
        loomscope.picture.StateTimeline timeline = new loomscope.picture.StateTimeline(r);
        assertEquals(loomscope.recording.VtState.CAPTURED, timeline.stateAt(0, 5 * MS));
        assertEquals(loomscope.recording.VtState.STALLED, timeline.stateAt(1, 5 * MS));
    }

    /**
     * A stack sampled while a carrier was held: a native method on top, the kernel confirming the carrier blocked, is
     * captured (the JDK has no event for opening a pipe or a DNS lookup), a pinned park is pinned, a monitor's BLOCKED state is pinned, a Java frame tells only where
     * (unsure, with its stack); a stack of a mount the clocks measured not blocked, or of another carrier, changes nothing.
     */
    @Test
    void aStackSampledWhileHeldTellsWhatJfrHasNoEventFor() {
        RunRecording r = recording(MountClass.PINNED, MountClass.UNSURE, MountClass.PINNED,
                MountClass.PINNED, MountClass.NOT_HELD, MountClass.UNSURE);
        List<StackFrame> open = List.of(new StackFrame(null, "java.io.FileInputStream", "open0", null, StackFrame.NATIVE_LINE),
                new StackFrame(null, "java.io.FileInputStream", "open", null, 213), new StackFrame(null, "shop.Fifo", "read", null, 9));
        List<StackFrame> java = List.of(new StackFrame(null, "shop.Prices", "<clinit>", null, 3),
                new StackFrame(null, "shop.Cart", "total", null, 30));
        List<StackFrame> entering = List.of(new StackFrame(null, "shop.Ledger", "post", null, 12));
        List<Witness> witnesses = List.of(
                Witness.heldStack(2 * MS, 4 * MS, "c0", Thread.State.RUNNABLE, true, open),        // c0 mount 0: captured
                Witness.heldStack(2 * MS, 4 * MS, "c1", Thread.State.WAITING, true, TASK_PARK),    // c1 mount 0: pinned
                Witness.heldStack(22 * MS, 24 * MS, "c0", Thread.State.RUNNABLE, true, java),      // c0 mount 1: where only
                Witness.heldStack(22 * MS, 24 * MS, "c1", Thread.State.BLOCKED, true, entering),   // c1 mount 1: pinned
                Witness.heldStack(42 * MS, 44 * MS, "c0", Thread.State.RUNNABLE, true, open),      // c0 mount 2: unmeasured
                Witness.heldStack(42 * MS, 44 * MS, "c9", Thread.State.RUNNABLE, true, open));     // no such carrier
        CauseReport report = CauseClassifier.classify(r, List.of(), witnesses, true);
        CarrierLog c0 = r.carriersByIndex()[0];
        CarrierLog c1 = r.carriersByIndex()[1];
        assertEquals(MountClass.CAPTURED, c0.mountClass(0));
        assertTrue(r.whyOf(0, 0).reason().startsWith("native code: java.io.FileInputStream.open0"), r.whyOf(0, 0).reason());
        assertEquals("shop.Fifo.read:9", r.whyOf(0, 0).site());
        assertEquals(2 * MS, r.whyOf(0, 0).witnessAt() - 2 * MS, "placed at the sample");
        assertEquals(MountClass.PINNED, c1.mountClass(0));
        assertEquals(MountClass.UNSURE, c0.mountClass(1), "a Java frame on top tells where, not why");
        assertEquals("shop.Prices.<clinit>:3", r.whyOf(0, 1).site(), "the inspector shows where it was held");
        assertEquals(MountClass.PINNED, c1.mountClass(1), "still mounted and BLOCKED on a monitor: it could not unmount");
        assertEquals(MountClass.CAPTURED, c0.mountClass(2), "the clocks measured nothing (as on macOS): the stack's word stands");
        assertEquals(MountClass.UNSURE, c1.mountClass(2));
        assertEquals(2, report.pinned());
        assertEquals(2, report.captured());
        assertEquals(List.of("shop.Fifo.read:9"), report.sites().stream().filter(s -> s.kind().equals("captured"))
                .map(CauseReport.Site::frame).toList());
    }

    /**
     * A pin's witness without a stack (an attached JVM's pinned-park hook) classes the mount; a stack sampled in the same
     * mount says where, as a live pin's site before JFR's event arrives. A witness with a stack of its own keeps it.
     */
    @Test
    void aStacklessPinTakesItsSiteFromAStackSampledInTheSameMount() {
        RunRecording r = recording(MountClass.PINNED, MountClass.PINNED);
        List<PinnedEvent> pins = List.of(
                new PinnedEvent(2 * MS, 5 * MS, "c0", 0, "parked while pinned (hook)", null, List.of(), 7 * MS),
                pin(2 * MS, 5 * MS, 1, "Native or VM frame on stack"));
        List<StackFrame> sync = List.of(new StackFrame(null, "java.lang.VirtualThread", "parkOnCarrierThread", null, 600),
                new StackFrame(null, "shop.Ledger", "post", null, 12));
        CauseClassifier.classify(r, pins, List.of(Witness.heldStack(2 * MS, 4 * MS, "c0", Thread.State.WAITING, true, sync),
                Witness.heldStack(2 * MS, 4 * MS, "c1", Thread.State.WAITING, true, sync)), true);
        assertEquals(MountClass.PINNED, r.carriersByIndex()[0].mountClass(0));
        assertEquals("shop.Ledger.post:12", r.whyOf(0, 0).site(), "where, from the sampled stack");
        assertEquals("parked while pinned (hook)", r.whyOf(0, 0).reason(), "why, from the pin's witness");
        assertEquals("shop.Native.callback:7", r.whyOf(1, 0).site(), "JFR's own stack stays");
    }

    /** Where the clocks measured a mount not blocked, a stack sampled in it changes nothing. */
    @Test
    void aStackDoesNotMakeAMeasuredRunningMountHeld() {
        RunRecording r = loomscope.recording.UnsureRun.record();   // carrier 1: VT 1 from 2 to 20 ms, measured not blocked
        List<StackFrame> open = List.of(new StackFrame(null, "java.io.FileInputStream", "open0", null, StackFrame.NATIVE_LINE));
        long at = loomscope.recording.UnsureRun.at(r, 10);
        CauseClassifier.classify(r, List.of(), List.of(Witness.heldStack(at - 2 * MS, at, "loomscope-carrier-1",
                Thread.State.RUNNABLE, true, open)), true);
        assertEquals(MountClass.NOT_HELD, r.carriersByIndex()[1].mountClass(0));
        assertNull(r.whyOf(1, 0));
    }

    /** A JFR witness comes first: a sampled stack does not change a mount JFR's event explained. */
    @Test
    void jfrsWordComesBeforeASampledStack() {
        RunRecording r = recording(MountClass.PINNED, MountClass.NOT_HELD);
        List<StackFrame> open = List.of(new StackFrame(null, "java.io.FileInputStream", "open0", null, StackFrame.NATIVE_LINE));
        CauseClassifier.classify(r, List.of(pin(2 * MS, 5 * MS, 0, "Native or VM frame on stack")),
                List.of(Witness.heldStack(2 * MS, 4 * MS, "c0", Thread.State.RUNNABLE, true, open)), true);
        assertEquals(MountClass.PINNED, r.carriersByIndex()[0].mountClass(0));
        assertEquals("Native or VM frame on stack", r.whyOf(0, 0).reason().replace("LockSupport.park: ", ""));
    }

    /**
     * A native method on top where the kernel did not say the carrier was blocked (no {@code /proc}, kernelCounts=off,
     * an older agent's line): it may have waited for a CPU with that frame on top, so the mount is unsure, with its
     * stack (where); a pinned park stays pinned, the stack's own fact.
     */
    @Test
    void aNativeStackTheKernelDidNotConfirmIsUnsure() {
        RunRecording r = recording(MountClass.PINNED, MountClass.PINNED);
        List<StackFrame> deflate = List.of(new StackFrame(null, "java.util.zip.Deflater", "deflateBytesBytes", null,
                StackFrame.NATIVE_LINE), new StackFrame(null, "shop.Zip", "pack", null, 7));
        CauseReport report = CauseClassifier.classify(r, List.of(), List.of(
                Witness.heldStack(2 * MS, 4 * MS, "c0", Thread.State.RUNNABLE, false, deflate),
                Witness.heldStack(2 * MS, 4 * MS, "c1", Thread.State.WAITING, false, TASK_PARK)), true);
        assertEquals(MountClass.UNSURE, r.carriersByIndex()[0].mountClass(0));
        assertEquals("shop.Zip.pack:7", r.whyOf(0, 0).site(), "it still says where");
        assertTrue(r.whyOf(0, 0).reason().contains("waited for a CPU"), r.whyOf(0, 0).reason());
        assertEquals(MountClass.PINNED, r.carriersByIndex()[1].mountClass(0));
        assertEquals(0, report.captured());
    }

    /**
     * A thread sampled in its own unmount ({@code Continuation.doYield} on top: the JVM copying its frames off the carrier,
     * a park that did unmount) is held by the JVM's work, not by a system call, even where the kernel said blocked:
     * unsure, with its stack's site. Seen on JDK 21 beside a loaded suite, a socket read's park was called captured.
     */
    @Test
    void aThreadSampledInItsOwnUnmountIsNotCaptured() {
        RunRecording r = unsureOnAKernelBlockedStack(new StackFrame(null, "jdk.internal.vm.Continuation", "doYield", null,
                StackFrame.NATIVE_LINE), new StackFrame(null, "jdk.internal.vm.Continuation", "yield0", null, 357));
        assertTrue(r.whyOf(0, 0).reason().contains("unmounting"), r.whyOf(0, 0).reason());
    }

    /** A native call inside a JDK class's static initialiser is the class being initialised: unsure, not captured. */
    @Test
    void aNativeCallInAJdkClassInitialiserIsNotCaptured() {
        unsureOnAKernelBlockedStack(new StackFrame(null, "sun.nio.ch.EPoll", "eventSize", null, StackFrame.NATIVE_LINE),
                new StackFrame(null, "sun.nio.ch.EPoll", "<clinit>", null, 70));
    }

    /**
     * Classes a pinned mount by one held stack, the kernel saying its carrier blocked: {@code top} over the
     * application's own frame {@code shop.Backend.read:139}. The mount must be unsure at that site, and nothing
     * captured; the recording, for more checks.
     */
    private static RunRecording unsureOnAKernelBlockedStack(StackFrame... top) {
        RunRecording r = recording(MountClass.PINNED, MountClass.PINNED);
        List<StackFrame> stack = new java.util.ArrayList<>(List.of(top));
        stack.add(new StackFrame(null, "shop.Backend", "read", null, 139));
        CauseReport report = CauseClassifier.classify(r, List.of(), List.of(
                Witness.heldStack(2 * MS, 4 * MS, "c0", Thread.State.RUNNABLE, true, stack)), true);
        assertEquals(MountClass.UNSURE, r.carriersByIndex()[0].mountClass(0));
        assertEquals("shop.Backend.read:139", r.whyOf(0, 0).site());
        assertEquals(0, report.captured());
        return r;
    }

    /** A held stack's detail: the state, "/blocked" where the kernel confirmed it, and the carrier's name (spaces and all). */
    @Test
    void aHeldStacksDetailReadsOldAndNewLines() {
        Witness confirmed = Witness.heldStack(0, 1, "my carrier 1", Thread.State.RUNNABLE, true, List.of());
        assertEquals("RUNNABLE/blocked my carrier 1", confirmed.detail());
        assertEquals(Thread.State.RUNNABLE, confirmed.heldState());
        assertEquals("my carrier 1", confirmed.heldCarrier());
        assertTrue(confirmed.heldKernelBlocked());
        Witness old = new Witness(Witness.Kind.HELD_STACK, 0, 1, "TIMED_WAITING my carrier 1", List.of());
        assertEquals(Thread.State.TIMED_WAITING, old.heldState());
        assertEquals("my carrier 1", old.heldCarrier());
        assertFalse(old.heldKernelBlocked(), "a line without the flag: the kernel did not say");
        assertFalse(new Witness(Witness.Kind.FILE_READ, 0, 1, "/x/blocked y", List.of()).heldKernelBlocked());
    }
}
