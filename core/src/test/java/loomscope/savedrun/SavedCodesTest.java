package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import loomscope.recording.MountClass;

/**
 * The codes a saved run holds for a mount's class and a held mount's cause are the ones docs/saved-runs.md and
 * {@link LoomRunFormat} name, whatever order {@link MountClass} keeps: files already on disk load as they did.
 */
class SavedCodesTest {
    @Test
    void aMountsVerdictCodeIsTheOneEveryFormatSaved() {
        List<MountClass> byCode = new ArrayList<>();
        for (int code = 0; LoomRunFormat.mountClassOf(code) != null; code++) {
            byCode.add(LoomRunFormat.mountClassOf(code));
        }
        assertEquals(List.of(MountClass.NOT_HELD, MountClass.PINNED, MountClass.UNSURE, MountClass.CAPTURED,
                MountClass.STALLED), byCode, "0 not pinned, 1 pinned, 2 unsure, 3 captured, 4 stalled");
        assertNull(LoomRunFormat.mountClassOf(5), "a code no format has is refused by its reader");
        assertNull(LoomRunFormat.mountClassOf(-1));
        for (MountClass c : byCode) {
            assertEquals(c, LoomRunFormat.mountClassOf(LoomRunFormat.verdictCode(c)));
        }
        assertEquals(2, LoomRunFormat.verdictCode(MountClass.HELD), "held, not yet classed, is saved unsure: no witness said");
    }

    @Test
    void aHeldMountsCauseCodeIsTheOneFormatFourSaved() {
        assertEquals(4, LoomRunFormat.CAUSE_CODES);
        assertEquals(List.of(MountClass.PINNED, MountClass.CAPTURED, MountClass.STALLED, MountClass.UNSURE),
                List.of(LoomRunFormat.causeOf(0), LoomRunFormat.causeOf(1), LoomRunFormat.causeOf(2), LoomRunFormat.causeOf(3)));
        for (MountClass c : MountClass.values()) {
            if (c.classed()) {
                assertEquals(c, LoomRunFormat.causeOf(LoomRunFormat.causeCode(c)));
            } else {
                assertThrows(IllegalArgumentException.class, () -> LoomRunFormat.causeCode(c), c + " is no cause");
            }
        }
    }
}
