package loomscope.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.InstanceofCheck;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The core's own rules (it runs in a JDK 21 child and beside a target JVM, with no JavaFX on its class path): the
 * build keeps JavaFX off its class path, these say why and catch a class that names it anyway. Each is shown
 * rejecting a known-bad class in {@link CoreRulesRejectBadClassesTest}.
 */
@AnalyzeClasses(packages = "loomscope", importOptions = {ImportOption.DoNotIncludeTests.class,
        CoreArchitectureTest.NotTheAgent.class})
class CoreArchitectureTest {

    /**
     * The core's classes (and the clock's it is built on), not the agent's: the agent's jar (its classes and its shaded
     * ASM) is on the core's class path only so that the build copies it beside the CLI; it runs in other JVMs.
     */
    static final class NotTheAgent implements ImportOption {
        @Override
        public boolean includes(Location location) {
            return !location.contains("/loomscope/agent/") && !location.contains("loomscope-agent");
        }
    }

    /** No JavaFX or AtlantaFX anywhere in the core: the window's toolkit is the app's. */
    @ArchTest
    static final ArchRule noJavaFxInTheCore = noClasses().should().dependOnClassesThat()
            .resideInAnyPackage("javafx..", "atlantafx..");

    /**
     * The picture (what the lanes and field show at time t, and its colours) depends on nothing of a window, a toolkit
     * or an export: the window, the cards, the clips and the matrix all paint from it, each with its own toolkit.
     */
    @ArchTest
    static final ArchRule thePictureDependsOnNothingOfAWindow = classes().that().resideInAPackage("loomscope.picture..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("loomscope.picture..", "loomscope.recording..",
                    "loomscope.workload..", "java.lang..", "java.util..");

    /**
     * What a scenario does differently is a method it answers ({@code runsYourCode}, {@code sweep},
     * {@code publishedTable}, ...): nothing outside the scenarios checks which kind of scenario it holds (#48).
     */
    @ArchTest
    static final ArchRule aScenarioIsAskedNotTyped = classes().that().resideOutsideOfPackage("loomscope.scenario..")
            .should(new ArchCondition<JavaClass>("not check whether a scenario is of one kind (instanceof)") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                    for (JavaCodeUnit unit : c.getCodeUnits()) {
                        for (InstanceofCheck check : unit.getInstanceofChecks()) {
                            JavaClass kind = check.getRawType();
                            if (kind.getPackageName().equals("loomscope.scenario") && kind.isAssignableTo("loomscope.scenario.Scenario")
                                    && !kind.getName().equals("loomscope.scenario.Scenario")) {
                                events.add(SimpleConditionEvent.violated(check, unit.getFullName() + " checks instanceof "
                                        + kind.getSimpleName() + " in (" + c.getSimpleName() + ".java:" + check.getLineNumber() + ")"));
                            }
                        }
                    }
                }
            });

    /** No package of the core depends on one that depends back on it. */
    @ArchTest
    static final ArchRule noPackageCyclesInTheCore = slices().matching("loomscope.(**)").should().beFreeOfCycles();
}
