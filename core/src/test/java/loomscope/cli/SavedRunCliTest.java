package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.recording.CarrierLog;
import loomscope.savedrun.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --save}: the size line tells what the whole file costs per mount, JFR's events included. */
class SavedRunCliTest {

    private static final Pattern SIZE = Pattern.compile("Saved run: .* \\(([\\d,]+) bytes, ([\\d.]+) bytes per mount\\)");

    @Test
    void bytesPerMountCountsTheWholeFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a.loomrun");
        CliScratch.Result r = CliScratch.inProcess("run", "--threads", "200", "--parallelism", "2", "--lock", "native-frame",
                "--probes", "all", "--save", file.toString());
        assertEquals(0, r.exit(), r.err());
        Matcher m = SIZE.matcher(r.out());
        assertTrue(m.find(), r.out());
        long bytes = Long.parseLong(m.group(1).replace(",", ""));
        assertEquals(Files.size(file), bytes);
        SavedRun run = SavedRun.read(file);
        assertTrue(run.pinnedEvents().size() >= 200, "JFR heard the pins: " + run.pinnedEvents().size());
        long mounts = Arrays.stream(run.recording().carriers()).mapToLong(CarrierLog::size).sum();
        assertEquals(String.format(Locale.ROOT, "%.1f", (double) bytes / mounts), m.group(2), r.out());
    }

    @Test
    void aSaveNameWithALineBreakIsPrintedOnOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("a\nb.loomrun");
        CliScratch.Result r = CliScratch.inProcess("run", "--threads", "10", "--probes", "none", "--save", file.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isRegularFile(file), "the file has the name asked for");
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("Saved run: ") && l.contains("a\\nb.loomrun")), r.out());
    }
}
