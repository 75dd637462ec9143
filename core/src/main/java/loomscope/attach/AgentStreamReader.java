package loomscope.attach;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Reads the agent's lines (the agent module's {@code AgentWire} documents them) into {@link AttachedEpisodes} until
 * the end line, the connection's end, or a line that makes no sense. Never throws: how it ended is its result.
 */
public final class AgentStreamReader {
    static final String HELLO = "LOOMSCOPE-AGENT";
    static final String VERSION = "1";
    static final String STOP = "stop";

    /** How the stream ended. */
    public sealed interface Ending {
        /** The agent sent its end line: everything was sent; the hooks are out, or the target is exiting. */
        record Complete(boolean targetExited) implements Ending { }
        /** The agent refused or failed, with its reason. */
        record Refused(String why) implements Ending { }
        /** The connection ended without the end line (the target died or was killed). */
        record Cut() implements Ending { }
        /** A line that is not the agent's protocol. */
        record Garbled(String line, String why) implements Ending { }
    }

    private final AttachedEpisodes into;
    private volatile boolean helloSeen;

    AgentStreamReader(AttachedEpisodes into) {
        this.into = into;
    }

    boolean helloSeen() { return helloSeen; }

    Ending read(InputStream in) {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        try {
            String line;
            while ((line = lines.readLine()) != null) {
                if (line.isEmpty()) {
                    continue;
                }
                Ending ending;
                try {
                    ending = line(line);
                } catch (RuntimeException e) {
                    return new Ending.Garbled(line.length() > 200 ? line.substring(0, 200) : line, String.valueOf(e.getMessage()));
                }
                if (ending != null) {
                    return ending;
                }
            }
            return new Ending.Cut();
        } catch (IOException e) {
            return new Ending.Cut();
        }
    }

    private Ending line(String line) {
        if (!helloSeen) {
            String[] parts = line.split(" ", 3);
            if (parts.length < 3 || !parts[0].equals(HELLO)) {
                throw new IllegalArgumentException("not the agent's hello");
            }
            if (!parts[1].equals(VERSION)) {
                return new Ending.Refused("the target runs another LoomScope agent (protocol " + parts[1]
                        + "): a JVM keeps the first agent jar it loaded; restart it to use this one");
            }
            into.hello(parts[2]);
            helloSeen = true;
            return null;
        }
        char kind = line.charAt(0);
        String[] f = line.split(" ", kind == 'C' || kind == 'V' ? 4 : kind == 'J' ? 5 : kind == 'I' ? 3 : -1);
        switch (kind) {
            case 'C' -> into.carrier(Integer.parseInt(f[1]), Long.parseLong(f[2]), f.length > 3 ? f[3] : "");
            case 'V' -> into.virtualThread(Integer.parseInt(f[1]), Long.parseLong(f[2]), f.length > 3 ? f[3] : "");
            case 'M' -> {
                expect(f, 7);
                into.episode(Integer.parseInt(f[1]), Integer.parseInt(f[2]), Long.parseLong(f[3]), Long.parseLong(f[4]),
                        Long.parseLong(f[5]), f[6].equals("1"));
            }
            case 'I' -> into.identity(Long.parseLong(f[1]), f.length > 2 ? f[2] : "");
            case 'O' -> {
                expect(f, 2);
                into.origin(Long.parseLong(f[1]));
            }
            case 'D' -> {
                expect(f, 4);
                into.dropped(Integer.parseInt(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]));
            }
            case 'J' -> into.jfrPin(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), f.length > 4 ? f[4] : "");
            case 'H' -> {
                expect(f, 2);
                into.heartbeat(Long.parseLong(f[1]));
            }
            case 'F' -> {
                return new Ending.Refused(line.length() > 2 ? line.substring(2) : "(no reason given)");
            }
            case 'Z' -> {
                return new Ending.Complete(line.equals("Z exited"));
            }
            default -> throw new IllegalArgumentException("unknown line kind '" + kind + "'");
        }
        return null;
    }

    private static void expect(String[] fields, int n) {
        if (fields.length != n) {
            throw new IllegalArgumentException(n + " fields expected, " + fields.length + " came");
        }
    }
}
