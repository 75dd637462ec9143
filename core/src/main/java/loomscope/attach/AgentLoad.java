package loomscope.attach;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The JDK's attach of the agent into a local JVM with the way back to this LoomScope (the loopback's port and a token,
 * or in a container a socket file in its own {@code /tmp}: {@link TargetTmp}), and the agent's connection back, within
 * a deadline. What follows the connection is its caller's: a session ({@link AttachSession#start}) or a listening
 * agent's answer ({@link ListeningAgent#loadInto}).
 */
final class AgentLoad {
    private AgentLoad() { }

    /** What follows the agent's connection back: a session, or a listening agent's answer. */
    interface Connected<T> {
        T take(AgentLink link, TargetTmp inContainer, long endNanos) throws IOException;
    }

    /**
     * The JDK's attach with the agent's {@code moreOptions} beside the way back to this LoomScope, and the agent's
     * connection back, within {@code deadline}; what the attach put into a container's /tmp is removed if
     * {@code then} throws (else it is {@code then}'s).
     */
    static <T> T load(JvmEntry target, Path agentJar, Duration deadline, String moreOptions, Connected<T> then)
            throws IOException {
        long pid = target.pid();
        long end = System.nanoTime() + deadline.toNanos();
        TargetProcess process = new TargetProcess(pid);
        TargetTmp inContainer = process.needsTheContainersWay()
                ? TargetTmp.enter(pid, Objects.requireNonNullElse(process.place(), "a container"), agentJar) : null;
        AgentPort port = inContainer != null ? inContainer.port() : new LoopbackAgentPort();
        boolean taken = false;
        try {
            JdkAttach.load(pid, inContainer != null ? inContainer.jarAsTargetSeesIt() : agentJar.toString(),
                    port.agentOptions() + moreOptions, end, deadline);
            AgentLink link = port.accept(Math.max(1, AttachSession.millisLeft(end)));
            if (link == null) {
                throw new AttachFailedException("pid " + pid + " loaded the agent, which did not connect back within "
                        + AttachSession.seconds(deadline) + " of the attach's start; why is not known here (the target's "
                        + "own stderr may say); if it connects later it finds no LoomScope and records nothing");
            }
            T result = then.take(link, inContainer, end);
            taken = true;
            return result;
        } finally {
            port.close();
            if (!taken && inContainer != null) {
                inContainer.close();
            }
        }
    }
}
