package loomscope.agent;

import java.io.File;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
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
        if (AgentLaunch.class.getClassLoader() != null && onBootPath()) {
            // a JVM that carries the agent already (save=, listen=, an earlier attach): this class is the system
            // loader's, while the classes it names not yet loaded there resolve, parent first, to the boot loader's
            // copies, which a package-private call cannot reach across loaders (seen: IllegalAccessError on
            // ConnectionEnd, and the attach failing 10-30 s later). The boot loader's own copy of this class does
            // the work instead, among classes of one loader, and meets the agent already there
            try {
                Class.forName(AgentLaunch.class.getName(), true, null)
                        .getMethod("start", String.class, Instrumentation.class, boolean.class)
                        .invoke(null, args, inst, atStartup);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                Throwable cause = e.getCause() != null ? e.getCause() : e;
                // no other class of ours here: it too might resolve to the boot loader's copy
                System.err.println("loomscope-agent: not started: the agent already in this JVM could not be reached: "
                        + String.valueOf(cause).replaceAll("\\s+", " "));
            }
            return;
        }
        // everything that can be refused is refused before the jar joins the bootstrap path, which alone changes the
        // JVM (CDS goes off for classes loaded later): bad options, a file that cannot be saved, a port nobody is on
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
        SocketChannel loomScope = null;
        if (parsed.connects()) {
            try {
                loomScope = ConnectionEnd.open(parsed);
            } catch (IOException | RuntimeException e) {
                System.err.println("loomscope-agent: not started: " + ConnectionEnd.where(parsed) + " did not answer: "
                        + AgentWire.oneLine(String.valueOf(e)));
                return;
            }
        }
        ServerSocket listening = null;
        String token = null;
        if (parsed.listens()) {
            // bound here, before the jar joins the boot path: a port taken, or a token file that cannot be read,
            // changes nothing in the JVM
            try {
                token = parsed.tokenFile() != null ? AgentArgs.readTokenFile(parsed.tokenFile()) : null;
                listening = bind(parsed);
            } catch (IOException | RuntimeException e) {
                String why = e instanceof IllegalArgumentException ? e.getMessage() : "could not listen on "
                        + parsed.listenHost() + ":" + parsed.listenPort() + ": " + AgentWire.oneLine(String.valueOf(e));
                tell(loomScope, parsed.token(), why);
                return;
            }
        }
        try {
            if (!onBootPath()) {
                File jar = new File(AgentLaunch.class.getProtectionDomain().getCodeSource().getLocation().toURI());
                inst.appendToBootstrapClassLoaderSearch(new JarFile(jar));
            }
            Class<?> agent = Class.forName(AGENT_CLASS, true, null);
            if (listening != null) {
                agent.getMethod("listen", String.class, Instrumentation.class, SocketChannel.class, ServerSocket.class,
                        String.class).invoke(null, args, inst, loomScope, listening, token);
            } else {
                agent.getMethod("start", String.class, Instrumentation.class, boolean.class, SocketChannel.class)
                        .invoke(null, args, inst, atStartup, loomScope);
            }
        } catch (ReflectiveOperationException | IOException | URISyntaxException | RuntimeException | LinkageError e) {
            // never throw into the application: one line on its stderr, and it goes on unchanged
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            System.err.println("loomscope-agent: not started: " + cause);
            if (listening != null) {
                try {
                    listening.close();
                } catch (IOException closing) {
                    // nobody was let in
                }
            }
            if (loomScope != null) {
                try {
                    loomScope.close();
                } catch (IOException closing) {
                    // LoomScope sees the connection end without a hello
                }
            }
        }
    }

    /** The listening socket of {@code listen=}; a host name is resolved once, here. */
    private static ServerSocket bind(AgentArgs parsed) throws IOException {
        ServerSocket server = new ServerSocket();
        try {
            server.setReuseAddress(true);   // a JVM restarted on its port finds it in TIME_WAIT
            server.bind(new InetSocketAddress(InetAddress.getByName(parsed.listenHost()), parsed.listenPort()), 4);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        return server;
    }

    /**
     * A refusal before the agent's classes are on the boot path: to the LoomScope of an {@code attach --listen} over
     * its connection (after the token its port requires), else to stderr.
     */
    private static void tell(SocketChannel loomScope, String token, String why) {
        if (loomScope == null) {
            System.err.println("loomscope-agent: not started: " + why);
            return;
        }
        try (SocketChannel channel = loomScope) {
            Channels.newOutputStream(channel).write((token + "\nF " + AgentWire.oneLine(why) + "\n")
                    .getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            System.err.println("loomscope-agent: not started: " + why);
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
