package loomscope.agent;

/**
 * The agent's options, {@code key=value} pairs separated by commas: {@code port=N,token=HEX} (stream to LoomScope's
 * loopback port) or {@code save=FILE} (record from the JVM's start to its exit into FILE). The token is the first
 * line the target sends LoomScope over loopback; it travels in the attach request (the same user's socket), never in
 * a command line that other users can read.
 *
 * @param save the file to save into, or null when streaming to a port
 */
record AgentArgs(int port, String token, String save) {

    boolean saves() { return save != null; }

    static AgentArgs parse(String args) {
        int port = -1;
        String token = null;
        String save = null;
        for (String pair : (args == null ? "" : args).split(",")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            switch (key) {
                case "port" -> port = parsePort(value);
                case "token" -> token = value.matches("[0-9a-f]{16,128}") ? value : null;
                case "save" -> save = value;
                default -> throw new IllegalArgumentException("unknown option " + key);
            }
        }
        if (save != null) {
            if (port >= 0 || token != null) {
                throw new IllegalArgumentException("save=FILE does not go with port= or token= (those are LoomScope's "
                        + "attach): give one or the other");
            }
            if (save.isEmpty()) {
                throw new IllegalArgumentException("save= needs a file name (a path without commas)");
            }
            return new AgentArgs(-1, null, save);
        }
        if (port < 0 || token == null) {
            throw new IllegalArgumentException("needs save=FILE.loomrun, or port=N,token=HEX (LoomScope's attach gives both)");
        }
        return new AgentArgs(port, token, null);
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
        throw new IllegalArgumentException("port is not a port: " + value);
    }
}
