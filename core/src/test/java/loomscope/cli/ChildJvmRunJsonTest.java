package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import loomscope.recording.RunSummary;
import loomscope.report.HistoryEntry;
import loomscope.report.RunsJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `run --jdk … --jvm-arg=-XX:LockingMode=1 --json` keeps the flag, so `export --from` names legacy locking. */
class ChildJvmRunJsonTest {

    @TempDir
    Path dir;

    private static RunSummary pinnedOn25() {
        return new RunSummary("25.0.3+9-LTS", "synchronized", 1, 100, "pool", "virtual", 10_000, 5, 100, false, 540,
                0.19, 5.2, 540, 24, 200, 100, 100, 1, 0, 1);
    }

    @Test
    void theChildsFlagsTravelWithItsJsonAndComeBackInTheExport() throws Exception {
        String legacy = ChildJvmRun.json(pinnedOn25(), null, List.of("-XX:LockingMode=1"));
        String plain = ChildJvmRun.json(pinnedOn25(), null, List.of());
        assertTrue(legacy.contains("\"jvmFlags\":[\"-XX:LockingMode=1\"]"), legacy);
        assertFalse(plain.contains("jvmFlags"), plain);
        List<HistoryEntry> back = RunsJson.read(Files.writeString(dir.resolve("runs.json"), legacy + "\n" + plain + "\n"));
        assertEquals("JDK 25 + legacy locking · synchronized · P1 · N 100", back.get(0).shortLabel());
        assertEquals("JDK 25 · synchronized · P1 · N 100", back.get(1).shortLabel());
    }
}
