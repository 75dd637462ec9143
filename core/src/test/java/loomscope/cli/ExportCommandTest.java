package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import loomscope.report.HistoryEntry;
import loomscope.report.RunsJson;
import loomscope.report.Unwritable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return LoomScopeCli.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void runsTheWorkloadsAndWritesCardsTablesAndRuns() throws Exception {
        Path folder = dir.resolve("cards");
        int code = run("export", "--threads", "200", "--lock", "reentrant-lock,synchronized", "--parallelism", "2",
                "--out", folder.toString());
        assertEquals(0, code, err.toString());
        List<String> printed = out.toString().lines().toList();
        assertTrue(printed.get(0).startsWith("Running reentrant-lock, P=2, N=200 ... "), printed.get(0));
        List<Path> files = printed.stream().filter(l -> l.startsWith(folder.toString())).map(Path::of).toList();
        assertEquals(5, files.size(), out.toString());
        assertTrue(files.get(0).getFileName().toString().matches("loomscope-\\d{4}-\\d\\d-\\d\\d-\\d{6}-synchronized-P2-card-1920x1080\\.png"),
                files.get(0).toString());
        BufferedImage card = ImageIO.read(files.get(1).toFile());
        assertEquals(1280, card.getWidth());
        assertEquals(720, card.getHeight());
        assertEquals(3, Files.readAllLines(files.get(2)).size(), "CSV: header + two runs");

        // what export wrote, export reads back
        List<HistoryEntry> runs = RunsJson.read(files.get(4));
        assertEquals(List.of("reentrant-lock", "synchronized"), runs.stream().map(r -> r.summary().lock()).toList());
        assertEquals(200, runs.get(1).summary().completed());
        out.getBuffer().setLength(0);
        assertEquals(0, run("export", "--from", files.get(4).toString(), "--out", folder.toString(), "--title", "Again"), err.toString());
        assertEquals(5, out.toString().lines().count(), "nothing run, five files written");
    }

    @Test
    void anUnwritableFolderIsExitTwoWithOneLineAndNoRun() throws Exception {
        Path bad = Unwritable.folder(Files.createDirectory(dir.resolve("ro")));
        int code = run("export", "--lock", "shared-synchronized", "--out", bad.toString());
        assertEquals(LoomScopeCli.BAD_INPUT, code);
        assertEquals("", out.toString(), "refused before running anything");
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("loomscope: --out: cannot "), err.toString());
    }

    @Test
    void aFileInsteadOfAFolderIsExplained() throws Exception {
        Path file = Files.writeString(dir.resolve("file.png"), "x");
        assertEquals(LoomScopeCli.BAD_INPUT, run("export", "--out", file.toString()));
        assertEquals("loomscope: --out: cannot export to " + file + ": it is a file, not a folder", err.toString().strip());
    }

    @Test
    void aBrokenRunsFileIsExplained() throws Exception {
        Path json = Files.writeString(dir.resolve("runs.json"), "{\"lock\":1}");
        assertEquals(LoomScopeCli.BAD_INPUT, run("export", "--from", json.toString(), "--out", dir.toString()));
        assertTrue(err.toString().contains("run 1 has no \"jdkVersion\""), err.toString());
    }
}
