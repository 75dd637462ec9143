package loomscope.agent;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import loomscope.clock.BlockedTime;
/**
 * What the agent sends LoomScope over the loopback connection the target opens to it, after the token line: UTF-8
 * text, one line each, fields separated by one space, times in nanoseconds since the session's origin (taken just
 * before the hello). The child JVMs' stream (core's {@code loomscope.runs.Wire}) in its style, with what only an
 * attached JVM has: its virtual threads' own ids and names, whole episodes, drops, and JFR events by thread id.
 * Core's {@code loomscope.attach.AgentStreamReader} reads it; the two must change together (its tests attach this jar).
 * <pre>
 * LOOMSCOPE-AGENT 1 &lt;java version&gt;     hello
 * O nanoTime                            the origin on the target's System.nanoTime clock (for marks made in the target)
 * I pid mainClass                       the target: its pid and main class (or jar), as its launcher names them
 * C carrier t name                      carrier seen (its first hooked mount, or already known at the session's start)
 * V vt threadId name                    virtual thread seen for the first time in this session, or again after the
 *                                       agent's bounded table of ids forgot it (a new vt, the same threadId)
 * M carrier vt start end blocked pinnedPark(0|1)   one mount episode; blocked as core's BlockedTime value
 * D carrier dropped doubled             so far on that carrier: episodes dropped (its ring was full), and mounts
 *                                       of a thread already mounted there (a hook running twice: must stay 0)
 * J threadId start duration carrierName JFR jdk.VirtualThreadPinned (carrier name empty before JDK 24): agents
 *                                       before the P line; LoomScope still reads it in their saved files
 * P threadId start duration carrier reason operation frames   JFR jdk.VirtualThreadPinned with the JDK's pinnedReason
 *                                       and blockingOperation (24+) and its top frames, comma-separated; each field
 *                                       URL-encoded (UTF-8), "-" where absent, "%00" where empty
 * W kind start duration detail frames  a JFR witness of why a carrier was held: kind FileRead, FileWrite, SocketRead,
 *                                       SocketWrite, JavaMonitorEnter, JavaMonitorWait (21-23) or SafepointBegin;
 *                                       detail the path, host:port or monitor class; fields as in P lines; or kind
 *                                       HeldStack: a stack the agent sampled while a carrier was held (start: off its CPU
 *                                       since at least, start + duration: sampled), detail "STATE carrierName", or
 *                                       "STATE/blocked carrierName" where the kernel confirmed the carrier blocked (not
 *                                       on a CPU or waiting for one); a line without it: the kernel did not say
 * N jfr why                             JFR's pinned events are not tapped in this session, and why
 * N stacks why                          no stacks of held mounts are sampled in this session, and why
 * K notKept                             episodes counted but not written: a saved file's bound (10,000,000) was reached
 * H t                                   heartbeat, at least every half second
 * F message                             refused or failed (one line); nothing was changed in the target
 * Z detached|exited                     end: everything recorded was sent; the hooks are out, or the JVM exits
 * L address fingerprint token           attach --listen: the agent listens on address (HOST:PORT) over TLS, its
 *                                       certificate's SHA-256 (64 hex digits), the token a client must send; the
 *                                       only line after the token line, in place of a session
 * </pre>
 * A listening agent ({@code listen=}, {@link AgentListener}) speaks the same lines over TLS 1.3 to the LoomScope that
 * connected to it and sent the token as its first line; no token line goes back. Its first line is the hello, or one
 * {@code F} line alone (a wrong token, another LoomScope connected), after which it closes the connection. A
 * connection that does not begin a TLS handshake gets one {@code F} line in plaintext and is closed.
 * LoomScope to target: {@code stop}; the end of the connection means the same. With {@code save=FILE} the same lines,
 * without the token line, are FILE's content, gzip-compressed (see {@link SaveFile}).
 */
final class AgentWire {
    static final String HELLO = "LOOMSCOPE-AGENT";
    static final int VERSION = 1;
    static final String STOP = "stop";

    private AgentWire() { }

    /** The longest thread name sent, in chars: a name is the application's to choose, and may be megabytes long. */
    static final int MAX_NAME = 256;
    /**
     * Any other text, cut at this many characters: a line past LoomScope's 64 kB bound would end the session.
     */
    static final int MAX_TEXT_CHARS = 1_000;

    /** A field of a {@code P} line for absent text. */
    static final String NONE = "-";

    /** Text as one field of a line: URL-encoded (no space, comma or newline in it), cut as {@link #oneLine} cuts. */
    static String encoded(String text) {
        if (text == null) {
            return NONE;
        }
        if (text.isEmpty()) {
            return "%00";
        }
        return text.equals(NONE) ? "%2D" : URLEncoder.encode(oneLine(text), StandardCharsets.UTF_8);
    }

    static String oneLine(String text) {
        if (text == null) {
            return "";
        }
        int end = text.length() <= MAX_TEXT_CHARS ? text.length()
                : Character.isHighSurrogate(text.charAt(MAX_TEXT_CHARS - 1)) ? MAX_TEXT_CHARS - 1 : MAX_TEXT_CHARS;
        return text.substring(0, end).replace('\r', ' ').replace('\n', ' ');
    }

    /** A thread's name on one line, cut to {@link #MAX_NAME} chars (an ellipsis marks the cut). */
    static String name(String name) {
        String line = oneLine(name);
        if (line.length() <= MAX_NAME) {
            return line;
        }
        int end = Character.isHighSurrogate(line.charAt(MAX_NAME - 2)) ? MAX_NAME - 2 : MAX_NAME - 1;
        return line.substring(0, end) + "\u2026";
    }
}
