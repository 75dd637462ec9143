package loomscope.ui.where;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import org.junit.jupiter.api.Test;

/** The Where table's model without a window: its rows from the classed run, the selection and which mounts it marks. */
class WhereViewModelTest {

    @Test
    void theSitesOfTheRunAndTheMountsOfTheSelectedOne() {
        RunRecording r = HeldRun.record();
        WhereViewModel where = new WhereViewModel();
        assertEquals(WhereViewModel.NOTHING, where.noteProperty().get());
        where.show(r);
        assertEquals(2, where.sites().size(), where.sites().toString());
        assertEquals("shop.Native.callback:7", where.sites().get(0).frame(), "most carrier time first: 3 pins of 20 ms");
        assertEquals("pinned", where.sites().get(0).kind());
        assertEquals(3, where.sites().get(0).count());
        assertEquals("shop.Cart.load:42", where.sites().get(1).frame());
        assertEquals("captured", where.sites().get(1).kind());
        assertEquals("native code: java.io.FileInputStream.readBytes, in a sampled stack \u00d72",
                WhereViewModel.reasons(where.sites().get(1)), "the reasons counted: both reads are one reason");
        assertTrue(where.noteProperty().get().startsWith("2 sites where carriers were held"), where.noteProperty().get());

        CarrierLog c0 = r.carriersByIndex()[0];
        CarrierLog c1 = r.carriersByIndex()[1];
        assertFalse(where.marked(c0, 0), "nothing selected, nothing marked");
        where.selectedProperty().set(where.sites().get(1));
        assertTrue(where.marked(c1, 0), "the read at 3 ms: carrier 1's first mount");
        assertTrue(where.marked(c0, 2), "the read at 83 ms: carrier 0's third mount");
        assertFalse(where.marked(c0, 0), "a pinned mount is not the read's");

        where.show(r);
        assertEquals(where.sites().get(1), where.selectedProperty().get(), "the same run: the selection stays");
        where.show(null);
        assertNull(where.selectedProperty().get(), "another run: its sites, no selection");
        assertTrue(where.sites().isEmpty());
    }
}
