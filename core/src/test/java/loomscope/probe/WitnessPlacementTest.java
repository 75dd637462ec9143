package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * A witness speaks only for its own thread: one that names its carrier explains that carrier's mount; one placed by time
 * explains a mount only if it lies inside it and no other mount can have been its thread's. A socket read that parked
 * spans other threads' mounts and explains none of them. While the run goes, a held mount takes its class as its
 * witness arrives, and is unsure only once none can still come.
 */
class WitnessPlacementTest {
    private static final long MS = 1_000_000;
    private static final List<StackFrame> SOCKET_READ = List.of(
            new StackFrame(null, "sun.nio.ch.NioSocketImpl", "read", null, 300),
            new StackFrame(null, "shop.Backend", "ask", null, 12));
    private static final List<StackFrame> PIPE_READ = List.of(
            new StackFrame(null, "java.io.FileInputStream", "readBytes", null, StackFrame.NATIVE_LINE),
            new StackFrame(null, "shop.Pipes", "read", null, 30));

    /** Mounts {carrier, thread, start ms, end ms, verdict} on two carriers. */
    private static RunRecording recording(long[]... mounts) {
        WorkloadConfig config = Scenarios.config(Scenarios.byName("cart-service"), Map.of(), 8, 2, SchedulerKind.POOL,
                ThreadKind.VIRTUAL);
        RecordingBuilder b = RecordingBuilder.of(config, "25.0.1").carrier(0, "c0", 0, false).carrier(1, "c1", 0, false);
        long end = 0;
        for (long[] m : mounts) {
            b.mount((int) m[0], (int) m[1], m[2] * MS, m[2] * MS, m[3] * MS, MountClass.of((int) m[4]));
            b.phase((int) m[1], Phase.CREATED, 0);
            end = Math.max(end, m[3] * MS);
        }
        return b.finish(0, end, 0, false);
    }

    private static long[] mount(int carrier, int vt, long startMs, long endMs, MountClass verdict) {
        return new long[] {carrier, vt, startMs, endMs, verdict.ordinal()};
    }

    @Test
    void aSocketReadThatParkedExplainsNoOtherThreadsMount() {
        // thread 0 reads a socket from 1 ms to 30 ms: it parks at 2 ms and is mounted again at 30 ms. Meanwhile thread 1
        // holds carrier 1 in a native call, thread 2 holds carrier 0: both overlap the read, neither is its thread's
        RunRecording r = recording(
                mount(0, 0, 0, 2, MountClass.NOT_HELD),
                mount(1, 1, 5, 15, MountClass.PINNED),
                mount(0, 2, 16, 25, MountClass.PINNED),
                mount(0, 0, 30, 31, MountClass.NOT_HELD));
        CauseReport report = CauseClassifier.classify(r, List.of(),
                List.of(new Witness(Witness.Kind.SOCKET_READ, 1 * MS, 29 * MS, "backend:9000", SOCKET_READ)), true);
        assertEquals(MountClass.UNSURE, r.carriersByIndex()[1].mountClass(0));
        assertEquals(MountClass.UNSURE, r.carriersByIndex()[0].mountClass(1));
        assertEquals(0, report.captured());
        assertTrue(report.sites().stream().noneMatch(s -> s.frame().startsWith("shop.Backend")), report.sites().toString());
    }

    @Test
    void aReadInsideOneMountWhileNoOtherCanHaveBeenItsThreadIsThatMounts() {
        RunRecording r = recording(
                mount(0, 0, 0, 10, MountClass.PINNED),
                mount(1, 1, 12, 20, MountClass.NOT_HELD));
        CauseReport report = CauseClassifier.classify(r, List.of(),
                List.of(new Witness(Witness.Kind.FILE_READ, 2 * MS, 6 * MS, "/dev/pipe", PIPE_READ)), true);
        assertEquals(MountClass.CAPTURED, r.carriersByIndex()[0].mountClass(0));
        assertEquals("shop.Pipes.read:30", report.sites().get(0).frame());
        assertEquals("file read", report.sites().get(0).reason(), "a site's reason without the path");
        assertEquals(List.of("file read /dev/pipe"), report.sites().get(0).reasons().get(0).examples());
    }

    @Test
    void aReadTwoMountsHoldIsNeithersButTheStackSampledOnItsCarrierStillSpeaks() {
        RunRecording r = recording(
                mount(0, 0, 0, 10, MountClass.PINNED),
                mount(1, 1, 0, 10, MountClass.PINNED));
        Witness read = new Witness(Witness.Kind.FILE_READ, 2 * MS, 6 * MS, "/dev/pipe", PIPE_READ);
        Witness stack = Witness.heldStack(2 * MS, 5 * MS, "c0", Thread.State.RUNNABLE, true, PIPE_READ);
        CauseClassifier.classify(r, List.of(), List.of(read, stack), true);
        CarrierLog c0 = r.carriersByIndex()[0];
        CarrierLog c1 = r.carriersByIndex()[1];
        assertEquals(MountClass.CAPTURED, c0.mountClass(0), "the stack sampled on carrier 0 names its own thread");
        assertEquals(MountClass.UNSURE, c1.mountClass(0), "the read could have been thread 1's: it explains nothing there");
    }

    @Test
    void whileTheRunGoesAHeldMountTakesItsClassAsItsWitnessArrivesAndIsUnsureOnlyOnceNoneCanCome() {
        RunRecording r = recording(
                mount(0, 0, 0, 10, MountClass.HELD),
                mount(1, 1, 0, 10, MountClass.HELD),
                mount(0, 2, 20, 30, MountClass.HELD));
        CarrierLog c0 = r.carriersByIndex()[0];
        CarrierLog c1 = r.carriersByIndex()[1];
        assertTrue(c0.held(0) && c1.held(0));
        assertEquals(MountClass.HELD, c0.mountClass(0), "held, not yet classed: no cause, never pinned");
        assertEquals(0, loomscope.recording.RunSummary.of(r).pinnedMounts(), "nothing is counted pinned before a witness");
        assertTrue(MountInspector.of(r, c0, 0).held().startsWith("held, not yet classed: "),
                "the inspector says held, never 'not held': " + MountInspector.of(r, c0, 0).held());

        PinnedEvent pin = new PinnedEvent(2 * MS, 5 * MS, "c1", 1, "Native or VM frame on stack", "LockSupport.park",
                List.of(), 7 * MS);
        CauseClassifier.classifyLive(r, List.of(pin), List.of(), 0, 5 * MS);
        assertEquals(MountClass.PINNED, c1.mountClass(0), "a pin's witness arrived: red at once");
        assertTrue(c0.held(0), "no witness yet, and one may still come: held, not yet classed");
        assertEquals("Native or VM frame on stack", r.whyOf(1, 0).reason().substring("LockSupport.park: ".length()));

        Witness read = new Witness(Witness.Kind.FILE_READ, 21 * MS, 8 * MS, "/dev/pipe", PIPE_READ);
        CauseClassifier.classifyLive(r, List.of(pin), List.of(read), 0, 15 * MS);
        assertEquals(MountClass.UNSURE, c0.mountClass(0), "no witness came for it: unsure, as the run's end would say");
        assertEquals(MountClass.CAPTURED, c0.mountClass(1), "the read lies inside it alone: captured");

        // the run's end classes everything anew, from every witness
        CauseReport end = CauseClassifier.classify(r, List.of(pin), List.of(read), true);
        assertEquals(1, end.pinned());
        assertEquals(1, end.captured());
        assertEquals(1, end.unsure());
    }

    @Test
    void aRunWithoutWitnessesGivesItsHeldMountsTheClocksWord() {
        RunRecording r = recording(mount(0, 0, 0, 10, MountClass.HELD));
        CauseReport report = CauseClassifier.notClassified(r, "JFR did not run");
        assertEquals(MountClass.PINNED, r.carriersByIndex()[0].mountClass(0));
        assertEquals(1, report.pinned());
    }
}
