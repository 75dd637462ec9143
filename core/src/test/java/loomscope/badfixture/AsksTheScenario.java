package loomscope.badfixture;

import loomscope.scenario.Scenario;

/** The good twin of {@link AsksTheScenarioByItsClass}: the same question, asked of the scenario. */
public final class AsksTheScenario {
    private AsksTheScenario() { }

    public static boolean runsYourCode(Scenario s) {
        return s.runsYourCode();
    }
}
