package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import loomscope.cli.LoomScopeCli;
import org.junit.jupiter.api.Test;

/**
 * {@code attach --wait} against a client that holds the token and sends what no agent does: the session ends with its
 * summary and one sentence for how it ended (exit 1: no detach was confirmed), never an OutOfMemoryError, a Java
 * record's toString or an escape sequence on the terminal.
 */
class HostileAgentCliTest {
    private static final String HELLO = "LOOMSCOPE-AGENT 1 25\u001b]0;owned\u0007\nO 0\nC 0 0 worker\u001b[2J\nV 0 7 t\u202eexe\n"
            + "M 0 0 100 200 0 0\n";

    private record Result(int exit, String out, String err) { }

    /** Runs {@code attach --wait}, connects with its token, sends {@code text}, then {@code forever} until cut off. */
    private static Result attachedBy(String text, byte[] forever) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int[] exit = {-1};
        Thread cli = new Thread(() -> exit[0] = LoomScopeCli.execute(new String[] {"attach", "--wait", "--seconds", "60"},
                new PrintWriter(out, true), new PrintWriter(err, true)), "attach-wait");
        cli.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Matcher flag = Pattern.compile("port=(\\d+),token=([0-9a-f]+)").matcher("");
        while (!flag.reset(err.toString()).find()) {
            assertTrue(System.nanoTime() < deadline, "no flag printed: " + err);
            Thread.sleep(20);
        }
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), Integer.parseInt(flag.group(1)))) {
            OutputStream o = s.getOutputStream();
            o.write((flag.group(2) + "\n" + text).getBytes(StandardCharsets.UTF_8));
            o.flush();
            while (forever != null) {
                o.write(forever);   // until the CLI closes the connection
            }
            cli.join(60_000);
        } catch (IOException e) {
            // the CLI closed the connection: the endless sender is cut off
        }
        cli.join(60_000);
        assertFalse(cli.isAlive(), "the CLI did not end: " + out + err);
        return new Result(exit[0], out.toString(), err.toString());
    }

    private static void assertClean(Result r) {
        String all = r.out() + r.err();
        assertTrue(all.chars().noneMatch(c -> c == 0x1b || c == 0x07 || c == 0x9b || c == 0x202e), all);
        assertFalse(all.contains("Garbled[") || all.contains("Bounded[") || all.contains("Exception"), all);
        assertEquals(1, r.exit(), all);
        assertTrue(r.out().contains("Attached 0.000 seconds: 1 mounts of 1 virtual threads on 1 carriers."), all);
    }

    @Test
    void aGarbledLineEndsTheSessionInASentenceAndNothingReachesTheTerminalRaw() throws Exception {
        Result r = attachedBy(HELLO + "X \u001b[31mred\u202e\n", null);
        assertClean(r);
        assertTrue(r.out().contains("Java 25?]0;owned?;"), r.out());
        assertTrue(r.out().contains("  worker?[2J: 1 mounts"), r.out());
        assertTrue(r.out().contains("The agent's stream had a line LoomScope cannot read (unknown line kind 'X': "
                + "\"X ?[31mred?\"): what came before it is kept."), r.out());
    }

    @Test
    void aLineThatNeverEndsStopsAtTheLineBound() throws Exception {
        byte[] chunk = new byte[1 << 16];
        Arrays.fill(chunk, (byte) 'x');
        Result r = attachedBy(HELLO + "V 1 8 ", chunk);
        assertClean(r);
        assertTrue(r.out().contains("The agent's stream passed a bound of LoomScope's (a line longer than any the agent "
                + "writes (65,536 bytes)): what came before it is kept, the rest is not read."), r.out());
    }

    @Test
    void aNegativeTimeIsRefused() throws Exception {
        Result r = attachedBy(HELLO + "H -5\n", null);
        assertClean(r);
        assertTrue(r.out().contains("cannot read (impossible times: a heartbeat at -5 ns, before the session's start"), r.out());
    }

    @Test
    void aTimeOf292YearsIsRefused() throws Exception {
        Result r = attachedBy(HELLO + "M 0 0 300 9223372036854775807 0 0\n", null);
        assertClean(r);
        assertTrue(r.out().contains("cannot read (impossible times: an episode's end at 9,223,372,036,854,775,807 ns, "
                + "more than 30 days after the session's start: \"M 0 0 300"), r.out());
    }
}
