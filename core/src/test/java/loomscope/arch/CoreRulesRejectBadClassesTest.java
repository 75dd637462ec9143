package loomscope.arch;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import loomscope.badfixture.AsksTheScenario;
import loomscope.badfixture.AsksTheScenarioByItsClass;
import loomscope.badfixture.cyclea.CycleA;
import loomscope.badfixture.cycleb.CycleB;
import loomscope.picture.PictureColours;
import loomscope.picture.badfixture.PictureDrawsWithAwt;
import loomscope.scenario.Scenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.testing.RuleFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every rule of {@link CoreArchitectureTest}, seen rejecting a class that breaks it (#48: no rule that cannot fail). */
class CoreRulesRejectBadClassesTest {

    /**
     * The core has no JavaFX to compile against, so the bad class is compiled here beside a stand-in of one JavaFX
     * class: what the rule reads is the name in the bytecode, as it would be for the real one.
     */
    @Test
    void aCoreClassThatNamesJavaFxIsRejected(@TempDir Path dir) throws IOException {
        Path stub = write(dir, "src/javafx/beans/property/SimpleIntegerProperty.java",
                "package javafx.beans.property; public class SimpleIntegerProperty { public int get() { return 0; } }");
        Path bad = write(dir, "src/loomscope/recording/badfixture/RecordingWithAProperty.java",
                "package loomscope.recording.badfixture; public class RecordingWithAProperty {"
                        + " final javafx.beans.property.SimpleIntegerProperty count = new javafx.beans.property.SimpleIntegerProperty(); }");
        Path out = dir.resolve("classes");
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int exit = javac.run(null, null, null, "-d", out.toString(), stub.toString(), bad.toString());
        assertTrue(exit == 0, "the fixture did not compile");
        RuleFixtures.rejects(CoreArchitectureTest.noJavaFxInTheCore, "loomscope.recording.badfixture.RecordingWithAProperty",
                new ClassFileImporter().importPath(out.resolve("loomscope")));
    }

    @Test
    void aPictureClassThatNamesAToolkitIsRejected() {
        RuleFixtures.rejects(CoreArchitectureTest.thePictureDependsOnNothingOfAWindow, PictureDrawsWithAwt.class,
                PictureDrawsWithAwt.class);
        RuleFixtures.accepts(CoreArchitectureTest.thePictureDependsOnNothingOfAWindow, PictureColours.class);
    }

    @Test
    void aClassThatChecksAScenariosKindIsRejected() {
        RuleFixtures.rejects(CoreArchitectureTest.aScenarioIsAskedNotTyped, AsksTheScenarioByItsClass.class,
                AsksTheScenarioByItsClass.class, TaskFileScenario.class, Scenario.class);
        RuleFixtures.accepts(CoreArchitectureTest.aScenarioIsAskedNotTyped, AsksTheScenario.class,
                TaskFileScenario.class, Scenario.class);
    }

    @Test
    void twoPackagesThatDependOnEachOtherAreRejected() {
        RuleFixtures.rejects(CoreArchitectureTest.noPackageCyclesInTheCore, CycleA.class, CycleA.class, CycleB.class);
        RuleFixtures.accepts(CoreArchitectureTest.noPackageCyclesInTheCore, CycleB.class);
    }

    private static Path write(Path dir, String file, String text) throws IOException {
        Path p = dir.resolve(file);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, text);
    }

    /** A rule added to {@link CoreArchitectureTest} gets its bad class here too. */
    @Test
    void everyRuleIsShownFailingHere() {
        RuleFixtures.everyRuleIsCovered(CoreArchitectureTest.class, Set.of("noJavaFxInTheCore",
                "thePictureDependsOnNothingOfAWindow", "aScenarioIsAskedNotTyped", "noPackageCyclesInTheCore"));
    }
}
