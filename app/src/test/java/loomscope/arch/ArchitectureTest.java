package loomscope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaCall;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasName;
import com.tngtech.archunit.core.domain.properties.HasOwner;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The drawing in docs/architecture.md, as a rule: each package and the packages it may use, JavaFX only in ui,
 * and no package cycles anywhere (in ui: one package per feature, the composition root {@code ui.app} on top).
 */
@AnalyzeClasses(packages = "loomscope", importOptions = ArchitectureTest.ProductClassesOnly.class)
class ArchitectureTest {

    /**
     * The product's classes: not the test folders, nor the core's test jar, which is on the app's test class path
     * once the core is packaged ({@code mvn verify}).
     */
    static final class ProductClassesOnly implements ImportOption {
        private static final java.util.regex.Pattern TEST_JAR = java.util.regex.Pattern.compile(".*-tests\\.jar.*");

        @Override
        public boolean includes(com.tngtech.archunit.core.importer.Location location) {
            return new ImportOption.DoNotIncludeTests().includes(location) && !location.matches(TEST_JAR);
        }
    }

    /** Exactly the table "who may use whom" in docs/architecture.md; the launcher reaches the window by reflection. */
    @ArchTest
    static final ArchRule layers = layeredArchitecture().consideringOnlyDependenciesInLayers()
            .ensureAllClassesAreContainedInArchitecture()
            .layer("io").definedBy("loomscope.io..")
            .layer("json").definedBy("loomscope.json..")
            .layer("clock").definedBy("loomscope.clock..")
            .layer("secretfile").definedBy("loomscope.secretfile..")
            .layer("workload").definedBy("loomscope.workload..")
            .layer("scenario").definedBy("loomscope.scenario..")
            .layer("recording").definedBy("loomscope.recording..")
            .layer("picture").definedBy("loomscope.picture..")
            .layer("probe").definedBy("loomscope.probe..")
            .layer("savedrun").definedBy("loomscope.savedrun..")
            .layer("jdks").definedBy("loomscope.jdks..")
            .layer("runs").definedBy("loomscope.runs..")
            .layer("matrix").definedBy("loomscope.matrix..")
            .layer("taskfile").definedBy("loomscope.taskfile..")
            .layer("attach").definedBy("loomscope.attach..")
            .layer("report").definedBy("loomscope.report..")
            .layer("cli").definedBy("loomscope.cli..")
            .layer("host").definedBy("loomscope.host..")
            .layer("ui").definedBy("loomscope.ui..")
            .layer("launcher").definedBy("loomscope.launcher..")
            .whereLayer("io").mayNotAccessAnyLayer()
            .whereLayer("json").mayNotAccessAnyLayer()
            .whereLayer("clock").mayNotAccessAnyLayer()
            .whereLayer("secretfile").mayNotAccessAnyLayer()
            .whereLayer("workload").mayOnlyAccessLayers("clock")
            .whereLayer("scenario").mayOnlyAccessLayers("workload")
            .whereLayer("recording").mayOnlyAccessLayers("clock", "workload")
            .whereLayer("picture").mayOnlyAccessLayers("workload", "recording")
            .whereLayer("probe").mayOnlyAccessLayers("io", "clock", "workload", "recording")
            .whereLayer("savedrun").mayOnlyAccessLayers("io", "json", "workload", "scenario", "recording", "probe")
            .whereLayer("jdks").mayNotAccessAnyLayer()
            .whereLayer("runs").mayOnlyAccessLayers("io", "clock", "workload", "scenario", "recording", "probe", "jdks")
            .whereLayer("matrix").mayOnlyAccessLayers("io", "workload", "scenario", "recording", "probe", "jdks", "runs")
            .whereLayer("taskfile").mayOnlyAccessLayers("io", "workload", "scenario", "jdks", "runs")
            .whereLayer("attach").mayOnlyAccessLayers("io", "clock", "secretfile", "workload", "scenario", "recording", "probe",
                    "savedrun")
            .whereLayer("report").mayOnlyAccessLayers("io", "json", "workload", "scenario", "recording", "picture", "probe",
                    "jdks", "runs", "matrix")
            .whereLayer("cli").mayOnlyAccessLayers("io", "json", "workload", "scenario", "recording", "picture", "probe",
                    "savedrun", "jdks", "runs", "matrix", "taskfile", "attach", "report")
            .whereLayer("host").mayOnlyAccessLayers("workload")
            .whereLayer("ui").mayOnlyAccessLayers("io", "json", "workload", "scenario", "recording", "picture", "probe",
                    "savedrun", "jdks", "runs", "matrix", "taskfile", "attach", "report", "host")
            .whereLayer("launcher").mayNotAccessAnyLayer()
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("ui").mayNotBeAccessedByAnyLayer()
            .whereLayer("launcher").mayNotBeAccessedByAnyLayer();

    /**
     * The window starts no thread of its own, in any ui class, handler or not: work off the FX thread goes through
     * {@code ui.job.BackgroundJob} on threads that stand from launch (a thread started on the FX thread can stall it:
     * host.StandingThreads). Pools start threads as work arrives, so making one counts as starting threads.
     */
    @ArchTest
    static final ArchRule theWindowStartsNoThread = noClasses().that().resideInAPackage("loomscope.ui..")
            .should().callMethodWhere(JavaCall.Predicates.target(HasOwner.Predicates.With.owner(
                    HasName.Predicates.nameMatching("java\\.lang\\.Thread(\\$Builder.*)?")))
                    .and(JavaCall.Predicates.target(HasName.Predicates.nameMatching("start|startVirtualThread"))))
            .orShould().callConstructorWhere(JavaCall.Predicates.target(HasOwner.Predicates.With.owner(
                    HasName.Predicates.nameMatching("javafx\\.concurrent\\..*|java\\.lang\\.Thread|java\\.util\\.Timer"
                            + "|java\\.util\\.concurrent\\.(ThreadPoolExecutor|ScheduledThreadPoolExecutor|ForkJoinPool)"))))
            .orShould().callMethodWhere(JavaCall.Predicates.target(HasOwner.Predicates.With.owner(
                    HasName.Predicates.nameMatching("java\\.util\\.concurrent\\.(Executors|CompletableFuture)")))
                    .and(JavaCall.Predicates.target(HasName.Predicates.nameMatching("new.*|.*Async"))));

    /** The window's standing threads are started in one place, at launch, before the FX thread exists. */
    @ArchTest
    static final ArchRule onlyJobThreadsStandThreadsUp = noClasses().that().resideInAPackage("loomscope.ui..")
            .and().haveNameNotMatching("loomscope\\.ui\\.job\\.JobThreads(\\$.*)?")
            .should().callMethod(loomscope.host.StandingThreads.class, "start", String.class, int.class);

    /**
     * The window's standing threads are handed in from the composition root ({@code ui.app}): a view model that
     * reached for them itself could not be given a test's own executor, and where its work runs would be decided in
     * two places (#37).
     */
    @ArchTest
    static final ArchRule executorsAreHandedInFromTheCompositionRoot = noClasses().that().resideInAPackage("loomscope.ui..")
            .and().resideOutsideOfPackages("loomscope.ui.app..", "loomscope.ui.job..")
            .should().dependOnClassesThat().haveFullyQualifiedName("loomscope.ui.job.JobThreads");

    /** A run of the window (its inputs, lifecycle and starter) knows no window: the main one and the compare view use it alike. */
    @ArchTest
    static final ArchRule aRunKnowsNoWindow = noClasses().that().resideInAPackage("loomscope.ui.run..")
            .should().dependOnClassesThat().resideInAnyPackage("loomscope.ui.mainwindow..", "loomscope.ui.app..",
                    "loomscope.ui.compare..", "loomscope.ui.controls..");

    @ArchTest
    static final ArchRule onlyUiUsesJavaFx = noClasses().that().resideOutsideOfPackage("loomscope.ui..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "atlantafx..");

    /**
     * A view model is tested without a window (STYLE.md): it holds properties and collections, and makes no toolkit
     * call (no scene, stage, snapshot, clipboard or {@code Platform.runLater}: what needs the FX thread is handed in).
     * What a view model is, is its job ({@link ViewRoles#VIEW_MODEL}), not its name: {@code RunInputs},
     * {@code YourCode} and {@code RunLifecycle} are held to it too.
     */
    @ArchTest
    static final ArchRule viewModelsMakeNoToolkitCall = classes().that().resideInAPackage("loomscope.ui..")
            .and(ViewRoles.VIEW_MODEL)
            .should().onlyDependOnClassesThat().resideOutsideOfPackages("javafx.scene..", "javafx.stage..",
                    "javafx.embed..", "javafx.application..", "atlantafx..");

    /** The picture's colours are plain values: each toolkit (JavaFX in the window, Java2D in the exports) makes its own. */
    @ArchTest
    static final ArchRule thePictureNamesNoToolkit = noClasses().that().resideInAPackage("loomscope.picture..")
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "atlantafx..", "java.awt..", "javax.imageio..");

    /**
     * Saved runs are opened through one door, {@code attach.RunFiles}, which also takes the agent's {@code save=FILE}
     * files: a caller of {@code SavedRun.read} itself would open the window's, export's or compare's runs but not those.
     */
    @ArchTest
    static final ArchRule savedRunsOpenThroughOneDoor = noClasses().that().resideOutsideOfPackages("loomscope.savedrun..")
            .and().doNotHaveFullyQualifiedName("loomscope.attach.RunFiles")
            .should().callMethod(loomscope.savedrun.SavedRun.class, "read", java.nio.file.Path.class);

    /**
     * The main window is put together in {@code ui.app}, and nothing else reaches into it: what another feature needs
     * of it is an interface of that feature's own, which the window implements (the probe panel's {@code ProbeHost},
     * presentation's {@code PresentedWindow} and {@code PresentedRun}, the saved runs' {@code RunWindow}), so that
     * the slider-to-pool path, for one, enters the window's model once (#37, docs/architecture.md).
     */
    @ArchTest
    static final ArchRule theMainWindowIsReachedOnlyFromTheCompositionRoot = noClasses().that()
            .resideOutsideOfPackages("loomscope.ui.mainwindow..", "loomscope.ui.app..")
            .should().dependOnClassesThat().resideInAPackage("loomscope.ui.mainwindow..");

    /**
     * A view binds to its own view model (STYLE.md): a view of one feature that read another feature's view model
     * would tie the two together behind their models' backs. The composition root hands them to each other. A view
     * and a view model are known by their jobs ({@link ViewRoles}); the state of a package with no view of its own
     * ({@code ui.run}'s inputs and lifecycle, {@code ui.talktrack}'s chapters) is the window's, shared by the
     * features that show it.
     */
    @ArchTest
    static final ArchRule viewsBindOnlyToTheirOwnViewModels = classes().that().resideInAPackage("loomscope.ui..")
            .and().resideOutsideOfPackage("loomscope.ui.app..")
            .and(ViewRoles.VIEW)
            .should(new ArchCondition<JavaClass>("depend on no view model of another feature") {
                @Override
                public void check(JavaClass view, ConditionEvents events) {
                    for (Dependency d : view.getDirectDependenciesFromSelf()) {
                        JavaClass target = d.getTargetClass();
                        if (!target.getPackageName().equals(view.getPackageName()) && ViewRoles.isViewModel(target)
                                && ViewRoles.featureHasAView(target)) {
                            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                        }
                    }
                }
            });

    /** What a scenario does differently is a method it answers: no class of the core or the window checks its kind (#48). */
    @ArchTest
    static final ArchRule aScenarioIsAskedNotTyped = CoreArchitectureTest.aScenarioIsAskedNotTyped;

    /** No package depends on one that depends back on it (issue #15: ui ↔ controls ↔ compare ↔ stage ↔ ...). */
    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("loomscope.(**)").should().beFreeOfCycles();
}
