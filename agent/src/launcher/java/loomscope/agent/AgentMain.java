package loomscope.agent;

import java.lang.instrument.Instrumentation;

/**
 * The agent's entry for {@code -javaagent} and for a dynamic attach, compiled for Java 8 so that any JVM able to start
 * an agent can load it: a class the JVM cannot load makes {@code -javaagent} abort the application before its
 * {@code main} (seen on Java 17: {@code UnsupportedClassVersionError}, then "FATAL ERROR in native method", exit 134).
 * It only asks which Java this is; on one older than 21, which has no virtual threads to record, it says so in one
 * line and the application runs as if no agent were there. On 21 or later it hands over to {@link AgentLaunch},
 * which the rest of the agent is built for.
 */
public final class AgentMain {
    /** The first Java with virtual threads: the agent's other classes are compiled for it. */
    private static final int FIRST_JAVA = 21;

    private AgentMain() { }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst, true);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst, false);
    }

    private static void start(String args, Instrumentation inst, boolean atStartup) {
        String version = System.getProperty("java.specification.version", "");
        int feature = featureOf(version);
        if (feature < FIRST_JAVA) {
            System.err.println("loomscope-agent: not started: Java " + version + " has no virtual threads (Java "
                    + FIRST_JAVA + " or later); the application runs without the agent");
            return;
        }
        try {
            Class.forName("loomscope.agent.AgentLaunch")
                    .getMethod("start", String.class, Instrumentation.class, boolean.class)
                    .invoke(null, args, inst, atStartup);
        } catch (Throwable e) {
            // never into the application: AgentLaunch catches its own, so this is a jar that is not whole
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println("loomscope-agent: not started: " + cause);
        }
    }

    /** "1.8" is 8, "17" is 17; anything unreadable is 0 (refused, as a Java the agent cannot know). */
    static int featureOf(String specificationVersion) {
        String v = specificationVersion.startsWith("1.") ? specificationVersion.substring(2) : specificationVersion;
        int dot = v.indexOf('.');
        try {
            return Integer.parseInt(dot < 0 ? v : v.substring(0, dot));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
