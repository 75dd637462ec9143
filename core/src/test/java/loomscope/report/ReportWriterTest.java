package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {

    private static final LocalDateTime WHEN = LocalDateTime.of(2026, 11, 22, 8, 15, 30);

    @TempDir
    Path dir;

    @Test
    void exportsBothCardSizesAndBothTablesNamedByDateModeAndP() throws Exception {
        List<HistoryEntry> history = List.of(Runs.jdk21(), Runs.nativeFrame());
        Path folder = dir.resolve("Pictures/LoomScope");
        ReportWriter.Export export = new ReportWriter().exportAll(folder, TimingCard.ofLatest(history, LocalDate.of(2026, 11, 22)), WHEN);

        assertTrue(Files.isDirectory(folder), "the folder is created");
        List<String> names = export.files().stream().map(p -> p.getFileName().toString()).toList();
        assertEquals(List.of(
                "loomscope-2026-11-22-081530-native-frame-P2-card-1920x1080.png",
                "loomscope-2026-11-22-081530-native-frame-P2-card-1280x720.png",
                "loomscope-2026-11-22-081530-native-frame-P2-history.csv",
                "loomscope-2026-11-22-081530-native-frame-P2-history.md"), names);
        BufferedImage big = ImageIO.read(export.files().get(0).toFile());
        BufferedImage small = ImageIO.read(export.files().get(1).toFile());
        assertEquals(1920, big.getWidth());
        assertEquals(1080, big.getHeight());
        assertEquals(1280, small.getWidth());
        assertEquals(720, small.getHeight());
        assertEquals("13.6 s", export.card().text("time").orElseThrow().text());
        assertEquals(3, Files.readAllLines(export.files().get(2)).size());
        try (var leftovers = Files.list(folder)) {
            assertEquals(4, leftovers.count(), "no temp or probe files left behind");
        }
        var ordinary = Files.getPosixFilePermissions(Files.createFile(dir.resolve("ordinary")));
        assertEquals(ordinary, Files.getPosixFilePermissions(export.files().get(0)), "exports get the umask's permissions");
    }

    @Test
    void aSecondExportInTheSameSecondDoesNotOverwriteTheFirst() throws Exception {
        TimingCard card = TimingCard.ofLatest(List.of(Runs.jep491()), LocalDate.of(2026, 11, 22));
        ReportWriter writer = new ReportWriter();
        ReportWriter.Export first = writer.exportAll(dir, card, WHEN);
        ReportWriter.Export second = writer.exportAll(dir, card, WHEN);
        assertEquals("loomscope-2026-11-22-081530-synchronized-P1-card-1920x1080-2.png",
                second.files().get(0).getFileName().toString());
        assertTrue(Files.exists(first.files().get(0)));
    }

    @Test
    void aFileWhereTheFolderShouldBeIsRefusedWithOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        ExportException e = assertThrows(ExportException.class, () -> ExportFolder.prepare(file));
        assertEquals("cannot export to " + file + ": it is a file, not a folder", e.getMessage());
        ExportException below = assertThrows(ExportException.class, () -> ExportFolder.prepare(file.resolve("sub")));
        assertTrue(below.getMessage().contains("is a file, not a folder"), below.getMessage());
        assertEquals(1, below.getMessage().lines().count());
    }

    @Test
    void aReadOnlyFolderIsRefusedBeforeAnythingIsRendered() throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        // root ignores permission bits; a folder under /proc refuses everyone
        Path unwritable = Unwritable.folder(locked);
        ExportException e = assertThrows(ExportException.class, () -> new ReportWriter()
                .exportAll(unwritable, TimingCard.ofLatest(List.of(Runs.jep491()), null), WHEN));
        assertTrue(e.getMessage().startsWith("cannot "), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void historyExportNeedsRuns() {
        ExportException e = assertThrows(ExportException.class, () -> new ReportWriter().exportHistory(dir, List.of(), WHEN));
        assertEquals("no runs in the history yet: nothing to export", e.getMessage());
    }
}
