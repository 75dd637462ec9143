package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import loomscope.probe.JfrCrossCheck;
import loomscope.probe.JfrProbe;
import loomscope.probe.ProbeReport;
import loomscope.probe.ProbeSelection;
import loomscope.probe.SnapshotAgreement;
import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
import loomscope.report.RunsJson;
import loomscope.scenario.Scenarios;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probes' fields of {@code run --json}, as scripts already parse them: the same bytes for the same report. */
class ProbeJsonTest {

    static final ProbeReport NONE = new ProbeReport(ProbeSelection.NONE, 0, 0, 0, null, null, null, -1, 0, 0, 0, false, null);
    static final ProbeReport ALL = new ProbeReport(ProbeSelection.ALL, 99.5, 120, 0.123456,
            new SnapshotAgreement(5, 4000, 3998, 1, 1, List.of(3, 7)),
            new JfrCrossCheck(40, 39, 39, 1, 40, true, 12_345, 67_890), new JfrProbe.LagStats(40, 1_234_567, 9_876_543),
            2_500, 100, 100, 0, true, "sampled: 1 in 4 threads");
    static final ProbeReport JFR_WITHOUT_EVENTS = new ProbeReport(ProbeSelection.JFR, 0, 0, 0, null,
            new JfrCrossCheck(0, 0, 0, 0, 0, false, 0, 0), new JfrProbe.LagStats(0, 0, 0), -1, 10, 9, 1, false, null);

    static String written(ProbeReport report) {
        ObjectNode node = new ObjectMapper().createObjectNode();
        ProbeJson.add(node, report);
        return node.toString();
    }

    @Test
    void noProbesWriteNullsForEveryField() {
        assertEquals("{\"probes\":\"none\",\"snapshotRateHz\":null,\"snapshots\":null,\"snapshotMillisMean\":null,"
                + "\"snapshotAgreement\":null,\"snapshotMountedSamples\":null,\"snapshotMatchedSamples\":null,"
                + "\"jfrPinnedEvents\":null,\"jfrMatchedPinnedEvents\":null,\"jfrMatchedPinnedMounts\":null,"
                + "\"jfrUnmatchedPinnedEvents\":null,\"recordedPinnedMountsWithoutJfrEvent\":null,\"jfrMatchedByCarrier\":null,"
                + "\"jfrComplete\":null,\"jfrLagMillisMedian\":null,\"jfrLagMillisMax\":null,\"jfrClockErrorMicros\":null,"
                + "\"jfrStartAfterSleepStartMicrosMedian\":null,\"jfrStartAfterSleepStartMicrosMaxAbs\":null,"
                + "\"jfrVirtualThreadStarts\":null,\"jfrVirtualThreadEnds\":null,\"jfrSubmitFailed\":null}", written(NONE));
    }

    @Test
    void everyProbeWritesItsRoundedFigures() {
        assertEquals("{\"probes\":\"all\",\"snapshotRateHz\":99.5,\"snapshots\":120,\"snapshotMillisMean\":0.123,"
                + "\"snapshotAgreement\":0.9995,\"snapshotMountedSamples\":4000,\"snapshotMatchedSamples\":3998,"
                + "\"snapshotFailure\":\"sampled: 1 in 4 threads\",\"jfrPinnedEvents\":40,\"jfrMatchedPinnedEvents\":39,"
                + "\"jfrMatchedPinnedMounts\":39,\"jfrUnmatchedPinnedEvents\":1,\"recordedPinnedMountsWithoutJfrEvent\":1,"
                + "\"jfrMatchedByCarrier\":true,\"jfrComplete\":true,\"jfrLagMillisMedian\":1.2,\"jfrLagMillisMax\":9.9,"
                + "\"jfrClockErrorMicros\":2.5,\"jfrStartAfterSleepStartMicrosMedian\":12.345,"
                + "\"jfrStartAfterSleepStartMicrosMaxAbs\":67.89,\"jfrVirtualThreadStarts\":100,\"jfrVirtualThreadEnds\":100,"
                + "\"jfrSubmitFailed\":0}", written(ALL));
        assertEquals("{\"probes\":\"jfr\",\"snapshotRateHz\":null,\"snapshots\":null,\"snapshotMillisMean\":null,"
                + "\"snapshotAgreement\":null,\"snapshotMountedSamples\":null,\"snapshotMatchedSamples\":null,"
                + "\"jfrPinnedEvents\":0,\"jfrMatchedPinnedEvents\":0,\"jfrMatchedPinnedMounts\":0,\"jfrUnmatchedPinnedEvents\":0,"
                + "\"recordedPinnedMountsWithoutJfrEvent\":0,\"jfrMatchedByCarrier\":null,\"jfrComplete\":false,"
                + "\"jfrLagMillisMedian\":null,\"jfrLagMillisMax\":null,\"jfrClockErrorMicros\":null,"
                + "\"jfrStartAfterSleepStartMicrosMedian\":null,\"jfrStartAfterSleepStartMicrosMaxAbs\":null,"
                + "\"jfrVirtualThreadStarts\":10,\"jfrVirtualThreadEnds\":9,\"jfrSubmitFailed\":1}", written(JFR_WITHOUT_EVENTS));
    }

    /** Runs files refuse fields they do not know: every field run --json writes beside the summary must be one they skip. */
    @Test
    void whatRunJsonWritesReadsBackAsARun(@TempDir Path dir) throws Exception {
        RunSummary summary = new RunSummary("25.0.3+9-LTS", "synchronized", 1, 100, "pool", "virtual", 10_000, 5, 100, false,
                540, 0.2, 5.1, 520, 25, 200, 100, 100, 1, 0, 1);
        WorkloadConfig waves = Scenarios.config(Scenarios.byName("waves"), Map.of(), 100, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL);
        String lines = RunCommand.toJson(summary, ALL, waves) + "\n" + RunCommand.toJson(summary, NONE) + "\n";
        assertTrue(lines.contains("\"scenario\":\"waves\"") && lines.contains("\"snapshotFailure\""), lines);
        List<HistoryEntry> runs = RunsJson.read(Files.writeString(dir.resolve("runs.json"), lines));
        assertEquals(List.of(summary, summary), runs.stream().map(HistoryEntry::summary).toList());
    }
}
