package loomscope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The data flow workload → recording → probe → remote → cli → ui, and JavaFX only in ui. */
@AnalyzeClasses(packages = "loomscope", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyUiUsesJavaFx = noClasses().that().resideOutsideOfPackage("loomscope.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "atlantafx..");

    @ArchTest
    static final ArchRule workloadKnowsNothingAbove = noClasses().that().resideInAPackage("loomscope.workload..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "loomscope.recording..", "loomscope.probe..", "loomscope.remote..", "loomscope.cli..", "loomscope.ui..");

    @ArchTest
    static final ArchRule recordingKnowsOnlyWorkload = noClasses().that().resideInAPackage("loomscope.recording..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "loomscope.probe..", "loomscope.remote..", "loomscope.cli..", "loomscope.ui..");

    @ArchTest
    static final ArchRule nothingBelowTheCliKnowsIt = noClasses().that().resideInAnyPackage(
                    "loomscope.workload..", "loomscope.recording..", "loomscope.probe..", "loomscope.remote..")
            .should().dependOnClassesThat().resideInAnyPackage("loomscope.cli..", "loomscope.ui..");
}
