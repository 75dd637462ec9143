package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecorder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.SeedScenario;
import loomscope.workload.LockMode;
import loomscope.workload.Phase;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/** The stream format, both ends, without a child process: round trip, and every way a stream can go wrong. */
class StreamReceiverTest {

    private static final WorkloadConfig SMALL = SeedScenario.config().withThreads(300).withParallelism(2)
            .withParam(SeedScenario.LOCK, LockMode.SHARED_SYNCHRONIZED.cliName()).withParam(SeedScenario.SLEEP, 1);

    /** Collects what the receiver hands out; events go to a fresh recording. */
    private static final class Collector implements StreamReceiver.Listener {
        final List<String> foreign = new ArrayList<>();
        final List<String> probes = new ArrayList<>();
        String failed;
        RunRecording recording;

        @Override public StreamReceiver.Target hello(String javaVersion) {
            recording = RunRecording.forAnotherJvm(SMALL, javaVersion);
            return new StreamReceiver.Target(new RunRecorder(recording), recording.origin());
        }

        @Override public void probeLine(String payload) { probes.add(payload); }

        @Override public void failed(String message) { failed = message; }

        @Override public void foreign(String line) { foreign.add(line); }

        @Override public void garbled(StreamReceiver.Ending.Garbled first) { garbledSeen++; }

        int garbledSeen;
    }

    private static StreamReceiver.Ending receive(String text, Collector c) {
        return new StreamReceiver(c).receive(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aRealRunStreamedAndRebuiltIsTheSameRecording() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        EventStreamer streamer = new EventStreamer(bytes, "test-jvm");
        RecordedRun original = RecordedRun.start(SMALL, streamer);
        assertTrue(original.await(30_000));
        while (!original.run().carriersStopped()) {
            Thread.sleep(1);
        }
        streamer.sendLine(Wire.PROBE + " some probe data");
        streamer.finish(5_000);

        Collector c = new Collector();
        assertEquals(new StreamReceiver.Ending.Complete(), receive("JVM warning before the stream\n" + bytes, c));
        assertEquals(List.of("JVM warning before the stream"), c.foreign);
        assertEquals(List.of("some probe data"), c.probes);
        RunRecording copy = c.recording;
        RunRecording source = original.recording();
        assertEquals("test-jvm", copy.jdkVersion());
        RunSummary a = RunSummary.of(source);
        RunSummary b = RunSummary.of(copy);
        assertEquals(a.mounts(), b.mounts());
        assertEquals(a.pinnedMounts(), b.pinnedMounts());
        assertEquals(a.completed(), b.completed());
        assertEquals(a.maxLockHolders(), b.maxLockHolders());
        assertEquals(a.wallMillis(), b.wallMillis(), 1e-6);
        // every mount identical up to the constant shift between the two clocks' origins
        long shift = source.runStart() - copy.runStart();
        CarrierLog[] x = source.carriers();
        CarrierLog[] y = copy.carriers();
        assertEquals(x.length, y.length);
        for (int c1 = 0; c1 < x.length; c1++) {
            assertEquals(x[c1].name(), y[c1].name());
            assertEquals(x[c1].size(), y[c1].size());
            for (int i = 0; i < x[c1].size(); i++) {
                assertEquals(x[c1].vt(i), y[c1].vt(i));
                assertEquals(x[c1].start(i), y[c1].start(i) + shift);
                assertEquals(x[c1].end(i), y[c1].end(i) + shift);
                assertEquals(x[c1].pinned(i), y[c1].pinned(i));
            }
        }
        for (int vt = 0; vt < SMALL.threads(); vt++) {
            assertEquals(source.phase(vt, Phase.DONE), copy.phase(vt, Phase.DONE) + shift);
        }
    }

    @Test
    void streamEndingMidLineSaysWhereAndKeepsWhatCame() {
        Collector c = new Collector();
        StreamReceiver.Ending ending = receive("LOOMSCOPE-STREAM 2 21.0.8\nR 100\nQ 0 150\nM 0 0 15", c);
        StreamReceiver.Ending.MidLine mid = assertInstanceOf(StreamReceiver.Ending.MidLine.class, ending);
        assertEquals(3, mid.lines());
        assertEquals("M 0 0 15", mid.fragment());
        assertEquals(100, c.recording.runStart());
    }

    @Test
    void streamCutAtALineBoundaryWithoutEndLine() {
        assertEquals(new StreamReceiver.Ending.Cut(2), receive("LOOMSCOPE-STREAM 2 x\nR 100\n", new Collector()));
    }

    @Test
    void garbledLinesStopTheStream() {
        assertInstanceOf(StreamReceiver.Ending.Garbled.class, receive("LOOMSCOPE-STREAM 2 x\nR abc\n", new Collector()));
        assertInstanceOf(StreamReceiver.Ending.Garbled.class, receive("LOOMSCOPE-STREAM 2 x\nW 1 2\n", new Collector()));
        assertInstanceOf(StreamReceiver.Ending.Garbled.class, receive("LOOMSCOPE-STREAM 2 x\nQ 1 2 3\n", new Collector()));
        // a thread index beyond the configuration's
        assertInstanceOf(StreamReceiver.Ending.Garbled.class, receive("LOOMSCOPE-STREAM 2 x\nQ 99999 2\n", new Collector()));
    }

    @Test
    void afterAGarbledLineTheRestIsReadAsTheJvmsOwnOutput() {
        Collector c = new Collector();
        StreamReceiver.Ending ending = receive("LOOMSCOPE-STREAM 2 x\nR 100\nU 0 1# A fatal error has been detected\n"
                + "# /tmp/hs_err_pid42.log\n/tmp/hs_err_pid42.log\nQ 0 5\n", c);
        StreamReceiver.Ending.Garbled g = assertInstanceOf(StreamReceiver.Ending.Garbled.class, ending);
        assertEquals(3, g.lines());
        assertEquals(1, c.garbledSeen);
        assertEquals(List.of("U 0 1# A fatal error has been detected", "# /tmp/hs_err_pid42.log",
                "/tmp/hs_err_pid42.log", "Q 0 5"), c.foreign);
        assertEquals(-1, c.recording.liveCarrierOf(0), "nothing after the garbled line is applied");
    }

    @Test
    void anotherProtocolVersionIsRefused() {
        assertEquals(new StreamReceiver.Ending.WrongVersion("LOOMSCOPE-STREAM 9 x"),
                receive("LOOMSCOPE-STREAM 9 x\nR 1\n", new Collector()));
    }

    @Test
    void failureAndCrashReportLinesAreHandedOver() {
        Collector c = new Collector();
        receive("LOOMSCOPE-STREAM 2 x\nF native-frame needs JDK 22+\n# A fatal error has been detected\nZ\n", c);
        assertEquals("native-frame needs JDK 22+", c.failed);
        assertEquals(List.of("# A fatal error has been detected"), c.foreign);
    }
}
