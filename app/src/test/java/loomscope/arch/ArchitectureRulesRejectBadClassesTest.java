package loomscope.arch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import loomscope.badfixture.AsksTheScenario;
import loomscope.badfixture.AsksTheScenarioByItsClass;
import loomscope.badfixture.cyclea.CycleA;
import loomscope.badfixture.cycleb.CycleB;
import loomscope.host.badfixture.HostThatReadsARecording;
import loomscope.picture.badfixture.PictureWithAnFxColour;
import loomscope.recording.badfixture.RecordingWithAProperty;
import loomscope.scenario.Scenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.testing.RuleFixtures;
import loomscope.ui.badfixture.OpensASavedRunItself;
import loomscope.ui.badfixture.PaneOnAnotherFeaturesState;
import loomscope.ui.badfixture.PaneOnItsOwnState;
import loomscope.ui.badfixture.ReachesForJobThreads;
import loomscope.ui.badfixture.StandsAThreadUp;
import loomscope.ui.badfixture.StartsAThread;
import loomscope.ui.badfixture.PlainState;
import loomscope.ui.badfixture.StateThatCallsTheToolkit;
import loomscope.ui.badfixture.elsewhere.ElsewherePane;
import loomscope.ui.badfixture.elsewhere.ElsewhereState;
import loomscope.ui.mainwindow.MainView;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunLifecycle;
import loomscope.ui.run.badfixture.RunThatKnowsTheWindow;
import loomscope.ui.yourcode.YourCode;
import org.junit.jupiter.api.Test;

/**
 * Every rule of {@link ArchitectureTest}, seen rejecting a class that breaks it (#48: a rule never seen failing may
 * test nothing). The bad classes live in test sources, in {@code badfixture} packages, and are imported only here.
 */
class ArchitectureRulesRejectBadClassesTest {

    @Test
    void aLayerThatUsesOneItMayNotIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.layers, HostThatReadsARecording.class, HostThatReadsARecording.class);
    }

    @Test
    void aWindowClassThatStartsAThreadIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.theWindowStartsNoThread, StartsAThread.class, StartsAThread.class);
    }

    @Test
    void standingThreadsStartedOutsideJobThreadsAreRejected() {
        RuleFixtures.rejects(ArchitectureTest.onlyJobThreadsStandThreadsUp, StandsAThreadUp.class, StandsAThreadUp.class);
    }

    @Test
    void aFeatureThatReachesForTheWindowsThreadsIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.executorsAreHandedInFromTheCompositionRoot, ReachesForJobThreads.class,
                ReachesForJobThreads.class);
    }

    @Test
    void aRunThatKnowsTheMainWindowIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.aRunKnowsNoWindow, RunThatKnowsTheWindow.class, RunThatKnowsTheWindow.class);
    }

    @Test
    void javaFxOutsideTheWindowIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.onlyUiUsesJavaFx, RecordingWithAProperty.class, RecordingWithAProperty.class);
    }

    @Test
    void stateForAViewThatCallsTheToolkitIsRejectedWhateverItsName() {
        RuleFixtures.rejects(ArchitectureTest.viewModelsMakeNoToolkitCall, StateThatCallsTheToolkit.class,
                StateThatCallsTheToolkit.class);
        RuleFixtures.accepts(ArchitectureTest.viewModelsMakeNoToolkitCall, PlainState.class);
    }

    /** The view models the suffix let escape are view models by their job; a view and the window's own parts are not. */
    @Test
    void aViewModelIsKnownByItsJob() {
        JavaClasses classes = new ClassFileImporter().importClasses(RunInputs.class, YourCode.class, RunLifecycle.class,
                MainViewModel.class, MainView.class, PlainState.class, PaneOnItsOwnState.class);
        for (Class<?> model : new Class<?>[] {RunInputs.class, YourCode.class, RunLifecycle.class, MainViewModel.class,
                PlainState.class}) {
            assertTrue(ViewRoles.isViewModel(classes.get(model)), model.getSimpleName() + " is a view model");
        }
        for (Class<?> view : new Class<?>[] {MainView.class, PaneOnItsOwnState.class}) {
            assertFalse(ViewRoles.isViewModel(classes.get(view)), view.getSimpleName() + " is a view");
            assertTrue(ViewRoles.isView(classes.get(view)), view.getSimpleName() + " is a view");
        }
    }

    @Test
    void aPictureClassThatNamesJavaFxIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.thePictureNamesNoToolkit, PictureWithAnFxColour.class, PictureWithAnFxColour.class);
    }

    @Test
    void aSavedRunOpenedPastTheDoorIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.savedRunsOpenThroughOneDoor, OpensASavedRunItself.class, OpensASavedRunItself.class);
    }

    @Test
    void aClassOutsideTheCompositionRootThatReachesTheMainWindowIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.theMainWindowIsReachedOnlyFromTheCompositionRoot, RunThatKnowsTheWindow.class,
                RunThatKnowsTheWindow.class);
    }

    @Test
    void aViewBoundToAnotherFeaturesViewModelIsRejectedWhateverItsName() {
        RuleFixtures.rejects(ArchitectureTest.viewsBindOnlyToTheirOwnViewModels, PaneOnAnotherFeaturesState.class,
                PaneOnAnotherFeaturesState.class, ElsewhereState.class, ElsewherePane.class);
        RuleFixtures.accepts(ArchitectureTest.viewsBindOnlyToTheirOwnViewModels, PaneOnItsOwnState.class, PlainState.class,
                ElsewhereState.class, ElsewherePane.class);
    }

    @Test
    void aClassThatChecksAScenariosKindIsRejected() {
        RuleFixtures.rejects(ArchitectureTest.aScenarioIsAskedNotTyped, AsksTheScenarioByItsClass.class,
                AsksTheScenarioByItsClass.class, TaskFileScenario.class, Scenario.class);
        RuleFixtures.accepts(ArchitectureTest.aScenarioIsAskedNotTyped, AsksTheScenario.class, TaskFileScenario.class,
                Scenario.class);
    }

    @Test
    void twoPackagesThatDependOnEachOtherAreRejected() {
        RuleFixtures.rejects(ArchitectureTest.noPackageCycles, CycleA.class, CycleA.class, CycleB.class);
    }

    /** A rule added to {@link ArchitectureTest} gets its bad class here too. */
    @Test
    void everyRuleIsShownFailingHere() {
        RuleFixtures.everyRuleIsCovered(ArchitectureTest.class, Set.of("layers", "theWindowStartsNoThread",
                "onlyJobThreadsStandThreadsUp", "executorsAreHandedInFromTheCompositionRoot", "aRunKnowsNoWindow",
                "onlyUiUsesJavaFx", "viewModelsMakeNoToolkitCall", "thePictureNamesNoToolkit", "savedRunsOpenThroughOneDoor",
                "theMainWindowIsReachedOnlyFromTheCompositionRoot", "viewsBindOnlyToTheirOwnViewModels",
                "aScenarioIsAskedNotTyped", "noPackageCycles"));
    }
}
