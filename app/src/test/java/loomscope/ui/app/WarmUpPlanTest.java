package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code -Dloomscope.warmUpRuns}: the plan's first runs, clamped to the plan; anything else leaves the whole plan. */
class WarmUpPlanTest {

    @AfterEach
    void unset() {
        System.clearProperty(WindowWarmUp.RUNS_PROPERTY);
    }

    @Test
    void unsetOrNotANumberIsTheWholePlan() {
        assertEquals(WindowWarmUp.PLAN, WindowWarmUp.plan());
        System.setProperty(WindowWarmUp.RUNS_PROPERTY, "two");
        assertEquals(WindowWarmUp.PLAN, WindowWarmUp.plan());
        assertEquals("about 11 s", WindowWarmUp.about(WindowWarmUp.RUNS));
    }

    @Test
    void aCountTakesThePlansFirstRunsWithinItsBounds() {
        System.setProperty(WindowWarmUp.RUNS_PROPERTY, "2");
        assertEquals(WindowWarmUp.PLAN.subList(0, 2), WindowWarmUp.plan());
        System.setProperty(WindowWarmUp.RUNS_PROPERTY, "0");
        assertEquals(WindowWarmUp.PLAN.subList(0, 1), WindowWarmUp.plan());
        System.setProperty(WindowWarmUp.RUNS_PROPERTY, "-3");
        assertEquals(1, WindowWarmUp.plan().size());
        System.setProperty(WindowWarmUp.RUNS_PROPERTY, "99");
        assertEquals(WindowWarmUp.PLAN, WindowWarmUp.plan());
        assertEquals("1 of its 6 runs, loomscope.warmUpRuns", WindowWarmUp.about(1));
    }
}
