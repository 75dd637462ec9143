package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import loomscope.probe.CauseReport;
import loomscope.probe.PinnedThreadsTable;
import org.junit.jupiter.api.Test;

/**
 * attach --json where the witnesses could not class (JFR did not deliver everything): JFR's pinned rows, grouped by
 * frame and reason, become one site a frame, its reasons counted under it, as the classed sites are.
 */
class PinnedSitesTest {

    @Test
    void aFramesReasonsAreCountedUnderOneSite() {
        List<CauseReport.Site> sites = AttachSummary.pinnedSites(List.of(
                new PinnedThreadsTable.Row("shop.A.b:1", "Native or VM frame on stack", 3, 4_000_000, 9_000_000),
                new PinnedThreadsTable.Row("shop.C.d:2", "Monitor held", 1, 1_000_000, 1_000_000),
                new PinnedThreadsTable.Row("shop.A.b:1", "Monitor held", 5, 2_000_000, 6_000_000)));
        assertEquals(2, sites.size(), sites.toString());
        CauseReport.Site a = sites.get(0);
        assertEquals("shop.A.b:1", a.frame());
        assertEquals("pinned", a.kind());
        assertEquals(8, a.count());
        assertEquals(15.0, a.heldMillis(), 1e-9);
        assertEquals(4.0, a.longestMillis(), 1e-9);
        assertEquals("Monitor held", a.reason(), "the most frequent");
        assertEquals("Monitor held \u00d75, Native or VM frame on stack \u00d73", a.reasonsText());
        assertEquals("shop.C.d:2", sites.get(1).frame());
    }
}
