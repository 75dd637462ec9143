package loomscope.io;

import loomscope.probe.ThreadDumpExport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicOutputTest {

    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (var files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writesBesideAndRenamesIntoPlace() throws Exception {
        Path target = dir.resolve("dump.json");
        AtomicOutput.write(target, false, temp -> {
            assertEquals(dir, temp.getParent(), "same folder, so the rename is atomic");
            assertTrue(!Files.exists(temp), "a fresh name: HotSpot's dump refuses an existing file");
            Files.writeString(temp, "{}");
        });
        assertEquals("{}", Files.readString(target));
        assertEquals(List.of("dump.json"), names());
    }

    @Test
    void aFailedWriteLeavesNothingAndKeepsWhatWasThere() throws Exception {
        Path target = Files.writeString(dir.resolve("keep.json"), "mine");
        assertThrows(IOException.class, () -> AtomicOutput.write(target, true, temp -> {
            Files.writeString(temp, "half");
            throw new IOException("disk full");
        }));
        assertEquals("mine", Files.readString(target));
        assertEquals(List.of("keep.json"), names());
    }

    @Test
    void withoutReplaceAnExistingFileIsRefusedEvenIfItAppearsDuringTheWrite() throws Exception {
        Path existing = Files.writeString(dir.resolve("a.json"), "mine");
        assertThrows(FileAlreadyExistsException.class, () -> AtomicOutput.write(existing, false, temp -> Files.writeString(temp, "x")));
        Path late = dir.resolve("b.json");
        assertThrows(FileAlreadyExistsException.class, () -> AtomicOutput.write(late, false, temp -> {
            Files.writeString(temp, "ours");
            Files.writeString(late, "theirs");
        }));
        assertEquals("mine", Files.readString(existing));
        assertEquals("theirs", Files.readString(late));
        assertEquals(List.of("a.json", "b.json"), names());
    }

    @Test
    void aFolderIsNeverReplaced() throws Exception {
        Path folder = Files.createDirectory(dir.resolve("folder"));
        assertThrows(IOException.class, () -> AtomicOutput.write(folder, true, temp -> Files.writeString(temp, "x")));
        assertTrue(Files.isDirectory(folder));
        assertThrows(IOException.class, () -> ThreadDumpExport.write(folder, false, false));
        assertTrue(Files.isDirectory(folder));
    }

    @Test
    void aNameOfTheFileSystemsLongestWritesItsTemporaryNameCut() throws Exception {
        // 255 bytes: the temporary name used to be 278 bytes, and failed after the work with "File name too long"
        Path target = dir.resolve("a".repeat(250) + ".json");
        AtomicOutput.probe(target);
        AtomicOutput.write(target, false, temp -> {
            assertTrue(temp.getFileName().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 255);
            Files.writeString(temp, "{}");
        });
        assertEquals(List.of(target.getFileName().toString()), names());
    }

    @Test
    void aNameTooLongForTheFileSystemFailsTheProbeAndLeavesNothing() throws Exception {
        Path target = dir.resolve("b".repeat(256));
        IOException e = assertThrows(IOException.class, () -> AtomicOutput.probe(target));
        assertTrue(e.getMessage().contains("File name too long"), e.getMessage());
        assertEquals(List.of(), names());
    }

    @Test
    void aCutNameEndsAtACharacterBoundary() {
        String name = AtomicOutput.temporaryName("é".repeat(200), 0x1234L);
        byte[] bytes = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(bytes.length <= 255 && bytes.length >= 254, name.length() + " chars, " + bytes.length + " bytes");
        assertTrue(name.endsWith("é.0000000000001234.part"), name);
    }
}
