package loomscope.agent;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.util.Map;
import java.util.Set;

import loomscope.clock.CarrierClock;

/**
 * The agent's state, one per JVM whatever the number of attaches: loaded by the boot loader (see {@link AgentMain}),
 * so every attach meets the same statics. A session runs from a start to its stop; the hooks are in
 * {@code VirtualThread} exactly while one runs. The transformer is removed through the {@link Instrumentation} that
 * added it: each {@code loadAgent} brings a new one, and removing through another silently does nothing, after which
 * a re-attach would run every hook twice.
 */
public final class Agent {
    private static final long FINISH_MILLIS = 5_000;

    private static Instrumentation instrumentation;
    private static ClassFileTransformer transformer;
    private static EpisodeStream stream;
    private static JfrPinnedTap jfr;
    private static Thread onExit;

    private Agent() { }

    /** From {@link AgentMain}; never throws into the target. */
    public static synchronized void start(String args, Instrumentation inst, boolean atStartup) {
        if (stream != null) {
            System.err.println("loomscope-agent: already recording (for a LoomScope, or into a file); this attach "
                    + "changes nothing");
            return;
        }
        AgentArgs parsed;
        try {
            parsed = AgentArgs.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("loomscope-agent: not started: " + e.getMessage());
            return;
        }
        String refusal = parsed.saves() ? SaveFile.problem(parsed.save()) : null;
        if (refusal != null) {
            System.err.println("loomscope-agent: not started: " + refusal);
            return;
        }
        EpisodeStream connected = null;
        if (!parsed.saves()) {
            try {
                connected = EpisodeStream.connect(parsed.port(), parsed.token());
            } catch (IOException e) {
                System.err.println("loomscope-agent: not started: LoomScope's port " + parsed.port() + " did not answer: " + e);
                return;
            }
        }
        refusal = hookRefusal(inst);
        if (refusal != null) {
            if (connected != null) {
                connected.refuse(refusal);
            } else {
                System.err.println("loomscope-agent: not started: " + refusal);
            }
            return;
        }
        if (connected == null) {
            try {
                connected = EpisodeStream.toFile(SaveFile.create(parsed.save()));
            } catch (IOException | RuntimeException e) {
                System.err.println("loomscope-agent: not started: could not create the file beside " + parsed.save()
                        + ": " + e);
                return;
            }
        }
        try {
            Class<?> virtualThread = Class.forName("java.lang.VirtualThread");
            // java.base calls the hooks, in the boot loader's unnamed module, which a named module does not read;
            // on JDK 21 the carriers' clocks must also reach the JDK's carriers' blocking mark, or each of their
            // /proc reads would make the application's pool add a carrier (CarrierClock)
            inst.redefineModule(Object.class.getModule(), Set.of(Agent.class.getModule()), Map.of(),
                    CarrierClock.jdkCompensatesForCarrierReads()
                            ? Map.of("jdk.internal.misc", Set.of(Agent.class.getModule())) : Map.of(),
                    Set.of(), Map.of());
            CarrierClock.warmUp();
            stream = connected;
            // a file is recorded to the JVM's exit: nobody sends it a stop, but one it cannot write stops the hooks
            connected.start(Agent::stopQuietly);
            jfr = JfrPinnedTap.start(connected.origin(), connected::send);
            instrumentation = inst;
            transformer = new VirtualThreadTransformer();
            inst.addTransformer(transformer, true);
            inst.retransformClasses(virtualThread);
            onExit = new Thread(Agent::targetExits, "loomscope-agent-exit");
            Runtime.getRuntime().addShutdownHook(onExit);
        } catch (ClassNotFoundException | UnmodifiableClassException | RuntimeException | LinkageError e) {
            removeHooks();
            closeJfr();
            if (stream != null) {
                stream.finish(FINISH_MILLIS, "detached");
                stream = null;
                if (parsed.saves()) {
                    System.err.println("loomscope-agent: stopped: could not hook VirtualThread: " + e);
                }
            } else {
                connected.refuse("could not hook VirtualThread: " + e);
            }
        }
    }

    /** Why this JVM cannot be hooked (checked before anything changes), or null. */
    private static String hookRefusal(Instrumentation inst) {
        String refusal;
        try {
            refusal = HookSites.refusal(Runtime.version().feature());
        } catch (RuntimeException | LinkageError e) {
            refusal = "could not read VirtualThread's methods: " + e;   // e.g. an agent jar without its ASM
        }
        if (refusal == null && !inst.isRetransformClassesSupported()) {
            refusal = "this JVM cannot retransform classes";
        }
        return refusal;
    }

    /** Detach: the hooks out, VirtualThread as it was, what was recorded sent, the target left running. */
    public static synchronized void stop() {
        if (stream == null) {
            return;
        }
        removeHooks();
        closeJfr();
        stream.finish(FINISH_MILLIS, "detached");
        stream = null;
        if (onExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(onExit);
            } catch (IllegalStateException e) {
                // the JVM is exiting: the hook runs anyway and finds nothing to do
            }
            onExit = null;
        }
    }

    private static void stopQuietly() {
        try {
            stop();
        } catch (RuntimeException e) {
            System.err.println("loomscope-agent: detach failed: " + e);
        }
    }

    /** The application exits while attached: send what was recorded (the hooks go with the JVM). */
    private static synchronized void targetExits() {
        if (stream != null) {
            if (jfr != null) {
                jfr.closeAtExit();
                jfr = null;
            }
            stream.finish(FINISH_MILLIS, "exited");
            stream = null;
        }
    }

    private static void removeHooks() {
        if (instrumentation == null) {
            return;
        }
        instrumentation.removeTransformer(transformer);
        try {
            instrumentation.retransformClasses(Class.forName("java.lang.VirtualThread"));
        } catch (ClassNotFoundException | UnmodifiableClassException e) {
            System.err.println("loomscope-agent: VirtualThread could not be restored: " + e);
        }
        instrumentation = null;
        transformer = null;
    }

    private static void closeJfr() {
        if (jfr != null) {
            jfr.close();
            jfr = null;
        }
    }
}
