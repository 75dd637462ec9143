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
    private enum Step { TURN, ATTACH, ANSWER, LOAD, DONE }

    private final long pid;
    private final String agentJar;
    private final String options;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private final long endNanos;
    private volatile Step step = Step.TURN;
    private volatile boolean abandoned;

    private JdkAttach(long pid, String agentJar, String options, long endNanos) {
        this.pid = pid;
        this.agentJar = agentJar;
        this.options = options;
        this.endNanos = endNanos;
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
        JdkAttach attach = new JdkAttach(pid, agentJar, options, endNanos);
        Thread t = new Thread(attach, "loomscope-attach-" + pid);
        t.setDaemon(true);
        t.start();
        try {
            try {
                attach.awaitUnlessStopped(endNanos);
            } catch (TimeoutException e) {
                if (attach.step != Step.ATTACH) {
                    throw e;
                }
                // the JDK's attach, waiting for a listener it asked for by SIGQUIT, ends by itself at its own timeout
                // and then removes the .attach_pid file it made in the target's folder: let it, rather than leave it
                // (its timeout was set so that it ends within the deadline: JdkWait); one still waiting for its turn
                // (HandshakeTurns) has made nothing and is given up at once
                attach.done.get(Math.max(1, AttachSession.millisLeft(attach.jdkEndNanos)), TimeUnit.MILLISECONDS);
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
            throw new AttachFailedException(attach.stoppedWhile != null ? attach.stoppedWhile
                    : attach.pastDeadline(AttachSession.seconds(deadline)));
        }
    }

    /** Why the target was given up before the deadline (it was stopped during the attach), or null. */
    private volatile String stoppedWhile;
    /** When the JDK's own wait for the listener ends at the latest ({@link JdkWait}), set before step ATTACH. */
    private volatile long jdkEndNanos;

    /**
     * Waits for the attach until {@code endNanos}, looking at the target's state every {@value #LOOK_MILLIS} ms: a target
     * stopped (SIGSTOP, Ctrl+Z, a debugger) after the JDK's attach took it never answers the request or the load, so
     * it is given up at once rather than at the deadline (while the JDK's attach itself still waits for the listener,
     * the caller waits for it to end and remove its file: a stop then changes nothing).
     */
    private void awaitUnlessStopped(long endNanos) throws ExecutionException, InterruptedException, TimeoutException {
        TargetProcess process = new TargetProcess(pid);
        while (true) {
            long left = AttachSession.millisLeft(endNanos);
            if (left <= 0) {
                throw new TimeoutException();
            }
            try {
                done.get(Math.min(left, LOOK_MILLIS), TimeUnit.MILLISECONDS);
                return;
            } catch (TimeoutException e) {
                Step now = step;
                if ((now == Step.ANSWER || now == Step.LOAD) && process.stoppedNow()) {
                    stoppedWhile = now == Step.ANSWER
                            ? "pid " + pid + " was stopped (SIGSTOP, Ctrl+Z or a debugger) while the attach went in; gave "
                                    + "up before sending the agent, nothing was loaded"
                            : "pid " + pid + " was stopped (SIGSTOP, Ctrl+Z or a debugger) while it loaded the agent; gave "
                                    + "up: if it loads the agent once continued, the agent finds no LoomScope and records nothing";
                    throw new TimeoutException();
                }
            }
        }
    }

    private static final long LOOK_MILLIS = 100;

    /**
     * The JDK's attach to a JVM whose listener is not running yet sends SIGQUIT and sleeps 100, 200, 300 … ms, looking
     * for the listener's socket after each, until its sleeps add up to more than {@code sun.tools.attach.attachTimeout}
     * (10 s by default), and only then removes the {@code .attach_pid} file it made; no interrupt ends it earlier. Its
     * timeout is set for each attach so that it ends within the attach's deadline, {@link #MARGIN_MILLIS} before it
     * (a user's own smaller timeout is kept).
     *
     * @param timeoutMillis   the property's value for this attach
     * @param endsAfterMillis when its sleeps end past it
     */
    record JdkWait(long timeoutMillis, long endsAfterMillis) {
        static final long MARGIN_MILLIS = 1_000;
        private static final long STEP_MILLIS = 100;
        private static final long USERS = usersTimeoutMillis();

        static JdkWait within(long deadlineMillis) {
            long before = STEP_MILLIS;   // the sleeps' sum before the last sleep
            long after = 3 * STEP_MILLIS;
            for (long k = 3; ; k++) {
                long next = after + k * STEP_MILLIS;
                if (next + MARGIN_MILLIS > deadlineMillis || after > USERS) {
                    break;
                }
                before = after;
                after = next;
            }
            return new JdkWait(Math.min(USERS, before), after);
        }

        private static long usersTimeoutMillis() {
            try {
                long t = Long.parseLong(System.getProperty("sun.tools.attach.attachTimeout", "10000"));
                return t > 0 ? t : 10_000;
            } catch (NumberFormatException e) {
                return 10_000;
            }
        }
    }

    private String pastDeadline(String deadline) {
        return switch (step) {
            case TURN -> "pid " + pid + " did not get its turn within " + deadline + ": this LoomScope was attaching to "
                    + "another JVM with the same pid in its own namespace, and such attaches take turns (the JDK's attach "
                    + "names a file after that pid); gave up, nothing was loaded";
            case ATTACH -> "pid " + pid + " did not take the JDK's attach within " + deadline
                    + "; gave up, nothing was loaded";
            case ANSWER -> "pid " + pid + "'s attach listener did not answer within " + deadline
                    + " (it stopped or hangs); gave up before sending the agent, nothing was loaded";
            case LOAD, DONE -> "pid " + pid + " did not confirm the agent's load within " + deadline
                    + "; gave up: if it loads the agent later, the agent finds no LoomScope and records nothing";
        };
    }

    /** The JDK's attach, in this target's turn ({@link HandshakeTurns}); null if it was given up first. */
    private VirtualMachine attachInTurn() {
        long namespacePid = new TargetProcess(pid).namespacePid();
        try {
            if (!HandshakeTurns.take(namespacePid, endNanos)) {
                throw new AttachFailedException(pastDeadline("its deadline"));
            }
        } catch (InterruptedException e) {
            throw new AttachFailedException("pid " + pid + ": the attach was interrupted before it began");
        }
        try {
            if (abandoned) {
                return null;
            }
            JdkWait jdkWait = JdkWait.within(AttachSession.millisLeft(endNanos));
            jdkEndNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(jdkWait.endsAfterMillis()
                    + JdkWait.MARGIN_MILLIS);
            step = Step.ATTACH;
            // read by the JDK's attach when it starts (HotSpotVirtualMachine.attachTimeout): see JdkWait
            System.setProperty("sun.tools.attach.attachTimeout", Long.toString(jdkWait.timeoutMillis()));
            return VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new AttachRefusedException("pid " + pid + " refused the attach: " + AttachRefusedException.reason(e));
        } finally {
            HandshakeTurns.give(namespacePid);   // the JDK's attach has removed its file by now
        }
    }

    @Override
    public void run() {
        VirtualMachine vm = null;
        try {
            vm = attachInTurn();
            if (vm == null) {
                return;   // given up while it waited for its turn: nothing was sent
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
