package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        assertTrue(refusal("port=4000").startsWith("needs save=FILE.loomrun, listen=HOST:PORT, or port=N,token=HEX"));
    }

    @Test
    void listenAloneOrBesideLoomScopesAttach() {
        AgentArgs alone = AgentArgs.parse("listen=0.0.0.0:7071,tokenfile=/run/secrets/loomscope,jfr=off");
        assertTrue(alone.listens());
        assertFalse(alone.connects());
        assertEquals("0.0.0.0", alone.listenHost());
        assertEquals(7071, alone.listenPort());
        assertEquals("/run/secrets/loomscope", alone.tokenFile());
        assertFalse(alone.jfr());
        assertEquals(0, AgentArgs.parse("listen=127.0.0.1:0").listenPort());
        assertEquals("::1", AgentArgs.parse("listen=[::1]:7071").listenHost());
        AgentArgs asked = AgentArgs.parse("port=4000,token=" + TOKEN + ",listen=localhost:7071");
        assertTrue(asked.listens() && asked.connects());
        assertEquals(TOKEN, asked.token());
    }

    @Test
    void eachListenMistakeIsOneLine() {
        assertTrue(refusal("listen=7071").startsWith("listen= is HOST:PORT"));
        assertEquals("port is not a port: 70710", refusal("listen=127.0.0.1:70710"));
        assertTrue(refusal("listen=:7071").startsWith("listen= is HOST:PORT"));
        assertEquals("listen= names no host: []:7071", refusal("listen=[]:7071"));
        assertEquals("listen= names no host: a b:7071", refusal("listen=a b:7071"));
        assertTrue(refusal("listen=127.0.0.1:7071,save=a.loomrun").startsWith("save=FILE does not go with listen="));
        assertTrue(refusal("listen=127.0.0.1:7071,token=" + TOKEN).startsWith("token= goes with port= or socket="));
        assertTrue(refusal("tokenfile=/tmp/t").startsWith("tokenfile= goes with listen="));
        assertTrue(refusal("port=4000,token=" + TOKEN + ",listen=127.0.0.1:0,tokenfile=/tmp/t")
                .startsWith("tokenfile= goes with -javaagent's listen= alone"));
        assertEquals("listen= is given twice", refusal("listen=127.0.0.1:1,listen=127.0.0.1:2"));
    }

    @Test
    void aTokenFileHoldsOneTokenAndNothingElse(@TempDir Path folder) throws Exception {
        Path good = Files.writeString(folder.resolve("good"), "  " + TOKEN + TOKEN + "\n");
        Files.setPosixFilePermissions(good, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertEquals(TOKEN + TOKEN, AgentArgs.readTokenFile(good.toString()));
        Path shortOne = Files.writeString(folder.resolve("short"), "abc\n");
        Path twoWords = Files.writeString(folder.resolve("two"), TOKEN + " " + TOKEN);
        Path huge = Files.writeString(folder.resolve("huge"), "a".repeat(5_000));
        for (Path p : new Path[] {shortOne, twoWords, huge}) {
            Files.setPosixFilePermissions(p, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        }
        for (Path bad : new Path[] {shortOne, twoWords}) {
            String why = assertThrows(IllegalArgumentException.class, () -> AgentArgs.readTokenFile(bad.toString())).getMessage();
            assertTrue(why.startsWith("tokenfile= must hold one token of 16 to 128"), why);
        }
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AgentArgs.readTokenFile(huge.toString()))
                .getMessage().startsWith("tokenfile= holds more than a token"));
        String missing = assertThrows(IllegalArgumentException.class,
                () -> AgentArgs.readTokenFile(folder.resolve("none").toString())).getMessage();
        assertTrue(missing.startsWith("tokenfile= cannot be read: ") && missing.lines().count() == 1, missing);
    }

    @Test
    void aTokenFileIsLookedAtBeforeItIsOpened(@TempDir Path folder) throws Exception {
        Path fifo = folder.resolve("fifo");
        org.junit.jupiter.api.Assumptions.assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0);
        for (String notAFile : new String[] {fifo.toString(), "/dev/zero", folder.toString()}) {
            String why = assertThrows(IllegalArgumentException.class, () -> AgentArgs.readTokenFile(notAFile)).getMessage();
            assertTrue(why.startsWith("tokenfile= is not a regular file ("), why);
        }
        Path open = Files.writeString(folder.resolve("open"), TOKEN + TOKEN);
        Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
        String why = assertThrows(IllegalArgumentException.class, () -> AgentArgs.readTokenFile(open.toString())).getMessage();
        assertTrue(why.contains(" is open to its group (mode 0640): a secret must be its owner's alone"), why);
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
