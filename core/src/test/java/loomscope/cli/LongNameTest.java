package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A save path whose name is as long as the file system allows is written; one byte more is refused before the run. */
class LongNameTest {

    @TempDir
    Path dir;

    @Test
    void aSaveNameOf255BytesIsWritten() throws Exception {
        Path save = dir.resolve("a".repeat(247) + ".loomrun");
        CliScratch.Result r = CliScratch.inProcess("run", "--threads", "10", "--cpu-iterations", "0", "--sleep-ms", "0",
                "--probes", "none", "--save", save.toString());
        assertEquals(0, r.exit(), r.err());
        try (var files = Files.list(dir)) {
            assertEquals(List.of(save), files.toList(), "the file, and no temporary one");
        }
    }

    @Test
    void oneByteMoreIsRefusedWithTheWholeReason() throws Exception {
        Path save = dir.resolve("a".repeat(248) + ".loomrun");
        CliScratch.Result r = CliScratch.inProcess("run", "--threads", "10", "--save", save.toString());
        assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), r.err());
        assertEquals("", r.out(), "nothing ran");
        assertTrue(r.err().strip().endsWith("File name too long"), r.err());
        assertTrue(r.err().contains("256 bytes"), r.err());
    }
}
