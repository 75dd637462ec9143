package loomscope.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** A parameter's number is written in ASCII digits: Integer.parseInt alone took a fullwidth '３' as 3. */
class ScenarioParamDigitsTest {
    private final ScenarioParam.Int sleep = new ScenarioParam.Int("sleep-ms", 100, 0, 60_000, "sleep");

    @Test
    void otherScriptsDigitsAreNotANumber() {
        assertNull(sleep.check("３").value(), "fullwidth three");
        assertNull(sleep.check("٣").value(), "Arabic-Indic three");
        assertEquals("3", sleep.check("3").value());
        assertEquals("1000", sleep.check("1_000").value());
    }
}
