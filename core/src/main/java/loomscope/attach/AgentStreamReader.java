package loomscope.attach;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.io.ByteLines;
import loomscope.io.ForeignText;
import loomscope.io.LineFields;

/**
 * Reads the agent's lines (the agent module's {@code AgentWire} documents them) into {@link AttachedEpisodes} until
 * the end line, the connection's end, a line that makes no sense, or a bound: a line of more than
 * {@value #MAX_LINE_BYTES} bytes, or more than the session may hold ({@link AttachedEpisodes}). Whoever holds the
 * token (or wrote the file) may send anything: what it says is kept as {@link ForeignText} cleans it. Never throws: how
 * it ended is its result, and what came before that is kept.
 */
public final class AgentStreamReader {
    static final String HELLO = "LOOMSCOPE-AGENT";
    static final String VERSION = "1";
    static final String STOP = "stop";
    /** The agent's lines are short (it cuts names at 1,000 characters); a name is the longest part. */
    static final int MAX_LINE_BYTES = 1 << 16;

    /** How the stream ended; {@link #sentence()} says it to a person. */
    public sealed interface Ending {
        /** One line for a terminal or the window, ending with a full stop. */
        String sentence();

        /** The agent sent its end line: everything was sent; the hooks are out, or the target is exiting. */
        record Complete(boolean targetExited) implements Ending {
            @Override public String sentence() {
                return targetExited ? "The target exited; everything the agent recorded was sent."
                        : "The agent detached: VirtualThread restored, the target runs on.";
            }
        }

        /** The agent refused or failed, with its reason. */
        record Refused(String why) implements Ending {
            @Override public String sentence() {
                return "The agent refused: " + why + (why.endsWith(".") ? "" : ".");
            }
        }

        /** The connection ended without the end line (the target died or was killed). */
        record Cut() implements Ending {
            @Override public String sentence() {
                return "The stream ended without the agent's end line: what arrived is kept.";
            }
        }

        /** A line that is not the agent's protocol: {@code line} its beginning. */
        record Garbled(String line, String why) implements Ending {
            @Override public String sentence() {
                return "The agent's stream had a line LoomScope cannot read (" + why + ": \"" + line
                        + "\"): what came before it is kept.";
            }
        }

        /** The stream passed a bound of LoomScope's (a line's length, what a session holds): the rest is not read. */
        record Bounded(String why) implements Ending {
            @Override public String sentence() {
                return "The agent's stream passed a bound of LoomScope's (" + why + "): what came before it is kept, "
                        + "the rest is not read.";
            }
        }
    }

    private final AttachedEpisodes into;
    private volatile boolean helloSeen;
    /** The bytes of the lines handled so far, newlines included: a file must end where its end line does. */
    private long bytesTaken;

    AgentStreamReader(AttachedEpisodes into) {
        this.into = into;
    }

    boolean helloSeen() { return helloSeen; }

    /** The bytes of every line read so far, with their newlines (for the reading thread, after {@link #read}). */
    long bytesTaken() { return bytesTaken; }

    /**
     * Reads until an ending. Episode lines, nearly all of a busy target's, are parsed straight from the bytes: a
     * String and a split per line cost LoomScope's JVM more CPU than the target's own drain thread spends writing
     * them, and on a small machine that CPU is the target's carriers' too.
     */
    Ending read(InputStream in) {
        try {
            return ByteLines.read(in, MAX_LINE_BYTES, this::line, (bytes, unfinished) -> new Ending.Cut(),
                    (bytes, from, to) -> new Ending.Bounded(String.format(Locale.ROOT,
                            "a line longer than any the agent writes (%,d bytes)", MAX_LINE_BYTES)));
        } catch (IOException e) {
            return new Ending.Cut();
        }
    }

    /** One line [from, to): an episode straight from its bytes, anything else as text; an ending, or null to go on. */
    private Ending line(byte[] buf, int from, int to) {
        bytesTaken += to - from + 1;
        try {
            return helloSeen && buf[from] == 'M' && to > from + 1
                    ? episode(buf, from + 1, to) : line(new String(buf, from, to - from, StandardCharsets.UTF_8));
        } catch (SessionBounds.Bound e) {
            return new Ending.Bounded(e.getMessage());
        } catch (RuntimeException e) {
            String text = new String(buf, from, Math.min(to - from, 4 * ForeignText.QUOTED_CHARS), StandardCharsets.UTF_8);
            return new Ending.Garbled(ForeignText.clean(text, ForeignText.QUOTED_CHARS),
                    ForeignText.clean(String.valueOf(e.getMessage()), 2 * ForeignText.QUOTED_CHARS));
        }
    }

    /** "M carrier vt start end blocked pinnedPark", from the byte after the M. */
    private Ending episode(byte[] b, int from, int to) {
        LineFields f = new LineFields(b, from, to);
        int carrier = (int) f.nextLong();
        int vt = (int) f.nextLong();
        long start = f.nextLong();
        long end = f.nextLong();
        long blocked = f.nextLong();
        long park = f.nextLong();
        f.expectEnd();
        into.episode(carrier, vt, start, end, blocked, park == 1);
        return null;
    }

    private Ending line(String line) {
        if (line.isEmpty()) {
            return null;
        }
        if (!helloSeen) {
            if (line.startsWith("F ")) {
                // an agent that refuses says so in place of its hello: a hello means "recording"
                return new Ending.Refused(ForeignText.clean(line.substring(2), ForeignText.TEXT_CHARS));
            }
            String[] parts = line.split(" ", 3);
            if (parts.length < 3 || !parts[0].equals(HELLO)) {
                throw new IllegalArgumentException("not the agent's hello");
            }
            if (!parts[1].equals(VERSION)) {
                return new Ending.Refused("the target runs another LoomScope agent (protocol "
                        + ForeignText.clean(parts[1], ForeignText.QUOTED_CHARS)
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
            case 'P' -> {
                expect(f, 8);
                List<String> frames = new ArrayList<>();
                if (!f[7].equals(NONE)) {
                    for (String frame : f[7].split(",")) {
                        frames.add(decoded(frame));
                    }
                }
                String carrier = decoded(f[4]);
                into.jfrPin(Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]), carrier == null ? "" : carrier,
                        decoded(f[5]), decoded(f[6]), frames);
            }
            case 'W' -> {
                expect(f, 6);
                List<String> frames = new ArrayList<>();
                if (!f[5].equals(NONE)) {
                    for (String frame : f[5].split(",")) {
                        frames.add(decoded(frame));
                    }
                }
                into.witness(f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), decoded(f[4]), frames);
            }
            case 'N' -> {
                String[] note = line.split(" ", 3);
                if (note.length == 3 && note[1].equals("jfr")) {
                    into.jfrNotTapped(note[2]);
                } else if (note.length == 3 && note[1].equals("release")) {
                    into.untestedRelease(note[2]);
                }   // another topic ("stacks": none sampled) or a newer agent's: the classes need nothing from it
            }
            case 'K' -> {
                expect(f, 2);
                into.notKeptByAgent(Long.parseLong(f[1]));
            }
            case 'H' -> {
                expect(f, 2);
                into.heartbeat(Long.parseLong(f[1]));
            }
            case 'F' -> {
                return new Ending.Refused(line.length() > 2 ? ForeignText.clean(line.substring(2), ForeignText.TEXT_CHARS)
                        : "(no reason given)");
            }
            case 'Z' -> {
                return new Ending.Complete(line.equals("Z exited"));
            }
            default -> throw new IllegalArgumentException("unknown line kind '" + kind + "'");
        }
        return null;
    }

    /** A {@code P} line's field for absent text. */
    private static final String NONE = "-";

    /** A URL-encoded field: null where absent ({@value #NONE}), "" where empty ({@code %00}). */
    private static String decoded(String field) {
        if (field.equals(NONE)) {
            return null;
        }
        if (field.equals("%00")) {
            return "";
        }
        // most fields (a frame's class and method) have nothing encoded: the decoder's copy is for those that do
        return field.indexOf('%') < 0 && field.indexOf('+') < 0 ? field : URLDecoder.decode(field, StandardCharsets.UTF_8);
    }

    private static void expect(String[] fields, int n) {
        if (fields.length != n) {
            throw new IllegalArgumentException(n + " fields expected, " + fields.length + " came");
        }
    }
}
