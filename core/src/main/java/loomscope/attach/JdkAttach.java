package loomscope.attach;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;

/**
 * The JDK's attach and the agent's load, bounded by a deadline. The JDK's calls block in native reads of the target's
 * attach socket that no interrupt reaches (a target stopped with its attach listener running never answers), so they
 * run on a daemon thread of their own, which the caller abandons at the deadline. The agent is sent only after the
 * target answered a harmless request ({@code getSystemProperties}) on the same attach: a JVM that does not answer is
 * never sent the agent, and an abandoned thread whose target answers later detaches without sending it.
 */
final class JdkAttach implements Runnable {
    /** Where the thread is, for the line that says which step passed its deadline. */
    private enum Step { ATTACH, ANSWER, LOAD, DONE }

    private final long pid;
    private final String agentJar;
    private final String options;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private volatile Step step = Step.ATTACH;
    private volatile boolean abandoned;

    private JdkAttach(long pid, String agentJar, String options) {
        this.pid = pid;
        this.agentJar = agentJar;
        this.options = options;
    }

    /**
     * Loads the agent into {@code pid} with {@code options}, by {@code endNanos} ({@link System#nanoTime()}).
     *
     * @param agentJar the jar's path as the target sees it (in a container, a copy in its own /tmp)
     *
     * @throws AttachRefusedException the JDK or the target refused (it says why)
     * @throws AttachFailedException  the deadline passed first
     */
    static void load(long pid, String agentJar, String options, long endNanos, Duration deadline) {
        JdkAttach attach = new JdkAttach(pid, agentJar, options);
        Thread t = new Thread(attach, "loomscope-attach-" + pid);
        t.setDaemon(true);
        long started = System.nanoTime();
        t.start();
        try {
            try {
                attach.done.get(Math.max(1, AttachSession.millisLeft(endNanos)), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                if (attach.step != Step.ATTACH) {
                    throw e;
                }
                // the JDK's attach, waiting for a listener it asked for by SIGQUIT, ends by itself at its own timeout
                // and then removes the .attach_pid file it made in the target's folder: let it, rather than leave it
                long jdkEnd = started + TimeUnit.MILLISECONDS.toNanos(jdkAttachTimeoutMillis() + 1_000);
                attach.done.get(Math.max(1, AttachSession.millisLeft(jdkEnd)), TimeUnit.MILLISECONDS);
            }
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new AttachFailedException("pid " + pid + ": the attach failed: "
                    + AttachRefusedException.reason(e.getCause()));
        } catch (TimeoutException | InterruptedException e) {
            attach.abandoned = true;
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new AttachFailedException(attach.pastDeadline(AttachSession.seconds(deadline)));
        }
    }

    /** The JDK's own wait for a target's attach listener to start ({@code sun.tools.attach.attachTimeout}). */
    private static long jdkAttachTimeoutMillis() {
        try {
            return Long.parseLong(System.getProperty("sun.tools.attach.attachTimeout", "10000"));
        } catch (NumberFormatException e) {
            return 10_000;
        }
    }

    private String pastDeadline(String deadline) {
        return switch (step) {
            case ATTACH -> "pid " + pid + " did not take the JDK's attach within " + deadline
                    + "; gave up, nothing was loaded";
            case ANSWER -> "pid " + pid + "'s attach listener did not answer within " + deadline
                    + " (it stopped or hangs); gave up before sending the agent, nothing was loaded";
            case LOAD, DONE -> "pid " + pid + " did not confirm the agent's load within " + deadline
                    + "; gave up: if it loads the agent later, the agent finds no LoomScope and records nothing";
        };
    }

    @Override
    public void run() {
        VirtualMachine vm = null;
        try {
            try {
                vm = VirtualMachine.attach(Long.toString(pid));
            } catch (AttachNotSupportedException | IOException e) {
                throw new AttachRefusedException("pid " + pid + " refused the attach: "
                        + AttachRefusedException.reason(e));
            }
            step = Step.ANSWER;
            if (!abandoned) {
                try {
                    vm.getSystemProperties();
                } catch (IOException e) {
                    throw new AttachRefusedException("pid " + pid + " refused the attach: "
                            + AttachRefusedException.reason(e));
                }
            }
            step = Step.LOAD;
            if (!abandoned) {
                try {
                    vm.loadAgent(agentJar, options);
                } catch (AgentLoadException | AgentInitializationException | IOException e) {
                    if (ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true)) {
                        throw new AttachRefusedException("pid " + pid + " ended while the agent was being loaded");
                    }
                    throw new AttachRefusedException("pid " + pid + " refused the agent: "
                            + AttachRefusedException.reason(e));
                }
            }
            step = Step.DONE;
            done.complete(null);
        } catch (RuntimeException | Error e) {
            done.completeExceptionally(e);
        } finally {
            if (vm != null) {
                try {
                    vm.detach();
                } catch (IOException e) {
                    // the attach handle only: the agent's own connection is what matters
                }
            }
        }
    }
}
