package loomscope.ui.yourcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Snippet file work as background jobs, on an executor the test runs by hand: one job of each kind at a time. */
class SnippetFilesTest {
    private final List<Runnable> held = new ArrayList<>();
    private final YourCode code = new YourCode();
    private final SnippetFiles files = new SnippetFiles(code, held::add);

    @Test
    void aFolderChosenWhileTheLastIsListedIsListedOnceThatEnds(@TempDir Path dir) throws Exception {
        Path first = Files.createDirectory(dir.resolve("first"));
        Path second = Files.createDirectory(dir.resolve("second"));
        Files.writeString(first.resolve("A.java"), "public class A { }");
        Files.writeString(second.resolve("B.java"), "public class B { }");
        files.folderProperty().set(first);
        files.folderProperty().set(second);   // the first listing still runs
        assertEquals(1, held.size(), "one listing at a time");
        held.removeFirst().run();
        files.pulse();
        assertTrue(files.files().isEmpty(), "the first folder's listing is not the chosen folder's");
        assertEquals(1, held.size(), "the chosen folder is listed once the first listing ended");
        held.removeFirst().run();
        files.pulse();
        assertEquals(List.of(second.resolve("B.java")), files.files());
    }

    @Test
    void aSecondFileAskedForWhileOneIsReadSaysSoAndChangesNothing(@TempDir Path dir) throws Exception {
        Path a = Files.writeString(dir.resolve("A.java"), "public class A { }");
        Path b = Files.writeString(dir.resolve("B.java"), "public class B { }");
        files.open(a);
        files.open(b);
        assertEquals("Still busy with the last file; try again in a moment.", files.noteProperty().get());
        assertEquals(1, held.size());
        held.removeFirst().run();
        files.pulse();
        assertEquals("public class A { }", code.source());
        assertEquals(a, files.fileProperty().get());
        assertEquals("", files.noteProperty().get());
    }
}
