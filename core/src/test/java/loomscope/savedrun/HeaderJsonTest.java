package loomscope.savedrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The header is bound to records: what it writes is what the format-1 writer wrote, and a bad field is named by its path. */
class HeaderJsonTest {

    /** The header of the checked-in format-1 file, as its writer wrote it. */
    private static final String FORMAT_ONE = "{\"loomscopeVersion\":\"0.1\",\"savedAt\":\"2026-11-25T17:37:13.709711062Z\","
            + "\"scenario\":\"seed\",\"jdkVersion\":\"25.0.3+9-LTS\",\"jvmFlags\":[],\"host\":{\"cores\":2,"
            + "\"os\":\"Linux 6.18.44-fc-v595\",\"arch\":\"amd64\",\"carriersLowered\":false},\"config\":{\"threads\":40,"
            + "\"cpuIterations\":10000,\"sleepMillis\":5,\"lockMode\":\"NATIVE_FRAME\",\"parallelism\":2,\"scheduler\":\"POOL\","
            + "\"threadKind\":\"VIRTUAL\"},\"run\":{\"startNanos\":12315832,\"endNanos\":289890851,\"completed\":40,\"cancelled\":false}}";

    @Test
    void aFormatOneHeaderIsWrittenBackToTheByte() throws Exception {
        HeaderJson.Header h = HeaderJson.read(FORMAT_ONE);
        assertEquals(Instant.parse("2026-11-25T17:37:13.709711062Z"), h.info().savedAt());
        assertEquals(List.of(), h.info().jvmFlags());
        assertEquals(FORMAT_ONE, HeaderJson.write(h));
    }

    @Test
    void whatAnAttachedJvmDroppedIsWrittenOnlyWhereThereWasAny() throws Exception {
        String dropping = FORMAT_ONE.replace("\"cancelled\":false}", "\"cancelled\":false,\"droppedInTarget\":1207}");
        assertEquals(1_207, HeaderJson.read(dropping).droppedInTarget());
        assertEquals(dropping, HeaderJson.write(HeaderJson.read(dropping)));
        assertEquals(0, HeaderJson.read(FORMAT_ONE).droppedInTarget());
        assertRefused(FORMAT_ONE.replace("\"cancelled\":false}", "\"cancelled\":false,\"droppedInTarget\":-5}"),
                "its header's \"run.droppedInTarget\" must be 0 or more, was -5");
        assertRefused(FORMAT_ONE.replace("\"cancelled\":false}", "\"cancelled\":false,\"droppedInTarget\":\"many\"}"),
                "its header's \"run.droppedInTarget\" must be a whole number");
        assertRefused(FORMAT_ONE.replace("\"cancelled\":false}", "\"cancelled\":false,\"droppedInTarget\":" + "9".repeat(30) + "}"),
                "its header's \"run.droppedInTarget\" must be a whole number");
    }

    @Test
    void aBadFieldIsNamedByItsPath() {
        assertRefused(FORMAT_ONE.replace("\"cores\":2", "\"cores\":\"2\""), "its header's \"host.cores\" must be a whole number, was \"2\"");
        assertRefused(FORMAT_ONE.replace("\"cores\":2,", ""), "its header has no \"host.cores\"");
        assertRefused(FORMAT_ONE.replace("\"cores\":2", "\"cores\":null"), "its header's \"host.cores\" must be a whole number, was null");
        assertRefused(FORMAT_ONE.replace("\"startNanos\":12315832", "\"startNanos\":1.5"),
                "its header's \"run.startNanos\" must be a whole number, was 1.5");
        assertRefused(FORMAT_ONE.replace("\"threads\":40", "\"threads\":" + "9".repeat(30)),
                "its header's \"config.threads\" must be a whole number from -2,147,483,648 to 2,147,483,647, was " + "9".repeat(30));
        assertRefused(FORMAT_ONE.replace("\"jvmFlags\":[]", "\"jvmFlags\":[\"-Xint\",7]"),
                "its header's \"jvmFlags[1]\" must be text, was 7");
        assertRefused(FORMAT_ONE.replace("\"NATIVE_FRAME\"", "\"WARP\""), "its header's \"config.lockMode\" must be one of");
        assertRefused(FORMAT_ONE.replace("\"2026-11-25T17:37:13.709711062Z\"", "\"yesterday\""),
                "its header's \"savedAt\" must be an ISO instant, was \"yesterday\"");
        assertRefused(FORMAT_ONE.replace("\"cancelled\":false", "\"cancelled\":\"no\""),
                "its header's \"run.cancelled\" must be true or false, was \"no\"");
        assertRefused(FORMAT_ONE.replace("\"arch\":\"amd64\"", "\"arch\":\"amd64\",\"gpu\":1"),
                "its header has an unknown field \"host.gpu\"");
        assertRefused(FORMAT_ONE.replace("\"run\":{", "\"run\":[{").replace("}}", "}]}"), "its header's \"run\" must be an object");
        assertRefused("[1]", "its header is not a JSON object");
        assertRefused("{\"a\":", "its header is not JSON (");
    }

    private static void assertRefused(String header, String says) {
        String message = assertThrows(SavedRunFormatException.class, () -> HeaderJson.read(header)).getMessage();
        assertEquals(1, message.lines().count(), message);
        assertEquals(true, message.startsWith(says), message);
    }
}
