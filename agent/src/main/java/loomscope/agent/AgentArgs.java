package loomscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashSet;
import java.util.Set;

import loomscope.secretfile.OwnerOnly;

/**
 * The agent's options, {@code key=value} pairs separated by commas, each at most once: {@code port=N,token=HEX} (stream
 * to LoomScope's loopback port), {@code socket=PATH,token=HEX} (stream to LoomScope's Unix-domain socket at PATH, as
 * this JVM sees it: a JVM in a container, whose loopback is not LoomScope's) or {@code save=FILE} (record from the JVM's
 * start to its exit into FILE), and
 * {@code jfr=off} for a session that starts no JFR in the target (JFR's threads stay once it has started), {@code stacks=off}
 * for one that samples no stacks of held mounts ({@link HeldStackTap}). The token is the first
 * line the target sends LoomScope over loopback; it travels in the attach request (the same user's socket), never in
 * a command line that other users can read.
 * <p>
 * {@code listen=HOST:PORT} makes the agent wait for LoomScope instead, over TLS ({@link AgentListener}): alone (with
 * {@code tokenfile=PATH}, a file holding the token a client must send, else the agent makes one and prints it once), as
 * {@code -javaagent} gives it; or with {@code port=}/{@code socket=} and {@code token=}, as {@code attach PID --listen}
 * gives it, and the agent then answers that LoomScope with where it listens, not with a recording.
 *
 * @param port       LoomScope's loopback port, or -1
 * @param socket     LoomScope's Unix-domain socket, or null
 * @param save       the file to save into, or null when streaming to LoomScope
 * @param listenHost the address to listen on, or null when the agent does not listen
 * @param listenPort the port to listen on (0: any free one), or -1
 * @param tokenFile  the file holding the token a listening agent requires, or null (it makes one)
 */
record AgentArgs(int port, String socket, String token, String save, boolean jfr, boolean stacks,
                 String listenHost, int listenPort, String tokenFile) {

    boolean saves() { return save != null; }

    boolean listens() { return listenHost != null; }

    /** Whether LoomScope waits on the other end of a connection the agent opens ({@code port=} or {@code socket=}). */
    boolean connects() { return port >= 0 || socket != null; }

    static AgentArgs parse(String args) {
        int port = -1;
        String socket = null;
        String token = null;
        String save = null;
        boolean jfr = true;
        boolean stacks = true;
        String listenHost = null;
        int listenPort = -1;
        String tokenFile = null;
        Set<String> seen = new HashSet<>();
        for (String pair : (args == null ? "" : args).split(",", -1)) {
            if (pair.isBlank() && (args == null || args.isBlank())) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("'" + AgentWire.oneLine(cut(pair)) + "' is not key=value (options are "
                        + "separated by commas, so a save= path cannot hold one)");
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            if (!seen.add(key)) {
                throw new IllegalArgumentException(AgentWire.oneLine(cut(key)) + "= is given twice");
            }
            switch (key) {
                case "port" -> port = parsePort(value);
                case "token" -> {
                    if (!value.matches("[0-9a-f]{16,128}")) {
                        throw new IllegalArgumentException("token= is not LoomScope's (16 to 128 hex digits)");
                    }
                    token = value;
                }
                case "save" -> save = value;
                case "socket" -> {
                    if (!value.startsWith("/")) {
                        throw new IllegalArgumentException("socket= is an absolute path, not "
                                + AgentWire.oneLine(cut(value)));
                    }
                    socket = value;
                }
                case "jfr" -> {
                    if (!value.equals("on") && !value.equals("off")) {
                        throw new IllegalArgumentException("jfr= is on or off, not " + AgentWire.oneLine(cut(value)));
                    }
                    jfr = value.equals("on");
                }
                case "stacks" -> {
                    if (!value.equals("on") && !value.equals("off")) {
                        throw new IllegalArgumentException("stacks= is on or off, not " + AgentWire.oneLine(cut(value)));
                    }
                    stacks = value.equals("on");
                }
                case "listen" -> {
                    int colon = value.lastIndexOf(':');
                    if (colon <= 0) {
                        throw new IllegalArgumentException("listen= is HOST:PORT (0.0.0.0:7071, 127.0.0.1:0 for any "
                                + "free port), not " + AgentWire.oneLine(cut(value)));
                    }
                    String host = value.substring(0, colon);
                    if (host.startsWith("[") && host.endsWith("]")) {
                        host = host.substring(1, host.length() - 1);   // [::1]:7071
                    }
                    if (host.isEmpty() || !host.matches("[0-9A-Za-z.:%_-]+")) {
                        throw new IllegalArgumentException("listen= names no host: " + AgentWire.oneLine(cut(value)));
                    }
                    listenHost = host;
                    listenPort = value.substring(colon + 1).equals("0") ? 0 : parsePort(value.substring(colon + 1));
                }
                case "tokenfile" -> {
                    if (value.isEmpty()) {
                        throw new IllegalArgumentException("tokenfile= needs a file name (a path without commas)");
                    }
                    tokenFile = value;
                }
                default -> throw new IllegalArgumentException("unknown option " + AgentWire.oneLine(cut(key)));
            }
        }
        if (tokenFile != null && listenHost == null) {
            throw new IllegalArgumentException("tokenfile= goes with listen=HOST:PORT (the token a LoomScope connecting "
                    + "to this JVM must send)");
        }
        if (save != null) {
            if (listenHost != null) {
                throw new IllegalArgumentException("save=FILE does not go with listen= (a file is recorded from the "
                        + "JVM's start, a listening agent records when LoomScope connects): give one or the other");
            }
            if (port >= 0 || socket != null || token != null) {
                throw new IllegalArgumentException("save=FILE does not go with port=, socket= or token= (those are "
                        + "LoomScope's attach): give one or the other");
            }
            if (save.isEmpty()) {
                throw new IllegalArgumentException("save= needs a file name (a path without commas)");
            }
            return new AgentArgs(-1, null, null, save, jfr, stacks, null, -1, null);
        }
        if (port >= 0 && socket != null) {
            throw new IllegalArgumentException("port= and socket= are two ways to the same LoomScope: give one");
        }
        if (listenHost != null && port < 0 && socket == null) {
            if (token != null) {
                throw new IllegalArgumentException("token= goes with port= or socket= (LoomScope's attach): a listening "
                        + "agent takes its token from tokenfile=, or makes one and prints it");
            }
            return new AgentArgs(-1, null, null, null, jfr, stacks, listenHost, listenPort, tokenFile);
        }
        if (listenHost != null && tokenFile != null) {
            throw new IllegalArgumentException("tokenfile= goes with -javaagent's listen= alone: attach --listen makes "
                    + "the token and prints it");
        }
        if ((port < 0 && socket == null) || token == null) {
            throw new IllegalArgumentException("needs save=FILE.loomrun, listen=HOST:PORT, or port=N,token=HEX or "
                    + "socket=PATH,token=HEX (LoomScope's attach gives them)");
        }
        return new AgentArgs(port, socket, token, null, jfr, stacks, listenHost, listenPort, null);
    }

    /** The longest token file read: a token is one short line. */
    static final int MAX_TOKEN_FILE_BYTES = 1_024;

    /**
     * The token in {@code tokenFile}: its one line, 16 to 128 visible ASCII characters (spaces around it dropped). The
     * file is looked at before it is opened ({@code stat} never blocks; opening a named pipe waits in the kernel for a
     * writer, which held the application before its {@code main} for as long as nobody wrote): it must be a regular
     * file (links followed, as a Kubernetes secret's are), of at most {@link #MAX_TOKEN_FILE_BYTES}, and, as ssh asks
     * of a private key, open to its owner alone.
     *
     * @throws IllegalArgumentException in one line: not a regular file, too long, open to others, unreadable, or not
     *                                  such a token
     */
    static String readTokenFile(String tokenFile) {
        Path path;
        BasicFileAttributes attributes;
        try {
            path = Path.of(tokenFile);
            attributes = Files.readAttributes(path, BasicFileAttributes.class);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("tokenfile= cannot be read: " + AgentWire.oneLine(String.valueOf(e)));
        }
        if (!attributes.isRegularFile()) {
            throw new IllegalArgumentException("tokenfile= is not a regular file (" + kind(attributes) + "): "
                    + AgentWire.oneLine(cut(tokenFile)) + "; refused without opening it");
        }
        if (attributes.size() > MAX_TOKEN_FILE_BYTES) {
            throw new IllegalArgumentException("tokenfile= holds more than a token (" + MAX_TOKEN_FILE_BYTES
                    + " bytes at most)");
        }
        String open = OwnerOnly.openToOthers(path);
        if (open != null) {
            throw new IllegalArgumentException("tokenfile= " + AgentWire.oneLine(cut(tokenFile)) + " is " + open
                    + ": a secret must be its owner's alone (chmod 600 it; a Kubernetes secret: defaultMode 0400); "
                    + "refused, as ssh refuses such a key");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(path)) {
            bytes = in.readNBytes(MAX_TOKEN_FILE_BYTES + 1);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("tokenfile= cannot be read: " + AgentWire.oneLine(String.valueOf(e)));
        }
        if (bytes.length > MAX_TOKEN_FILE_BYTES) {
            throw new IllegalArgumentException("tokenfile= holds more than a token (" + MAX_TOKEN_FILE_BYTES
                    + " bytes at most)");
        }
        String token = new String(bytes, StandardCharsets.US_ASCII).strip();
        if (!token.matches("[\\x21-\\x7e]{16,128}")) {
            throw new IllegalArgumentException("tokenfile= must hold one token of 16 to 128 visible ASCII characters, "
                    + "without spaces (openssl rand -hex 16 makes one)");
        }
        return token;
    }

    /** What a file that is not a regular one is, for the line that refuses it. */
    private static String kind(BasicFileAttributes attributes) {
        return attributes.isDirectory() ? "a folder" : "a named pipe, a device or a socket";
    }

    /** An option as quoted back: the application's stderr is no place for a megabyte of it. */
    private static String cut(String text) {
        return text.length() <= 80 ? text : text.substring(0, 79) + "\u2026";
    }

    private static int parsePort(String value) {
        try {
            int p = Integer.parseInt(value);
            if (p > 0 && p < 65_536) {
                return p;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("port is not a port: " + AgentWire.oneLine(cut(value)));
    }
}
