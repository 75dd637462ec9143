package loomscope.agent;

import java.io.File;
import java.lang.instrument.Instrumentation;
import java.util.jar.JarFile;

/**
 * The agent's start on Java 21 or later, called by {@link AgentMain} (the entry any Java can load). Loaded by the
 * system class loader; it only appends this jar to the bootstrap search path and hands over to {@link Agent}, loaded
 * there, because the hooks placed in {@code java.lang.VirtualThread} (a boot class) can call only classes the boot
 * loader sees. Every later
 * attach finds the same boot classes and so the same state: the {@link Instrumentation} that added the transformer
 * stays reachable for the detach that must remove it through that same instance.
 */
public final class AgentLaunch {
    private static final String AGENT_CLASS = "loomscope.agent.Agent";

    private AgentLaunch() { }

    /** From {@link AgentMain}, on Java 21 or later; never throws into the target. */
    public static void start(String args, Instrumentation inst, boolean atStartup) {
        String refusal = earlyRefusal(args);
        if (refusal != null) {
            // before the jar joins the bootstrap path (which alone changes the JVM: CDS for later classes goes off)
            System.err.println("loomscope-agent: not started: " + refusal);
            return;
        }
        try {
            if (!onBootPath()) {
                File jar = new File(AgentLaunch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                inst.appendToBootstrapClassLoaderSearch(new JarFile(jar));
            }
            Class<?> agent = Class.forName(AGENT_CLASS, true, null);
            agent.getMethod("start", String.class, Instrumentation.class, boolean.class)
                    .invoke(null, args, inst, atStartup);
        } catch (ReflectiveOperationException | java.io.IOException | java.net.URISyntaxException | RuntimeException e) {
            // never throw into the application: one line on its stderr, and it goes on unchanged
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println("loomscope-agent: not started: " + cause);
        }
    }

    /**
     * Bad options, or a {@code save=FILE} that cannot be written, seen by this loader's copies of the two classes
     * (they keep no state); {@link Agent} checks again where it matters, on the boot loader's.
     */
    private static String earlyRefusal(String args) {
        try {
            AgentArgs parsed = AgentArgs.parse(args);
            return parsed.saves() ? SaveFile.problem(parsed.save()) : null;
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        } catch (RuntimeException | LinkageError e) {
            return null;   // Agent says it, from the boot loader
        }
    }

    private static boolean onBootPath() {
        try {
            Class.forName(AGENT_CLASS, false, null);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }
}
