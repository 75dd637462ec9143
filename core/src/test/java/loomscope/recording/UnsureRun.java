package loomscope.recording;

import java.util.Map;

import loomscope.scenario.Scenarios;
import loomscope.clock.BlockedTime;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;

/**
 * A class-init run (the carriers' clocks decide what is drawn) written event by event, as the carrier pool reports
 * it: on carrier 0, VT 0 mounted from 1 to 60 ms in a mount the clocks could not judge (unsure); on carrier 1, VT 1
 * runs from 2 to 20 ms (not blocked) and VT 2 from 22 to 60 ms, blocked 30 ms of it (pinned). The run ends at 62 ms.
 */
public final class UnsureRun {
    public static final long MS = 1_000_000;

    private UnsureRun() { }

    public static RunRecording record() {
        return record(true);
    }

    /** {@code withUnsure} false: the same run with VT 0's mount judged not blocked (it runs throughout). */
    public static RunRecording record(boolean withUnsure) {
        WorkloadConfig classInit = Scenarios.config(Scenarios.byName("class-init"), Map.of(), 3, 2,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RunRecording r = new RunRecording(classInit, "25.0.3+9-test");
        RunRecorder recorder = new RunRecorder(r);
        long base = System.nanoTime();
        recorder.runStarted(base);
        recorder.carrierAdded(0, "loomscope-carrier-0", base);
        recorder.carrierAdded(1, "loomscope-carrier-1", base);
        for (int vt = 0; vt < 3; vt++) {
            recorder.phase(vt, Phase.CREATED, base);
        }
        mount(recorder, 0, 0, base, 1, 60, withUnsure ? BlockedTime.unsure(0) : 0);
        mount(recorder, 1, 1, base, 2, 20, 0);
        mount(recorder, 1, 2, base, 22, 60, 30 * MS);
        recorder.runEnded(base + 62 * MS, 3, false);
        return r;
    }

    private static void mount(RunRecorder recorder, int carrier, int vt, long base, long fromMs, long toMs, long blocked) {
        recorder.submitted(vt, base + fromMs * MS);
        recorder.mountStarted(carrier, vt, base + fromMs * MS, base + fromMs * MS);
        recorder.phase(vt, Phase.STARTED, base + fromMs * MS);
        recorder.phase(vt, Phase.DONE, base + toMs * MS);
        recorder.mountEnded(carrier, vt, base + toMs * MS, blocked);
    }

    /** Recording time {@code ms} after the run's start. */
    public static long at(RunRecording r, long ms) {
        return r.runStart() + ms * MS;
    }
}
