package loomscope.attach;

import loomscope.io.ForeignText;

/**
 * A listening agent's address as a user types it: {@code HOST:PORT}, {@code [v6]:PORT}. The agent parses its own
 * {@code listen=} (it depends on nothing of ours); this is LoomScope's side, for {@code --connect} and {@code --listen}.
 */
public record HostPort(String host, int port) {

    /**
     * @param allowAnyPort whether port 0 (the agent takes any free one, and says which) is allowed
     * @throws IllegalArgumentException in one line
     */
    public static HostPort parse(String text, boolean allowAnyPort) {
        String value = text == null ? "" : text.strip();
        int colon = value.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("is HOST:PORT (127.0.0.1:7071), not " + ForeignText.clean(value, 80));
        }
        String host = value.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (host.isEmpty() || !host.matches("[0-9A-Za-z.:%_-]+")) {
            throw new IllegalArgumentException("names no host: " + ForeignText.clean(value, 80));
        }
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < (allowAnyPort ? 0 : 1) || port > 65_535) {
            throw new IllegalArgumentException("has no port (" + (allowAnyPort ? 0 : 1) + " to 65535): "
                    + ForeignText.clean(value, 80));
        }
        return new HostPort(host, port);
    }

    @Override
    public String toString() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
