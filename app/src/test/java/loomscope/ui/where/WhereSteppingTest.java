package loomscope.ui.where;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.RunRecording;
import org.junit.jupiter.api.Test;

/** Where's filter by cause and its steps through a site's mounts (issue #45), without a window. */
class WhereSteppingTest {

    @Test
    void aSitesMountsAreSteppedThroughInTimeOrderWithTheirStacks() {
        RunRecording r = HeldRun.record();
        WhereViewModel where = new WhereViewModel();
        where.show(r);
        where.next();
        assertNull(where.steppedProperty().get(), "nothing selected: no step");
        where.selectedProperty().set(where.sites().get(0));   // the three pins at shop.Native.callback:7
        assertEquals(3, where.mountsOfSelected());
        assertTrue(where.stepTextProperty().get().startsWith("3 mounts here"), where.stepTextProperty().get());
        where.next();
        WhereViewModel.MountRef first = where.steppedProperty().get();
        assertEquals(0, first.start() / HeldRun.MS, "the first pin, at 0 ms");
        assertTrue(where.stepTextProperty().get().startsWith("mount 1 of 3"), where.stepTextProperty().get());
        assertTrue(where.steppedStack().stream().anyMatch(f -> f.contains("shop.Native.callback")), where.steppedStack().toString());
        where.next();
        WhereViewModel.MountRef second = where.steppedProperty().get();
        assertTrue(second.start() > first.start(), "in time order");
        where.next();
        where.next();
        assertEquals(first, where.steppedProperty().get(), "round to the first after the last");
        where.previous();
        assertTrue(where.stepTextProperty().get().startsWith("mount 3 of 3"), where.stepTextProperty().get());
        assertTrue(r.carriers()[where.steppedProperty().get().lane()].start(where.steppedProperty().get().mount())
                == where.steppedProperty().get().start(), "the step names its lane and mount");

        where.selectedProperty().set(null);
        assertNull(where.steppedProperty().get());
        assertTrue(where.steppedStack().isEmpty());
    }

    @Test
    void theCauseFilterListsOneKind() {
        WhereViewModel where = new WhereViewModel();
        where.show(HeldRun.record());
        assertEquals(2, where.shownSites().size());
        where.causeFilterProperty().set("captured");
        assertEquals(1, where.shownSites().size());
        assertEquals("shop.Cart.load:42", where.shownSites().get(0).frame());
        where.causeFilterProperty().set("pinned");
        assertFalse(where.shownSites().stream().anyMatch(s -> !s.kind().equals("pinned")));
        where.causeFilterProperty().set(WhereViewModel.ALL_CAUSES);
        assertEquals(2, where.shownSites().size());
        assertEquals(2, where.sites().size(), "the model's list keeps every site");
    }

    @Test
    void numbersSortAsNumbers() {
        assertTrue(WhereView.byNumber().compare("9.5 ms", "1,234.0 ms") < 0);
        assertTrue(WhereView.byNumber().compare("57", "6") > 0);
    }
}
