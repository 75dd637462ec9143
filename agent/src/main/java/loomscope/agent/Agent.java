package loomscope.agent;

import java.io.IOException;
import java.lang.instrument.ClassFileTransformer;
import java.lang.instrument.Instrumentation;
import java.lang.instrument.UnmodifiableClassException;
import java.net.ServerSocket;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Map;
import java.util.Set;

import loomscope.clock.CarrierClock;

/**
 * The agent's state, one per JVM whatever the number of attaches: loaded by the boot loader (see {@link AgentLaunch}),
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
    private static HeldStackTap stacks;
    private static Thread onExit;
    /** The one listener of {@code listen=}: it takes connections for the JVM's life (ends with it). */
    private static AgentListener listener;
    /** Set as soon as a {@code listen=} is taken, before its listener is made (off the JVM's main thread). */
    private static boolean listens;
    private static String listenHost;
    /** What the running session is: "save", "attached" (a local LoomScope), "listened" (one connected over TLS). */
    private static String recording;
    private static String savingTo;

    private Agent() { }

    /**
     * From {@link AgentLaunch}, with the connection it opened to LoomScope (null for {@code save=}); never throws into
     * the target. A refusal goes to LoomScope over that connection when there is one, so that its user reads it.
     */
    public static synchronized void start(String args, Instrumentation inst, boolean atStartup, SocketChannel loomScope) {
        AgentArgs parsed;
        try {
            parsed = AgentArgs.parse(args);
        } catch (IllegalArgumentException e) {
            refuse(loomScope, null, e.getMessage());
            return;
        }
        if (stream != null) {
            refuse(loomScope, parsed.token(), busy());
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
                connected = EpisodeStream.connect(loomScope, parsed.token());
            } catch (IOException e) {
                System.err.println("loomscope-agent: not started: the connection to LoomScope failed: " + e);
                close(loomScope);
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
        record(connected, parsed, inst);
    }

    /**
     * A session over a connection a listening agent took ({@link AgentListener}: TLS, the token checked), run as a
     * local attach's is.
     *
     * @return null once the session records (or the client went before its hello), else why not, for the client
     */
    static synchronized String startListened(StreamEnd end, AgentArgs options, Instrumentation inst) {
        if (stream != null) {
            return busy();
        }
        String refusal = hookRefusal(inst);
        if (refusal != null) {
            return refusal;
        }
        EpisodeStream connected;
        try {
            connected = EpisodeStream.over(end);
        } catch (IOException e) {
            end.close();   // the client went before its hello: nothing to tell, nothing changed
            return null;
        }
        record(connected, options, inst);
        return null;
    }

    /**
     * {@code listen=}: from {@link AgentLaunch}, with the socket it bound and the token it read from {@code tokenfile=}
     * (null: one is made here). With {@code loomScope} (attach --listen) the answer goes there, as one line
     * {@code L address fingerprint token}, and that connection ends; else ({@code -javaagent}) to stderr. Never throws.
     */
    public static synchronized void listen(String args, Instrumentation inst, SocketChannel loomScope,
                                           ServerSocket server, String token) {
        AgentArgs parsed;
        try {
            parsed = AgentArgs.parse(args);
        } catch (IllegalArgumentException e) {
            closeQuietly(server);
            answer(loomScope, null, "F " + e.getMessage());
            return;
        }
        String refusal = listens ? "this JVM listens already" + (listener != null ? ", on "
                + listener.address(listenHost) + " (certificate SHA-256 " + listener.fingerprint() + ")" : "")
                + "; its token was given when it began" : stream != null && "save".equals(recording) ? busy()
                : hookRefusal(inst);
        if (refusal != null) {
            closeQuietly(server);
            answer(loomScope, parsed.token(), "F " + refusal);
            return;
        }
        listens = true;
        listenHost = parsed.listenHost();
        if (loomScope != null) {
            beginListening(parsed, inst, loomScope, server, token);   // the JDK's attach thread: LoomScope waits
        } else {
            // not on the application's main thread, which premain holds: the key, the certificate and JSSE's context
            // took ~0.5 s of CPU there at the JVM's start
            AgentThreads.start("loomscope-agent-listen-setup", () -> beginListening(parsed, inst, null, server, token));
        }
    }

    private static synchronized void beginListening(AgentArgs parsed, Instrumentation inst, SocketChannel loomScope,
                                                    ServerSocket server, String token) {
        ListenTls tls;
        try {
            tls = ListenTls.make();
        } catch (GeneralSecurityException | RuntimeException e) {
            closeQuietly(server);
            listens = false;
            answer(loomScope, parsed.token(), "F could not make the TLS key and certificate: "
                    + AgentWire.oneLine(String.valueOf(e)));
            return;
        }
        String required = token != null ? token : AgentListener.freshToken();
        listener = AgentListener.start(server, tls, required, parsed, inst);
        String where = "loomscope-agent: listening on " + listener.address(listenHost) + " (TLS 1.3); certificate SHA-256 "
                + tls.fingerprint();
        if (loomScope != null) {
            System.err.println(where + "; token given to the LoomScope that asked (attach --listen)");
            warnIfExposed(server, parsed);
            answer(loomScope, parsed.token(), "L " + listener.address(listenHost) + " " + tls.fingerprint() + " " + required);
        } else {
            System.err.println(where + (token != null ? "; token from " + parsed.tokenFile()
                    : "; token " + required + " (printed once)"));
            warnIfExposed(server, parsed);
            if (token == null) {
                System.err.println("loomscope-agent: warning: the token above went to this application's output, often "
                        + "a log others read: give tokenfile=FILE (chmod 600) to keep it out, or attach PID --listen, "
                        + "which hands it to its user alone");
            }
        }
    }

    /** One warning line where the agent listens on an address the network reaches (not the loopback). */
    private static void warnIfExposed(ServerSocket server, AgentArgs parsed) {
        String warning = exposureWarning(server.getInetAddress(), listener.address(listenHost), server.getLocalPort());
        if (warning != null) {
            System.err.println(warning);
        }
    }

    /** The warning for a listener bound to {@code bound}, or null where only this machine reaches it (loopback). */
    static String exposureWarning(java.net.InetAddress bound, String address, int port) {
        if (bound.isLoopbackAddress()) {
            return null;
        }
        return "loomscope-agent: warning: listening on " + address + ", which the network can reach: the token and TLS "
                + "are all that guard it; listen=127.0.0.1:" + port + " with a tunnel (ssh -L, kubectl port-forward) "
                + "keeps it off the network";
    }

    /**
     * One line to the LoomScope of an {@code attach --listen} (after the token its port requires), then the end of
     * that connection; without one, a refusal goes to stderr.
     */
    static void answer(SocketChannel loomScope, String token, String line) {
        if (loomScope == null || token == null) {
            close(loomScope);
            if (line.startsWith("F ")) {
                System.err.println("loomscope-agent: not started: " + line.substring(2));
            }
            return;
        }
        try {
            Channels.newOutputStream(loomScope).write((token + "\n" + AgentWire.oneLine(line) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            System.err.println("loomscope-agent: LoomScope went before the answer: " + AgentWire.oneLine(line));
        }
        close(loomScope);
    }

    private static void closeQuietly(ServerSocket server) {
        try {
            server.close();
        } catch (IOException e) {
            // on the way out
        }
    }

    /**
     * Why a session cannot begin while one runs, and how to reach this JVM instead: the agent already here is the one
     * that records (a JVM keeps the first agent jar it loaded, and one session at a time).
     */
    private static String busy() {
        String reach = listener != null ? "; its agent listens on " + listener.address(listenHost)
                + " (certificate SHA-256 " + listener.fingerprint() + "): loomscope attach --connect "
                + listener.address(listenHost) + " --token-file FILE --fingerprint " + listener.fingerprint()
                + " once this session ended" : "";
        return switch (recording) {
            case null -> "this JVM is already being recorded; this attach changes nothing";
            case "save" -> "this JVM's agent records it into " + savingTo + " from its start to its exit (save=): open "
                    + "that file once it exited; this attach changes nothing" + reach;
            case "listened" -> "another LoomScope is connected to this JVM (it takes one at a time)" + reach;
            default -> "another LoomScope is attached to this JVM (one at a time): this attach changes nothing until "
                    + "it detaches" + reach;
        };
    }

    /** Hooks in, taps started, the stream writing: the session begins (one JVM, one session at a time). */
    private static void record(EpisodeStream connected, AgentArgs parsed, Instrumentation inst) {
        recording = parsed.saves() ? "save" : parsed.connects() ? "attached" : "listened";
        savingTo = parsed.save();
        try {
            // not initialised: its static initialiser starts a thread of the JDK's ("VirtualThread-unblocker"), which
            // would stay in a JVM that had no virtual threads before the attach
            Class<?> virtualThread = Class.forName("java.lang.VirtualThread", false, null);
            // java.base calls the hooks, in the boot loader's unnamed module, which a named module does not read;
            // on JDK 21 the carriers' clocks must also reach the JDK's carriers' blocking mark, or each of their
            // /proc reads would make the application's pool add a carrier (CarrierClock)
            inst.redefineModule(Object.class.getModule(), Set.of(Agent.class.getModule()), Map.of(),
                    CarrierClock.jdkCompensatesForCarrierReads()
                            ? Map.of("jdk.internal.misc", Set.of(Agent.class.getModule())) : Map.of(),
                    Set.of(), Map.of());
            CarrierClock.warmUp();
            CarrierRecorder.ringCapacity = connected.ringCapacity();
            stream = connected;
            // a file is recorded to the JVM's exit: nobody sends it a stop, but one it cannot write stops the hooks
            connected.start(Agent::stopQuietly);
            String untested = HookSites.untested(Runtime.version().feature());
            if (untested != null) {
                // said once: to LoomScope, which shows it with the session, and in a saved file; a file's recording
                // has nobody watching, so the application's stderr gets the line too
                connected.send("N release " + AgentWire.oneLine(untested));
                if (parsed.saves()) {
                    System.err.println("loomscope-agent: " + untested);
                }
            }
            String noJfr = whyNoJfr(parsed);
            jfr = noJfr == null ? JfrPinnedTap.start(connected.origin(), connected::send) : null;
            if (jfr == null) {
                connected.send("N jfr " + AgentWire.oneLine(noJfr != null ? noJfr : "JFR did not start in this JVM"));
            }
            stacks = parsed.stacks() ? HeldStackTap.start(connected.origin(), connected::send) : null;
            if (stacks == null) {
                connected.send("N stacks " + (parsed.stacks() ? "this JVM does not measure other threads' CPU time"
                        : "the attach asked for none (stacks=off)"));
            }
            instrumentation = inst;
            transformer = new VirtualThreadTransformer();
            inst.addTransformer(transformer, true);
            inst.retransformClasses(virtualThread);
            onExit = new Thread(Agent::targetExits, "loomscope-agent-exit");
            Runtime.getRuntime().addShutdownHook(onExit);
            connected.release();
        } catch (ClassNotFoundException | UnmodifiableClassException | RuntimeException | LinkageError e) {
            removeHooks();
            closeTaps();
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

    /**
     * Why JFR's pinned events are not tapped in this session, or null: asked for none, no {@code jdk.jfr} in this JVM
     * (checked before any class of JFR's is touched), or the application's own recording, which a tap would change.
     */
    private static String whyNoJfr(AgentArgs parsed) {
        if (!parsed.jfr()) {
            return "the attach asked for no JFR (jfr=off)";
        }
        if (ModuleLayer.boot().findModule("jdk.jfr").isEmpty()) {
            return "this JVM has no jdk.jfr module";
        }
        return JfrPinnedTap.whyNotBesideOthers();
    }

    /** Refuses in one line: to LoomScope over its connection where there is one (it shows it), else on stderr. */
    private static void refuse(SocketChannel loomScope, String token, String why) {
        if (loomScope != null && token != null) {
            try {
                EpisodeStream.connect(loomScope, token).refuse(why);
                return;
            } catch (IOException e) {
                // LoomScope is gone: stderr is all there is
            }
        }
        close(loomScope);
        System.err.println("loomscope-agent: not started: " + why);
    }

    private static void close(SocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // on the way out
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
        closeTaps();
        stream.finish(FINISH_MILLIS, "detached");
        stream = null;
        Hooks.releaseRings();
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
            if (stacks != null) {
                stacks.close();   // its last lines go with the rest
                stacks = null;
            }
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
            instrumentation.retransformClasses(Class.forName("java.lang.VirtualThread", false, null));
        } catch (ClassNotFoundException | UnmodifiableClassException e) {
            System.err.println("loomscope-agent: VirtualThread could not be restored: " + e);
        }
        instrumentation = null;
        transformer = null;
    }

    private static void closeTaps() {
        if (stacks != null) {
            stacks.close();
            stacks = null;
        }
        if (jfr != null) {
            jfr.close();
            jfr = null;
        }
    }
}
