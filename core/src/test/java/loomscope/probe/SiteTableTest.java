package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.MountWhy;
import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.scenario.Scenarios;
import loomscope.workload.Phase;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;

/**
 * Issue #44's sites: a site is a line of code and its cause, its reasons counted under it without what differs from
 * mount to mount; unsure mounts whose sampled stack names a frame outside the JDK are sites too. The whys are set as the
 * classifier leaves them, so that these rules stand apart from how witnesses are placed.
 */
class SiteTableTest {
    private static final long MS = 1_000_000;

    /** {@code n} mounts on two carriers, each 10 ms, all seen blocked by the clocks. */
    private static RunRecording recording(int n) {
        WorkloadConfig config = Scenarios.config(Scenarios.byName("cart-service"), Map.of(), n, 2, SchedulerKind.POOL,
                ThreadKind.VIRTUAL);
        RecordingBuilder b = RecordingBuilder.of(config, "25.0.1").carrier(0, "c0", 0, false).carrier(1, "c1", 0, false);
        for (int i = 0; i < n; i++) {
            long start = (i / 2) * 20 * MS;
            b.mount(i % 2, i, start, start, start + 10 * MS, MountClass.PINNED).phase(i, Phase.CREATED, 0);
        }
        return b.finish(0, (n / 2 + 1) * 20 * MS, n, false);
    }

    private static void why(RunRecording r, int mount, MountClass cause, String reason, String site, long heldMillis) {
        int carrier = mount % 2;
        CarrierLog log = r.carriersByIndex()[carrier];
        log.reclass(mount / 2, cause);
        r.setWhy(carrier, mount / 2, new MountWhy(cause, reason, List.of(), 0, site, heldMillis * MS));
    }

    @Test
    void socketWritesToManyClientsAtOneLineAreOneSiteWithTheirReasonsCounted() {
        RunRecording r = recording(12);
        for (int i = 0; i < 9; i++) {
            why(r, i, MountClass.CAPTURED, "socket write 127.0.0.1:" + (53_200 + i), "shop.Http.reply:88", 2);
        }
        why(r, 9, MountClass.CAPTURED, "socket read db:5432", "shop.Http.reply:88", 3);
        why(r, 10, MountClass.CAPTURED, "file read /var/shop/a.bin", "shop.Http.reply:88", 1);
        why(r, 11, MountClass.PINNED, "LockSupport.park: Native or VM frame on stack", "shop.Http.reply:88", 4);
        r.markClassed();

        List<CauseReport.Site> sites = SiteTable.of(r);
        assertEquals(2, sites.size(), "one site a line and cause, not one a client's port: " + sites);
        CauseReport.Site captured = sites.stream().filter(s -> s.kind().equals("captured")).findFirst().orElseThrow();
        assertEquals("shop.Http.reply:88", captured.frame());
        assertEquals(11, captured.count());
        assertEquals(22.0, captured.heldMillis(), 0.001);
        assertEquals(3.0, captured.longestMillis(), 0.001);
        assertEquals("socket write", captured.reason(), "the most frequent reason, as sites said before");
        assertEquals(List.of("socket write", "file read", "socket read"),
                captured.reasons().stream().map(CauseReport.Reason::reason).toList());
        assertEquals(List.of(9, 1, 1), captured.reasons().stream().map(CauseReport.Reason::count).toList());
        List<String> examples = captured.reasons().get(0).examples();
        assertEquals(SiteTable.EXAMPLES_KEPT, examples.size(), "a few of the texts as they came: " + examples);
        assertTrue(examples.stream().distinct().allMatch(x -> x.startsWith("socket write 127.0.0.1:532")), examples.toString());
        assertEquals(SiteTable.EXAMPLES_KEPT, examples.stream().distinct().count(), "each a different one");
        assertEquals("socket write \u00d79, file read \u00d71, socket read \u00d71", captured.reasonsText());
        CauseReport.Site pinned = sites.stream().filter(s -> s.kind().equals("pinned")).findFirst().orElseThrow();
        assertEquals(1, pinned.count());
        assertEquals(List.of(), pinned.reasons().get(0).examples(), "nothing differs from mount to mount: no examples");

        // the window frames a site's mounts: all eleven captured ones, whatever their port
        int at = 0;
        for (CarrierLog log : r.carriersByIndex()) {
            for (int i = 0; i < log.size(); i++) {
                at += SiteTable.isAt(r, log, i, captured) ? 1 : 0;
            }
        }
        assertEquals(11, at);
    }

    @Test
    void aSiteKeepsItsTopFewReasons() {
        RunRecording r = recording(2 * (SiteTable.REASONS_KEPT + 2));
        for (int i = 0; i < 2 * (SiteTable.REASONS_KEPT + 2); i++) {
            why(r, i, MountClass.PINNED, "reason " + (i / 2), "shop.A.b:1", 1);
        }
        r.markClassed();
        CauseReport.Site site = SiteTable.of(r).get(0);
        assertEquals(2 * (SiteTable.REASONS_KEPT + 2), site.count(), "every mount counted");
        assertEquals(SiteTable.REASONS_KEPT, site.reasons().size(), "the top few reasons kept");
    }

    /**
     * An unsure mount whose sampled stack names the application's frame says where: a site of kind "unsure"; one whose
     * stack names only the JDK's frames, or that no stack explained, is in none.
     */
    @Test
    void unsureMountsWithAnApplicationFrameAreSites() {
        RunRecording r = recording(6);
        String java = "held in Java code, off its CPU: no witness could tell why";
        why(r, 0, MountClass.UNSURE, java, "shop.Prices.<clinit>:3", 5);
        why(r, 1, MountClass.UNSURE, java, "shop.Prices.<clinit>:3", 6);
        why(r, 2, MountClass.UNSURE, java, "(only the JDK's frames) java.lang.Thread.run", 7);
        r.carriersByIndex()[1].reclass(1, MountClass.UNSURE);   // mount 3: unsure, no witness at all
        why(r, 4, MountClass.CAPTURED, "socket read db:5432", "shop.Prices.<clinit>:3", 1);
        r.markClassed();

        List<CauseReport.Site> sites = SiteTable.of(r);
        assertEquals(2, sites.size(), sites.toString());
        CauseReport.Site unsure = sites.get(0);
        assertEquals("unsure", unsure.kind());
        assertEquals("shop.Prices.<clinit>:3", unsure.frame());
        assertEquals(2, unsure.count());
        assertEquals(11.0, unsure.heldMillis(), 0.001);
        assertEquals("captured", sites.get(1).kind(), "the same line with another cause is another site");
        CarrierLog c0 = r.carriersByIndex()[0];
        assertTrue(SiteTable.isAt(r, c0, 0, unsure));
        assertFalse(SiteTable.isAt(r, c0, 1, unsure), "the JDK's frames only: no site");
        assertFalse(SiteTable.isAt(r, c0, 2, unsure), "captured at that line: the other site");
    }
}
