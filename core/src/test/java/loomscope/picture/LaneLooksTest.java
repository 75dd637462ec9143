package loomscope.picture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import loomscope.recording.CarrierLog;
import loomscope.recording.LookRuns;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.recording.UnsureRun;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * A carrier's look over each pixel column: the most severe look in a column wins, every mount reaches a column, a
 * column inside one mount has that mount's look at every instant of it (the box's), and a live open mount keeps
 * today's look (running, pinned once a block inside it has lasted).
 */
class LaneLooksTest {
    private static final long MS = 1_000_000;
    private final LaneLooks looks = new LaneLooks();

    @Test
    void aFiveMillisecondPinInSixtySecondsIsOneColumnAtTheWidestZoom() {
        RunRecording r = LookRuns.oneMinuteOnePin();
        for (int columns : new int[] {100, 859, 1_562, 1_920}) {
            byte[] out = new byte[columns];
            looks.columns(r, r.carriers()[0], 0, 60_000 * MS, Long.MAX_VALUE, columns, out);
            int pinned = 0;
            int running = 0;
            for (byte look : out) {
                pinned += look == Look.PINNED.ordinal() ? 1 : 0;
                running += look == Look.RUNNING.ordinal() ? 1 : 0;
            }
            assertTrue(pinned >= 1 && pinned <= 2, columns + " columns: the pin is one red column (two if it straddles), was "
                    + pinned);
            assertEquals(columns - pinned, running, "every other column runs");
            assertEquals(Look.PINNED.ordinal(), out[(int) (31_210 * MS / (60_000.0 * MS / columns))], "where the pin is");
        }
    }

    @Test
    void theMostSevereLookOfAColumnWins() {
        // one carrier: running, stalled, captured, held, unsure and pinned mounts of 1 ms each, 1 ms apart
        RunRecording r = LookRuns.everyVerdict(1);
        CarrierLog log = r.carriers()[0];
        byte[] one = new byte[1];
        looks.columns(r, log, 0, 12 * MS, Long.MAX_VALUE, 1, one);
        assertEquals(Look.PINNED, Look.of(one[0]), "all in one column: pinned wins");
        byte[] wide = new byte[12];
        looks.columns(r, log, 0, 12 * MS, Long.MAX_VALUE, 12, wide);
        Look[] expected = {Look.RUNNING, Look.IDLE, Look.STALLED, Look.IDLE, Look.CAPTURED, Look.IDLE, Look.HELD, Look.IDLE,
                Look.UNSURE, Look.IDLE, Look.PINNED, Look.IDLE};
        for (int c = 0; c < 12; c++) {
            assertEquals(expected[c], Look.of(wide[c]), "column " + c);
            assertEquals(expected[c], LaneLooks.at(r, log, c * MS + MS / 2), "the box agrees at column " + c);
        }
        byte[] pairs = new byte[6];
        looks.columns(r, log, 0, 12 * MS, Long.MAX_VALUE, 6, pairs);
        for (int c = 0; c < 6; c++) {
            assertEquals(expected[2 * c], Look.of(pairs[c]), "a look and idle share column " + c + ": the look wins");
        }
        for (int a = 0; a < Look.COUNT; a++) {
            for (int z = a + 1; z < Look.COUNT; z++) {
                assertTrue(Look.of(z).outranks(Look.of(a)));
            }
        }
    }

    @Test
    void nothingIsDrawnAfterTheInstantShownAndOutsideTheAxis() {
        RunRecording r = LookRuns.everyVerdict(1);
        byte[] out = new byte[12];
        looks.columns(r, r.carriers()[0], 0, 12 * MS, MS / 2, 12, out);
        assertEquals(Look.RUNNING, Look.of(out[0]));
        assertEquals(Set.of(Look.IDLE), looksIn(out, 1, 12), "after t: idle, though the pin comes later");
        looks.columns(r, r.carriers()[0], 13 * MS, 17 * MS, Long.MAX_VALUE, 4, out);
        assertEquals(Set.of(Look.IDLE), looksIn(out, 0, 4), "after the last mount");
    }

    @Test
    void aSleepInsideAPinnedMountIsItsOnlyPinnedPart() {
        // waves: one mount from 10 ns to 102 ms, judged pinned, its 100 ms sleep inside it from 1 ms: the rule's span
        RunRecording r = PinnedSpansTest.waves(true);
        byte[] out = new byte[102];
        looks.columns(r, r.carriers()[0], 0, 102 * MS, Long.MAX_VALUE, 102, out);
        assertEquals(Look.RUNNING, Look.of(out[0]));
        assertEquals(Set.of(Look.PINNED), looksIn(out, 1, 101));
        assertEquals(Look.RUNNING, Look.of(out[101]));
    }

    @Test
    void aLiveOpenMountRunsUntilABlockInsideItHasLasted() {
        RunRecording r = UnsureRun.record();   // finished: its open mounts are not drawn
        assertEquals(Look.IDLE, LaneLooks.at(r, r.carriers()[0], UnsureRun.at(r, 61)));
        WorkloadConfig waves = Scenarios.config(Scenarios.byName("waves"), Map.of("sleep-ms", "100"), 1, 1,
                SchedulerKind.POOL, ThreadKind.VIRTUAL);
        RunRecording live = new RunRecording(waves, "21-test");
        RunRecorder recorder = new RunRecorder(live);
        long base = System.nanoTime();
        recorder.runStarted(base);
        recorder.carrierAdded(0, "loomscope-carrier-0", base);
        recorder.phase(0, Phase.CREATED, base);
        recorder.submitted(0, base);
        recorder.mountStarted(0, 0, base, base);
        recorder.phase(0, Phase.STARTED, base);
        recorder.phase(0, Phase.SLEEP_START, base + 10 * MS);   // the sleep goes on: no end told
        CarrierLog log = live.carriers()[0];
        long start = log.openStart();
        byte[] out = new byte[100];
        looks.columns(live, log, start, start + 100 * MS, start + 10 * MS + RunRecording.BLOCK_THRESHOLD_NANOS / 2, 100, out);
        assertEquals(Set.of(Look.RUNNING), looksIn(out, 0, 10), "a block younger than the threshold: running");
        looks.columns(live, log, start, start + 100 * MS, start + 60 * MS, 100, out);
        assertEquals(Look.RUNNING, Look.of(out[5]));
        assertEquals(Set.of(Look.PINNED), looksIn(out, 10, 60), "pinned from the block's start once it has lasted");
        assertEquals(Look.PINNED, LaneLooks.at(live, log, start + 60 * MS));
        assertEquals(Set.of(Look.IDLE), looksIn(out, 60, 100), "nothing after t");
    }

    private static Set<Look> looksIn(byte[] out, int from, int to) {
        Set<Look> seen = EnumSet.noneOf(Look.class);
        for (int c = from; c < to; c++) {
            seen.add(Look.of(out[c]));
        }
        return seen;
    }

    /**
     * A lane with many more mounts in view than columns is read a column at a time (a binary search each, then only its
     * held mounts): each column must still be what that column alone shows, read mount by mount. 20,000 mounts of
     * 1-4 ms with gaps of 0-3 ms, one in 50 of each held word, over 300 columns (dense) and each column on its own.
     */
    @Test
    void aDenseLaneReadAColumnAtATimeLooksAsEachColumnAlone() {
        java.util.Random random = new java.util.Random(46);
        int n = 20_000;
        loomscope.recording.RecordingBuilder b = loomscope.recording.RecordingBuilder.of(
                loomscope.scenario.SeedScenario.config().withThreads(n).withParallelism(1), "25").carrier(0, "c0", 0, false);
        MountClass[] words = {MountClass.PINNED, MountClass.UNSURE,
                MountClass.CAPTURED, MountClass.STALLED,
                MountClass.HELD};
        long t = 0;
        for (int k = 0; k < n; k++) {
            long length = (1 + random.nextInt(4)) * MS;
            int roll = random.nextInt(50 * words.length);
            b.mount(0, k, t, t, t + length, roll < words.length ? words[roll] : MountClass.NOT_HELD);
            t += length + random.nextInt(4) * MS;
        }
        RunRecording r = b.finish(0, t, n, false);
        CarrierLog log = r.carriers()[0];
        int columns = 300;
        for (long[] range : new long[][] {{0, t}, {t / 3, t / 3 + t / 10}, {123_456_789L, t - 987_654_321L}}) {
            long from = range[0];
            long to = range[1];
            byte[] whole = new byte[columns];
            looks.columns(r, log, from, to, Long.MAX_VALUE, columns, whole);
            assertTrue(log.firstEndingAfter(to) - log.firstEndingAfter(from) > 4 * columns, "dense");
            double per = (double) (to - from) / columns;
            byte[] alone = new byte[1];
            for (int c = 0; c < columns; c++) {
                long a = from + (long) Math.ceil(c * per);
                long z = from + (long) Math.ceil((c + 1) * per);
                looks.columns(r, log, a, z, Long.MAX_VALUE, 1, alone);
                assertEquals(Look.of(alone[0]), Look.of(whole[c]), "column " + c + " of [" + from + ", " + to + ")");
            }
        }
    }
}
