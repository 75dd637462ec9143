package loomscope.agent;

import java.util.HashSet;
import java.util.Set;
/**
 * The agent's options, {@code key=value} pairs separated by commas, each at most once: {@code port=N,token=HEX} (stream
 * to LoomScope's loopback port), {@code socket=PATH,token=HEX} (stream to LoomScope's Unix-domain socket at PATH, as
 * this JVM sees it: a JVM in a container, whose loopback is not LoomScope's) or {@code save=FILE} (record from the JVM's
 * start to its exit into FILE), and
 * {@code jfr=off} for a session that starts no JFR in the target (JFR's threads stay once it has started), {@code stacks=off}
 * for one that samples no stacks of held mounts ({@link HeldStackTap}). The token is the first
 * line the target sends LoomScope over loopback; it travels in the attach request (the same user's socket), never in
 * a command line that other users can read.
 *
 * @param port   LoomScope's loopback port, or -1
 * @param socket LoomScope's Unix-domain socket, or null
 * @param save   the file to save into, or null when streaming to LoomScope
 */
record AgentArgs(int port, String socket, String token, String save, boolean jfr, boolean stacks) {

    boolean saves() { return save != null; }

    static AgentArgs parse(String args) {
        int port = -1;
        String socket = null;
        String token = null;
        String save = null;
        boolean jfr = true;
        boolean stacks = true;
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
                default -> throw new IllegalArgumentException("unknown option " + AgentWire.oneLine(cut(key)));
            }
        }
        if (save != null) {
            if (port >= 0 || socket != null || token != null) {
                throw new IllegalArgumentException("save=FILE does not go with port=, socket= or token= (those are "
                        + "LoomScope's attach): give one or the other");
            }
            if (save.isEmpty()) {
                throw new IllegalArgumentException("save= needs a file name (a path without commas)");
            }
            return new AgentArgs(-1, null, null, save, jfr, stacks);
        }
        if (port >= 0 && socket != null) {
            throw new IllegalArgumentException("port= and socket= are two ways to the same LoomScope: give one");
        }
        if ((port < 0 && socket == null) || token == null) {
            throw new IllegalArgumentException("needs save=FILE.loomrun, or port=N,token=HEX or socket=PATH,token=HEX "
                    + "(LoomScope's attach gives them)");
        }
        return new AgentArgs(port, socket, token, null, jfr, stacks);
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
