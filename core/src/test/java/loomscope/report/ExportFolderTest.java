package loomscope.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import javax.imageio.IIOException;

import org.junit.jupiter.api.Test;

/**
 * A full disk is called that, whichever layer saw it: ImageIO said "I/O error writing PNG file!" (the ENOSPC is its
 * cause) or "I/O error writing header!" (none), a link or rename on a full disk "no such file". Checked by hand on a
 * 64 kB tmpfs too (docs/animated-export.md).
 */
class ExportFolderTest {

    private static final Path WHERE = Path.of("/mnt/small/cards");

    @Test
    void noSpaceAnywhereInTheChainIsAFullDisk() {
        assertEquals(ExportFolder.DISK_FULL, ExportFolder.reason(
                new IIOException("I/O error writing PNG file!", new IOException("No space left on device"))));
        assertEquals(ExportFolder.DISK_FULL, ExportFolder.reason(
                new FileSystemException("/mnt/small/x.png", null, "No space left on device")));
        assertEquals(ExportFolder.DISK_FULL, ExportFolder.reason(new IOException("write failed",
                new IOException("Disk quota exceeded"))));
    }

    @Test
    void aFailureThatSaysNothingOnAnAlmostFullDiskIsAFullDisk() {
        assertEquals(ExportFolder.DISK_FULL, ExportFolder.reason(new IIOException("I/O error writing header!"), WHERE,
                p -> true));
        assertEquals(ExportFolder.DISK_FULL, ExportFolder.reason(new NoSuchFileException("/mnt/small/cards/x.png"), WHERE,
                p -> true));
        assertEquals("I/O error writing header!", ExportFolder.reason(new IIOException("I/O error writing header!"), WHERE,
                p -> false));
    }

    @Test
    void aFailureThatSaysWhyKeepsItsReasonOnAnAlmostFullDisk() {
        assertEquals("permission denied", ExportFolder.reason(new AccessDeniedException("/mnt/small/x"), WHERE, p -> true));
        assertEquals("File name too long", ExportFolder.reason(
                new FileSystemException("/mnt/small/x", null, "File name too long"), WHERE, p -> true));
        assertEquals("ffmpeg took no frame for 60 s", ExportFolder.reason(
                new IOException("ffmpeg took no frame for 60 s"), WHERE, p -> true));
    }

    @Test
    void aFileSystemOfNoSizeIsNotAFullDisk() throws IOException {
        Path proc = Path.of("/proc");
        assumeTrue(Files.isDirectory(proc) && Files.getFileStore(proc).getTotalSpace() == 0, "a Linux /proc");
        assertFalse(ExportFolder.nearlyFull(proc.resolve("x.loomrun")));
        // what creating /proc/x.loomrun throws: ENOENT, as it is; it was "the disk is full"
        assertEquals("the system refused to create it (no such file or folder)",
                ExportFolder.reason(new NoSuchFileException("/proc/.loomscope-probe-1.tmp"), proc));
    }
}
