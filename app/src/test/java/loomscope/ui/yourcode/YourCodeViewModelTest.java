package loomscope.ui.yourcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import loomscope.scenario.Scenarios;
import loomscope.taskfile.StarterSnippets;
import loomscope.taskfile.TaskFileCompiler;
import loomscope.workload.LockMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The editor's model without a window: starters, marks, and snippet files read and written off the FX thread. */
class YourCodeViewModelTest {
    private final YourCode code = new YourCode();
    private final SnippetFiles snippets = new SnippetFiles(code, Runnable::run);
    private final YourCodeViewModel model = new YourCodeViewModel(code, snippets);

    @Test
    void startsFromABlankTaskAndFromAnyScenario() {
        assertEquals(StarterSnippets.BLANK, code.source(), "an empty editor starts from the blank task");
        model.startFrom(Scenarios.byName("seed"), LockMode.REENTRANT_LOCK);
        assertEquals("SeedReentrantLock", code.className());
        model.startFrom(Scenarios.byName("object-wait"), LockMode.SYNCHRONIZED);
        assertEquals("ObjectWait", code.className());
        assertNull(snippets.fileProperty().get(), "a starter is not a file of yours");
    }

    @Test
    void marksFollowTheCompilerAndGoOnAnEdit() {
        code.sourceProperty().set("public class X {\n  int y = ;\n}\n");
        code.problems().setAll(List.of(new TaskFileCompiler.Problem(Path.of("X.java"), 2, 11, "illegal start of expression")));
        assertEquals(List.of(new Mark(2, 11, Mark.Kind.ERROR, "Line 2:11: illegal start of expression")), model.marks());
        code.sourceProperty().set("public class X {\n  int y = 1;\n}\n");
        assertTrue(model.marks().isEmpty(), "the text moved under the mark");
    }

    @Test
    void aLongStackIsCutForTheScreen() {
        String bounded = YourCodeViewModel.bounded("x".repeat(10_000));
        assertTrue(bounded.length() <= YourCodeViewModel.MAX_NOTE_CHARS + 2);
        assertTrue(bounded.endsWith("…"));
    }

    @Test
    void snippetsAreListedOpenedAndSavedInThePulse(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("B.java"), "public class B { public void run(int i) { } }");
        snippets.folderProperty().set(dir);
        assertTrue(snippets.files().isEmpty(), "nothing changes before the pulse takes it up");
        snippets.pulse();
        assertEquals(List.of(dir.resolve("B.java")), snippets.files());

        snippets.open(dir.resolve("B.java"));
        snippets.pulse();
        assertEquals("B", code.className());
        assertEquals(dir.resolve("B.java"), snippets.fileProperty().get());

        code.sourceProperty().set("public class B { public void run(int i) throws Exception { Thread.sleep(1); } }");
        assertTrue(snippets.save(), "Save writes back to the file it came from");
        snippets.pulse();
        snippets.pulse();
        assertTrue(Files.readString(dir.resolve("B.java")).contains("Thread.sleep(1)"));

        model.startFrom(Scenarios.byName("waves"), null);
        assertFalse(snippets.save(), "a starter has no file: Save as… asks where");
        assertEquals(dir.resolve("Waves.java"), snippets.suggestedFile());
        snippets.saveAs(snippets.suggestedFile());
        snippets.pulse();
        snippets.pulse();
        assertEquals(List.of(dir.resolve("B.java"), dir.resolve("Waves.java")), snippets.files());
    }

    @Test
    void aBadFolderOrFileSaysSoAndKeepsTheText(@TempDir Path dir) throws Exception {
        String before = code.source();
        snippets.folderProperty().set(dir.resolve("missing"));
        snippets.pulse();
        assertTrue(snippets.noteProperty().get().contains("does not exist"), snippets.noteProperty().get());
        Path huge = dir.resolve("Huge.java");
        Files.write(huge, new byte[(int) TaskFileCompiler.MAX_SOURCE_BYTES + 10]);
        snippets.open(huge);
        snippets.pulse();
        assertTrue(snippets.noteProperty().get().contains("at most"), snippets.noteProperty().get());
        assertEquals(before, code.source(), "the text stays as it was");
    }

    @Test
    void aChapterSnippetComesFromTheFolderElseTheStarters(@TempDir Path dir) throws Exception {
        snippets.openNamed("waves.java");
        snippets.pulse();
        assertEquals("Waves", code.className(), "no folder: the starter of that name");
        Files.writeString(dir.resolve("waves.java"), "public class MyWaves { public void run(int i) { } }");
        snippets.folderProperty().set(dir);
        snippets.openNamed("waves.java");
        snippets.pulse();
        assertEquals("MyWaves", code.className(), "the folder's own file first");
        snippets.openNamed("Nowhere.java");
        snippets.pulse();
        assertTrue(snippets.noteProperty().get().contains("Nowhere.java"), snippets.noteProperty().get());
    }
}
