package loomscope.matrix;

import loomscope.jdks.JdkDiscovery;
import loomscope.jdks.JdkInstall;
import loomscope.jdks.LegacyLocking;
import loomscope.jdks.TestJdks;
import loomscope.runs.RunTarget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import loomscope.probe.JfrCrossCheck;
import loomscope.scenario.Scenarios;
import loomscope.testing.Jdk21;
import loomscope.testing.QuickJvm;
import org.junit.jupiter.api.Test;

/**
 * Real runs in child JVMs at a small N: each cell's numbers are those of the JDK's own cross-check of the same run,
 * and the seed's synchronized section pins on JDK 21 (and with legacy locking) but not on this JDK.
 */
class PinningMatrixTest {

    private static final int THREADS = 40;

    @Test
    void everyCellsCountsAreTheCrossCheckOfItsOwnRun() throws Exception {
        JdkInstall thisJdk = TestJdks.thisJdk();
        // C1 alone (QuickJvm): the cells' counts and their cross-check, not their times
        List<RunTarget.ChildJvm> jvms = new ArrayList<>(List.of(QuickJvm.of(RunTarget.ChildJvm.of(thisJdk))));
        if (LegacyLocking.offeredFor(thisJdk)) {
            jvms.add(QuickJvm.of(RunTarget.ChildJvm.legacyLocking(thisJdk)));
        }
        MatrixPlan plan = new MatrixPlan(List.of(Scenarios.byName("seed"), Scenarios.byName("object-wait")), jvms, THREADS, 2);
        List<Integer> told = new ArrayList<>();
        List<MatrixCell> cells = PinningMatrix.run(plan, () -> false, (i, cell) -> told.add(i));

        assertEquals(plan.cellCount(), cells.size());
        assertEquals(java.util.stream.IntStream.range(0, plan.cellCount()).boxed().toList(), told, "each cell told once, in order");
        for (MatrixCell cell : cells) {
            MatrixCell.Measured m = assertInstanceOf(MatrixCell.Measured.class, cell, cell::toString);
            JfrCrossCheck check = JfrCrossCheck.of(m.pinnedEvents(), m.recording());
            assertEquals(check.recordedPinnedMounts(), m.pinnedMounts(), m.toString());
            assertEquals(check.events(), m.jfrEvents(), m.toString());
            // a disagreement is an event of 1 ms or more without a pinned mount, or (where JFR posts every pin: 24+) a
            // pinned mount without an event; a cold child's class-loading pins of 0.3 ms are none (a CI run saw three)
            JfrCrossCheck atFloor = JfrCrossCheck.of(m.pinnedEvents().stream()
                    .filter(e -> e.duration() >= loomscope.recording.PinnedRule.MIN_BLOCKED_NANOS).toList(), m.recording());
            boolean everyPinPosted = Runtime.Version.parse(m.recording().jdkVersion()).feature() >= 24;
            assertEquals(atFloor.unmatchedEvents() == 0 && (check.pinnedMountsWithoutEvent() == 0 || !everyPinPosted),
                    m.agreesWithJfr(), m.toString());
            assertTrue(m.mounts() >= THREADS && m.wallMillis() > 0, m.toString());
        }
        MatrixCell.Measured seedHere = (MatrixCell.Measured) cells.get(0);
        if (!thisJdk.pinsOnSynchronized()) {
            assertEquals(0, seedHere.pinnedMounts(), "JEP 491: synchronized does not pin on " + thisJdk.version());
            // JFR may see a task wait for another's class initialisation (a real, brief pin); never the synchronized sleep
            assertEquals(0, seedHere.pinnedEvents().stream().filter(PinningMatrixTest::inTheLockedSleep).count(),
                    seedHere.pinnedEvents().toString());
        }
        if (jvms.size() == 2) {
            // legacy locking: every task pins in its synchronized sleep, and JFR (naming the carrier) saw each one
            MatrixCell.Measured legacy = (MatrixCell.Measured) cells.get(1);
            JfrCrossCheck check = JfrCrossCheck.of(legacy.pinnedEvents(), legacy.recording());
            assertEquals(THREADS, legacy.pinnedMounts(), legacy.toString());
            assertEquals(THREADS, check.matchedPinnedMounts(), "every pinned mount matched by a JFR event: " + check);
            assertTrue(legacy.topReason() != null && !legacy.topReason().isBlank(), legacy.toString());
        }
    }

    private static boolean inTheLockedSleep(loomscope.probe.PinnedEvent e) {
        return e.stack().stream().anyMatch(f -> f.methodName().equals("holdAndSleep"));
    }

    @Test
    void theSeedPinsOnJdk21AndNotOnThisJdk() throws Exception {
        assumeTrue(Jdk21.find() != null, "no JDK 21: set LOOMSCOPE_JDK21");
        JdkInstall jdk21 = TestJdks.jdk21();
        JdkInstall thisJdk = TestJdks.thisJdk();
        assumeTrue(!thisJdk.pinsOnSynchronized(), "this JDK pins on synchronized too");
        MatrixPlan plan = new MatrixPlan(List.of(Scenarios.byName("seed"), Scenarios.byName("native-frame")),
                PinningMatrix.jvmsFound(new JdkDiscovery.Found(List.of(jdk21, thisJdk), List.of())).stream()
                        .filter(j -> j.jvmArgs().isEmpty()).toList(), THREADS, 2);
        assertEquals("Java " + thisJdk.feature(), MatrixPlan.columnName(plan.jvms().get(0)), "this JDK first");
        List<MatrixCell> cells = PinningMatrix.run(plan, () -> false, (i, cell) -> { });

        MatrixCell.Measured seedHere = (MatrixCell.Measured) cells.get(0);
        MatrixCell.Measured seed21 = (MatrixCell.Measured) cells.get(1);
        assertEquals(0, seedHere.pinnedMounts(), seedHere.toString());
        assertTrue(seed21.pinnedEvents().stream().allMatch(PinningMatrixTest::inTheLockedSleep), "JDK 21 pins in the locked sleep");
        assertEquals(THREADS, seed21.pinnedMounts(), seed21.toString());
        // each task's sleep once, of 1 ms or more; a cold child may also park a thread pinned for a microsecond (seen in a
        // fresh clone's CI: 41 events for 40 pins, one of 1.5 µs), which is JFR's word too, not a pin we missed
        assertTrue(seed21.jfrEvents() >= THREADS, "JFR saw each pin on JDK 21: " + seed21.jfrEvents());
        // and of 1 ms or more nearly each: fresh clones' CI saw 39 and 37 of 40 (a sleep's park split in two by an early
        // wake-up is two events, one of them short); nine in ten, the bound the cross-check below holds too
        long longPins = seed21.pinnedEvents().stream().filter(e -> e.duration() >= 1_000_000).count();
        assertTrue(longPins >= THREADS * 9 / 10, "JFR saw each pin on JDK 21, of 1 ms or more: " + longPins);
        // JDK 21's event names no carrier: matched by time alone, so an event may land on a neighbour's mount
        JfrCrossCheck check = JfrCrossCheck.of(seed21.pinnedEvents(), seed21.recording());
        assertTrue(check.matchedPinnedMounts() >= THREADS * 9 / 10, check.toString());
        // the FFM section does not exist on 21: no number, a reason
        MatrixCell.NotRun native21 = assertInstanceOf(MatrixCell.NotRun.class, cells.get(3));
        assertTrue(native21.why().contains("22"), native21.why());
        MatrixCell.Measured nativeHere = (MatrixCell.Measured) cells.get(2);
        assertEquals(THREADS, nativeHere.pinnedMounts(), nativeHere.toString());
        assertEquals(THREADS, JfrCrossCheck.of(nativeHere.pinnedEvents(), nativeHere.recording()).matchedPinnedMounts());
    }

    @Test
    void stoppingLeavesTheCellsAfterItNotRun() throws Exception {
        JdkInstall thisJdk = TestJdks.thisJdk();
        MatrixPlan plan = new MatrixPlan(List.of(Scenarios.byName("seed"), Scenarios.byName("waves"), Scenarios.byName("object-wait")),
                List.of(QuickJvm.of(RunTarget.ChildJvm.of(thisJdk))), THREADS, 2);
        AtomicBoolean stop = new AtomicBoolean();
        List<MatrixCell> cells = PinningMatrix.run(plan, stop::get, (i, cell) -> stop.set(true));

        assertInstanceOf(MatrixCell.Measured.class, cells.get(0));
        for (MatrixCell rest : cells.subList(1, cells.size())) {
            assertEquals(MatrixCell.STOPPED, assertInstanceOf(MatrixCell.NotRun.class, rest).why());
        }
    }

    @Test
    void aScenarioBelowItsMinimumSaysSoInsteadOfANumber() throws Exception {
        var scenario = Scenarios.ALL.stream().filter(s -> s.minimumThreads() > 1).findFirst();
        assumeTrue(scenario.isPresent(), "every scenario runs on one thread");
        MatrixCell cell = PinningMatrix.runCell(scenario.get(), RunTarget.ChildJvm.of(TestJdks.thisJdk()), 1, 1, () -> false);
        MatrixCell.NotRun notRun = assertInstanceOf(MatrixCell.NotRun.class, cell);
        assertTrue(notRun.why().contains("at least"), notRun.why());
        assertNull(PinningMatrix.topReason(List.of()));
    }
}
