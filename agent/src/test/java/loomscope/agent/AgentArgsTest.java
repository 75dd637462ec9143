package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The agent's option string: each mistake refused in one line that names it, nothing taken silently. */
class AgentArgsTest {
    private static final String TOKEN = "0123456789abcdef";

    @Test
    void theTwoWaysIn() {
        AgentArgs attach = AgentArgs.parse("port=4000,token=" + TOKEN);
        assertEquals(4000, attach.port());
        assertEquals(TOKEN, attach.token());
        assertFalse(attach.saves());
        assertTrue(attach.jfr());
        AgentArgs save = AgentArgs.parse("save=/tmp/a.loomrun,jfr=off");
        assertEquals("/tmp/a.loomrun", save.save());
        assertFalse(save.jfr());
    }

    @Test
    void aContainersWayInIsASocketFile() {
        AgentArgs socket = AgentArgs.parse("socket=/tmp/loomscope-1.sock,token=" + TOKEN);
        assertEquals("/tmp/loomscope-1.sock", socket.socket());
        assertEquals(-1, socket.port());
        assertEquals("socket= is an absolute path, not tmp/x.sock", refusal("socket=tmp/x.sock,token=" + TOKEN));
        assertEquals("port= and socket= are two ways to the same LoomScope: give one",
                refusal("port=4000,socket=/tmp/x.sock,token=" + TOKEN));
        assertTrue(refusal("socket=/tmp/x.sock,save=a.loomrun").startsWith("save=FILE does not go with"));
    }

    @Test
    void anOptionGivenTwiceIsRefusedNotTheLastTaken() {
        assertEquals("save= is given twice", refusal("save=a.loomrun,save=b.loomrun"));
    }

    @Test
    void aCommaInASavePathIsRefusedNotCutThere() {
        String why = refusal("save=my,run.loomrun");
        assertTrue(why.startsWith("'run.loomrun' is not key=value"), why);
    }

    @Test
    void aBadTokenIsSaidToBeBadNotMissing() {
        assertEquals("token= is not LoomScope's (16 to 128 hex digits)", refusal("port=4000,token=XYZ"));
        assertTrue(refusal("port=4000").startsWith("needs save=FILE.loomrun, or port=N,token=HEX"));
    }

    @Test
    void jfrIsOnOrOff() {
        assertEquals("jfr= is on or off, not maybe", refusal("save=a.loomrun,jfr=maybe"));
    }

    @Test
    void aHugeOptionIsQuotedShort() {
        String why = refusal("x".repeat(100_000) + "=1");
        assertTrue(why.length() < 200, why);
    }

    private static String refusal(String options) {
        return assertThrows(IllegalArgumentException.class, () -> AgentArgs.parse(options)).getMessage();
    }
}
