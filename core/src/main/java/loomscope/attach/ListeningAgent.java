package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import loomscope.io.ForeignText;

/**
 * What {@code attach PID --listen} hands its user, who cannot read the target's stderr: where the agent listens, its
 * certificate's SHA-256 and the token it made. The agent sends them once, on the attach's own connection (the same
 * user's loopback or socket file), as one line {@code L address fingerprint token}.
 */
public record ListeningAgent(long pid, String address, String fingerprint, String token) {
    /** The agent's answer is one short line; anything longer is not its. */
    private static final int MAX_ANSWER = 1_024;

    /**
     * The command that records it from another machine, whose tunnel's near end is {@code address}'s port: an agent on
     * all addresses (0.0.0.0, [::]) is named by the loopback, which reaches it here and is a tunnel's near end there;
     * "--connect 0.0.0.0:PORT" names no host to connect to.
     */
    public String connectCommand() {
        return "loomscope attach --connect " + reachableAddress() + " --token " + token + " --fingerprint " + fingerprint;
    }

    /** {@link #address}, its wildcard host replaced by the loopback's. */
    public String reachableAddress() {
        int colon = address.lastIndexOf(':');
        String host = address.substring(0, colon);
        String port = address.substring(colon + 1);
        return switch (host) {
            case "0.0.0.0" -> "127.0.0.1:" + port;
            case "[::]", "[0:0:0:0:0:0:0:0]" -> "[::1]:" + port;
            default -> address;
        };
    }

    /** Whether the agent listens on an address the network reaches (not the loopback's). */
    public boolean exposed() {
        String host = address.substring(0, address.lastIndexOf(':'));
        return !(host.startsWith("127.") || host.equals("[::1]") || host.equals("[0:0:0:0:0:0:0:1]")
                || host.equals("localhost"));
    }

    /**
     * {@code attach PID --listen HOST:PORT}: loads the agent into a running local JVM to listen there for LoomScope on
     * another host ({@link AttachSession#connect}), over TLS, for the JVM's life. The agent answers on this attach's own
     * connection with its address, its certificate's SHA-256 and the token it made, which travel nowhere else; nothing
     * is recorded until a LoomScope connects.
     *
     * @param listen where the agent listens (port 0: any free one, which the answer names)
     * @throws AttachRefusedException why not, in one line (a taken port; a JVM that listens already)
     */
    public static ListeningAgent loadInto(long pid, Path agentJar, HostPort listen, Duration deadline, boolean jfr)
            throws IOException {
        JvmEntry target = JvmList.describe(pid);
        if (!target.attachable()) {
            throw new AttachRefusedException("pid " + pid + ": " + target.refusal());
        }
        String options = ",listen=" + listen + AttachSession.jfrOption(jfr);
        return AgentLoad.load(target, agentJar, deadline, options, (link, inContainer, end) -> {
            try {
                return answer(pid, link.in());
            } finally {
                link.close();
                if (inContainer != null) {
                    inContainer.close();   // the target holds the jar open: its boot path has it
                }
            }
        });
    }

    /**
     * Reads the agent's answer (the token line was read by the port already).
     *
     * @throws AttachRefusedException the agent refused (one line), or said nothing LoomScope reads
     */
    static ListeningAgent answer(long pid, InputStream in) throws IOException {
        byte[] bytes = in.readNBytes(MAX_ANSWER);
        String text = new String(bytes, StandardCharsets.UTF_8);
        String line = text.lines().findFirst().orElse("");
        if (line.startsWith("F ")) {
            throw new AttachRefusedException("pid " + pid + ": the agent refused: "
                    + ForeignText.clean(line.substring(2), ForeignText.TEXT_CHARS));
        }
        if (line.startsWith(AgentStreamReader.HELLO)) {
            // an agent already in the JVM from an older jar: it started a session where it was asked to listen
            throw new AttachRefusedException("pid " + pid + ": the agent in this JVM does not listen (an older one, "
                    + "loaded first: a JVM keeps the first agent jar it loaded); restart it to use this one");
        }
        String[] f = line.split(" ");
        if (f.length != 4 || !f[0].equals("L") || !f[2].matches("[0-9a-f]{64}")) {
            throw new AttachRefusedException("pid " + pid + ": the agent's answer is not one LoomScope reads: \""
                    + ForeignText.clean(line, ForeignText.QUOTED_CHARS) + "\" (its stderr may say more)");
        }
        HostPort.parse(f[1], false);
        return new ListeningAgent(pid, f[1], f[2], PinnedTls.token(f[3]));
    }
}
