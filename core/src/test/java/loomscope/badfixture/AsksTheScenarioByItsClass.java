package loomscope.badfixture;

import loomscope.scenario.Scenario;
import loomscope.scenario.TaskFileScenario;

/** Bad on purpose (CoreRulesRejectBadClassesTest): decides what to do from a scenario's class instead of asking it. */
public final class AsksTheScenarioByItsClass {
    private AsksTheScenarioByItsClass() { }

    public static boolean runsYourCode(Scenario s) {
        return s instanceof TaskFileScenario;
    }
}
