package loomscope.attach;

import java.io.IOException;

/**
 * Where LoomScope waits for the agent it loads: the agent's options that lead it there, and the one connection that
 * sends the token first.
 */
interface AgentPort extends AutoCloseable {
    /** The agent's options naming this port and its token ({@code port=N,token=HEX} or {@code socket=PATH,token=HEX}). */
    String agentOptions();

    /** The connection that sent the token, or null if none came within {@code millis}. */
    AgentLink accept(long millis) throws IOException;

    @Override
    void close();
}
