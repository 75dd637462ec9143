package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench --matrix} end to end: real child runs, the table on stdout, progress on stderr, the three files. */
class MatrixBenchTest {

    @TempDir
    Path dir;

    @Test
    void printsTheTableAndWritesMarkdownCsvAndPng() throws Exception {
        Path out = dir.resolve("slides");
        String thisJdk = System.getProperty("java.home");
        CliScratch.Result r = CliScratch.inProcess("bench", "--matrix", "--threads", "40", "--parallelism", "2",
                "--scenarios", "seed,object-wait", "--jdk", thisJdk, "--out", out.toString());

        assertEquals(0, r.exit(), r.err());
        int feature = Runtime.version().feature();
        assertTrue(r.out().contains("| scenario | Java " + feature + " |"), r.out());
        assertTrue(r.out().contains("| seed | "), r.out());
        assertTrue(r.out().contains("| object-wait | "), r.out());
        assertTrue(r.err().contains("[1/") && r.err().contains("seed on Java " + feature), r.err());
        List<String> csv = Files.readAllLines(out.resolve("matrix.csv"));
        long columns = r.out().lines().filter(l -> l.startsWith("| scenario")).findFirst().orElseThrow().chars()
                .filter(c -> c == '|').count() - 2;
        assertEquals(1 + 2 * columns, csv.size(), "a header and one row per cell: " + csv);
        assertTrue(csv.get(1).startsWith("seed,Java " + feature + ",40,2,0,"), "no pin on this JDK's seed: " + csv.get(1));
        String md = Files.readString(out.resolve("matrix.md"));
        assertTrue(md.contains(r.out().lines().filter(l -> l.startsWith("| seed")).findFirst().orElseThrow()), md);
        BufferedImage png = ImageIO.read(out.resolve("matrix.png").toFile());
        assertEquals(1920, png.getWidth());
        assertEquals(1080, png.getHeight());
        try (var left = Files.list(out)) {
            assertEquals(List.of("matrix.csv", "matrix.md", "matrix.png"),
                    left.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary file left");
        }
    }
}
