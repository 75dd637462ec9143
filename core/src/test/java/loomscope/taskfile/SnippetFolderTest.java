package loomscope.taskfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A snippet folder as users have them: empty, missing, a file, unreadable, huge, not UTF-8; saving never half-writes. */
class SnippetFolderTest {

    @Test
    void listsTheJavaFilesByNameAndSaysWhatIsWrongWithAFolder(@TempDir Path dir) throws Exception {
        assertTrue(SnippetFolder.list(dir).message().startsWith("No .java files"), SnippetFolder.list(dir).message());
        Files.writeString(dir.resolve("b.java"), "x");
        Files.writeString(dir.resolve("A.java"), "x");
        Files.writeString(dir.resolve("notes.txt"), "x");
        Files.createDirectory(dir.resolve("folder.java"));
        SnippetFolder.Listing listing = SnippetFolder.list(dir);
        assertEquals(List.of(dir.resolve("A.java"), dir.resolve("b.java")), listing.files());
        assertEquals("", listing.message());
        assertTrue(SnippetFolder.list(dir.resolve("missing")).message().contains("does not exist"));
        assertTrue(SnippetFolder.list(dir.resolve("A.java")).message().contains("is a file, not a folder"));
    }

    @Test
    void anUnreadableFolderSaysSo(@TempDir Path dir) throws Exception {
        Path locked = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            // root reads any folder: then there is nothing to refuse, and nothing to check
            Assumptions.assumeFalse(Files.isReadable(locked), "running as root: permissions do not stop reading");
            SnippetFolder.Listing listing = SnippetFolder.list(locked);
            assertTrue(listing.files().isEmpty());
            assertTrue(listing.message().contains("Cannot read the snippet folder"), listing.message());
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void readRefusesWhatIsNotASnippetBeforeReadingIt(@TempDir Path dir) throws Exception {
        Path huge = dir.resolve("Huge.java");
        Files.write(huge, new byte[(int) TaskFileCompiler.MAX_SOURCE_BYTES + 1]);
        assertNull(SnippetFolder.read(huge).text());
        assertTrue(SnippetFolder.read(huge).message().contains("at most 1,048,576"), SnippetFolder.read(huge).message());
        Path latin1 = dir.resolve("Latin.java");
        Files.write(latin1, new byte[] {'/', '/', ' ', (byte) 0xE9, '\n'});
        assertTrue(SnippetFolder.read(latin1).message().contains("not UTF-8"));
        assertTrue(SnippetFolder.read(dir.resolve("notes.txt")).message().contains("not a .java file"));
        assertTrue(SnippetFolder.read(dir.resolve("Gone.java")).message().contains("does not exist"));
        Files.writeString(dir.resolve("Ok.java"), "public class Ok {}");
        assertEquals("public class Ok {}", SnippetFolder.read(dir.resolve("Ok.java")).text());
    }

    @Test
    void saveWritesWholeOrNotAtAllAndKeepsWhatItMayNotReplace(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("Mine.java");
        assertNull(SnippetFolder.save(file, "public class Mine {}", false));
        assertTrue(SnippetFolder.save(file, "other", false).startsWith("Not saved"), "an existing file is kept");
        assertEquals("public class Mine {}", Files.readString(file));
        assertNull(SnippetFolder.save(file, "public class Mine { }", true));
        assertEquals("public class Mine { }", Files.readString(file));
        assertTrue(SnippetFolder.save(dir.resolve("x.txt"), "x", true).contains("must be a .java file"));
        assertTrue(SnippetFolder.save(dir, "x", true).startsWith("Not saved"), "a folder is never written over");
        String tooBig = "x".repeat((int) TaskFileCompiler.MAX_SOURCE_BYTES + 1);
        assertTrue(SnippetFolder.save(dir.resolve("Big.java"), tooBig, true).contains("at most"));
        assertTrue(Files.notExists(dir.resolve("Big.java")));
        try (var left = Files.list(dir)) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().endsWith(".part")), "no temporary file left");
        }
    }

    @Test
    void findsThePublicClassPastComments() {
        assertEquals("Real", SnippetFolder.className("// public class Fake {}\n/* public class Also */\npublic final class Real {}"));
        assertNull(SnippetFolder.className("class Hidden {}"));
        assertEquals(Path.of("/s/Task.java"), SnippetFolder.suggestedFile(Path.of("/s"), "nothing here"));
        assertEquals(Path.of("/s/Real.java"), SnippetFolder.suggestedFile(Path.of("/s"), "public class Real {}"));
    }
}
