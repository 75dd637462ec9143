package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;

import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;

/** A header's host facts are held to what a host can have (a crafted "cores": -1 was accepted). */
class HeaderCheckTest {

    private static HeaderJson.Header header(int cores) {
        RunInfo info = new RunInfo(RunInfo.LOOMSCOPE_VERSION, Instant.parse("2026-11-25T12:00:00Z"), RunInfo.SEED_SCENARIO,
                List.of(), cores, "Linux 6", "amd64", false);
        return new HeaderJson.Header(info, "25.0.3", SeedScenario.config().withThreads(2), 0, 1_000_000, 2, false, 0);
    }

    @Test
    void aHostWithoutACoreIsRefusedNamingTheField() {
        for (int cores : new int[] {-1, 0, Integer.MAX_VALUE}) {
            SavedRunFormatException e = assertThrows(SavedRunFormatException.class, () -> HeaderCheck.check(header(cores)));
            assertTrue(e.getMessage().contains("\"cores\""), e.getMessage());
        }
        assertDoesNotThrow(() -> HeaderCheck.check(header(2)));
    }
}
