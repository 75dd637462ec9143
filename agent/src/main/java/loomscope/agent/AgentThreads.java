package loomscope.agent;

/**
 * The agent's own threads: daemons (an application must exit as if no agent were there), and each with a handler of
 * its own for what escapes it, so that nothing of ours reaches the application's default uncaught-exception handler.
 * Seen before: the agent's {@code OutOfMemoryError} in a tight heap went to the application's handler.
 */
final class AgentThreads {
    private AgentThreads() { }

    static Thread start(String name, Runnable work) {
        Thread t = new Thread(work, name);
        t.setDaemon(true);
        t.setUncaughtExceptionHandler((thread, e) -> {
            try {
                System.err.println("loomscope-agent: " + thread.getName() + " stopped: " + AgentWire.oneLine(String.valueOf(e)));
            } catch (Throwable ignored) {
                // nothing more can be said without more memory
            }
        });
        t.start();
        return t;
    }
}
