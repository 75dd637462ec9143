package loomscope.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The parsers of a carrier's /proc files, shared by the core's carrier pool and the agent. */
class ProcFilesTest {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void schedstatFieldsAreReadInOrder() {
        byte[] line = ascii("123456 7890 42\n");
        assertEquals(123456, ProcFiles.field(line, line.length, 0));
        assertEquals(7890, ProcFiles.field(line, line.length, 1));
        assertEquals(42, ProcFiles.field(line, line.length, 2));
        assertEquals(ProcFiles.UNKNOWN, ProcFiles.field(line, line.length, 3));
    }

    @Test
    void preemptionsAreTheNonVoluntaryLineNotTheVoluntaryOne() {
        byte[] status = ascii("Name:\tx\nvoluntary_ctxt_switches:\t237\nnonvoluntary_ctxt_switches:\t380\n");
        byte[] key = ascii("nonvoluntary_ctxt_switches:");
        assertEquals(380, ProcFiles.valueAfter(status, status.length, key));
        assertEquals(ProcFiles.UNKNOWN, ProcFiles.valueAfter(status, status.length, ascii("missing:")));
        byte[] cut = ascii("nonvoluntary_ctxt_switches:\t");
        assertEquals(ProcFiles.UNKNOWN, ProcFiles.valueAfter(cut, cut.length, key));
    }
}
