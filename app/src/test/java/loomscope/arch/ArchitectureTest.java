package loomscope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The data flow workload → recording → probe → remote → cli → ui, host below ui, JavaFX only in ui,
 * and no package cycles anywhere (in ui: one package per feature, the composition root {@code ui.app} on top).
 */
@AnalyzeClasses(packages = "loomscope", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule onlyUiUsesJavaFx = noClasses().that().resideOutsideOfPackage("loomscope.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "atlantafx..");

    @ArchTest
    static final ArchRule workloadKnowsNothingAbove = noClasses().that().resideInAPackage("loomscope.workload..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "loomscope.recording..", "loomscope.probe..", "loomscope.remote..", "loomscope.cli..", "loomscope.host..",
                    "loomscope.ui..");

    @ArchTest
    static final ArchRule recordingKnowsOnlyWorkload = noClasses().that().resideInAPackage("loomscope.recording..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "loomscope.probe..", "loomscope.remote..", "loomscope.cli..", "loomscope.host..", "loomscope.ui..");

    @ArchTest
    static final ArchRule nothingBelowTheCliKnowsIt = noClasses().that().resideInAnyPackage(
                    "loomscope.workload..", "loomscope.recording..", "loomscope.probe..", "loomscope.remote..")
            .should().dependOnClassesThat().resideInAnyPackage("loomscope.cli..", "loomscope.ui..");

    /** A saved run is recording and probe facts on disk: the window and the CLI read it, it reads neither. */
    @ArchTest
    static final ArchRule savedRunsKnowOnlyWhatTheySave = noClasses().that().resideInAPackage("loomscope.savedrun..")
            .should().dependOnClassesThat().resideInAnyPackage(
                    "loomscope.remote..", "loomscope.report..", "loomscope.cli..", "loomscope.host..", "loomscope.ui..");

    /** How LoomScope adapts to the machine is decided below the window: host never reaches up into ui. */
    @ArchTest
    static final ArchRule hostIsBelowTheUi = noClasses().that().resideInAPackage("loomscope.host..")
            .should().dependOnClassesThat().resideInAnyPackage("loomscope.ui..", "loomscope.cli..");

    /** No package depends on one that depends back on it (issue #15: ui ↔ controls ↔ compare ↔ stage ↔ ...). */
    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("loomscope.(**)").should().beFreeOfCycles();
}
