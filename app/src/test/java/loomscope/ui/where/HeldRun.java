package loomscope.ui.where;

import java.util.List;
import java.util.Map;

import loomscope.probe.CauseClassifier;
import loomscope.probe.PinnedEvent;
import loomscope.probe.StackFrame;
import loomscope.probe.Witness;
import loomscope.recording.MountClass;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * A run built by hand and classed by the real classifier, for the Where tests: on two carriers, three mounts pinned at
 * {@code shop.Native.callback} (JFR's events on their carriers) and two captured at {@code shop.Cart.load} (file reads, their
 * stacks sampled on their carriers).
 */
final class HeldRun {
    static final long MS = 1_000_000;

    private HeldRun() { }

    static RunRecording record() {
        WorkloadConfig config = Scenarios.config(Scenarios.byName("cart-service"), Map.of(), 6, 2, SchedulerKind.POOL,
                ThreadKind.VIRTUAL);
        RecordingBuilder b = RecordingBuilder.of(config, "25.0.1").carrier(0, "loomscope-carrier-0", 0, false)
                .carrier(1, "loomscope-carrier-1", 0, false);
        for (int i = 0; i < 6; i++) {
            long start = (i / 2) * 40 * MS;
            b.mount(i % 2, i, start, start, start + 30 * MS, MountClass.PINNED).phase(i, Phase.CREATED, 0);
        }
        RunRecording r = b.finish(0, 120 * MS, 6, false);
        List<StackFrame> park = List.of(new StackFrame(null, "java.lang.VirtualThread", "parkOnCarrierThread", null, 600),
                new StackFrame(null, "shop.Native", "callback", null, 7));
        List<StackFrame> read = List.of(new StackFrame(null, "java.io.FileInputStream", "readBytes", null, StackFrame.NATIVE_LINE),
                new StackFrame(null, "shop.Cart", "load", null, 42));
        List<PinnedEvent> pins = List.of(pin(2, 0, park), pin(42, 0, park), pin(82, 1, park));
        // both carriers are mounted at each read: JFR's read events, which name no thread, explain neither mount; the
        // stacks sampled on each read's carrier, with the kernel's word that it blocked, do
        List<Witness> reads = List.of(new Witness(Witness.Kind.FILE_READ, 3 * MS, 20 * MS, "/cart", read),
                new Witness(Witness.Kind.FILE_READ, 83 * MS, 20 * MS, "/cart", read),
                Witness.heldStack(3 * MS, 13 * MS, "loomscope-carrier-1", Thread.State.RUNNABLE, true, read),
                Witness.heldStack(83 * MS, 93 * MS, "loomscope-carrier-0", Thread.State.RUNNABLE, true, read));
        CauseClassifier.classify(r, pins, reads, true);
        return r;
    }

    private static PinnedEvent pin(long startMs, int carrier, List<StackFrame> stack) {
        return new PinnedEvent(startMs * MS, 20 * MS, "loomscope-carrier-" + carrier, carrier, "Native or VM frame on stack",
                "LockSupport.park", stack, (startMs + 20) * MS);
    }
}
