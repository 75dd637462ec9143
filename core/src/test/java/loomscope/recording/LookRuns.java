package loomscope.recording;

import loomscope.scenario.SeedScenario;

/**
 * Recordings built mount by mount, as a carrier pool or a saved file gives them, for the tests of how a carrier looks:
 * a minute of short mounts with one pin in it, and one mount of every verdict.
 */
public final class LookRuns {
    public static final long MS = 1_000_000;
    /** Where {@link #oneMinuteOnePin()}'s pinned mount starts, in ms since the run's start. */
    public static final long PIN_AT_MS = 31_200;

    private LookRuns() { }

    /** 60 s of back-to-back 5 ms mounts on one carrier (12,000 threads, one mount each), the one from 31.2 s pinned. */
    public static RunRecording oneMinuteOnePin() {
        int n = 12_000;
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(n).withParallelism(1), "25.0.3")
                .carrier(0, "c0", 0, false);
        for (int k = 0; k < n; k++) {
            b.mount(0, k, k * 5 * MS, k * 5 * MS, (k + 1) * 5 * MS,
                    k * 5 == PIN_AT_MS ? MountClass.PINNED : MountClass.NOT_HELD);
        }
        return b.finish(0, n * 5 * MS, n, false);
    }

    /** The verdicts of {@link #everyVerdict}, in the order of the looks they have (running first, pinned last). */
    public static final MountClass[] VERDICTS = {MountClass.NOT_HELD, MountClass.STALLED, MountClass.CAPTURED,
            MountClass.HELD, MountClass.UNSURE, MountClass.PINNED};

    /** One carrier, one mount of each of {@link #VERDICTS}, each {@code mountMs} long with as long a gap after it. */
    public static RunRecording everyVerdict(long mountMs) {
        RecordingBuilder b = RecordingBuilder.of(SeedScenario.config().withThreads(VERDICTS.length).withParallelism(1), "25")
                .carrier(0, "c0", 0, false);
        for (int i = 0; i < VERDICTS.length; i++) {
            b.mount(0, i, 2 * i * mountMs * MS, 2 * i * mountMs * MS, (2 * i + 1) * mountMs * MS, VERDICTS[i]);
        }
        return b.finish(0, 2 * VERDICTS.length * mountMs * MS, VERDICTS.length, false);
    }
}
