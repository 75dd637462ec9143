package loomscope.ui.attach;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import loomscope.attach.AttachSession;
import loomscope.attach.HostPort;
import loomscope.attach.JvmEntry;

/**
 * The attach window's sessions side by side, in the order attached (their lanes' order), and which JVM may still join
 * them: one not among them, while they are fewer than {@link AttachViewModel#MAX_SESSIONS}. The FX thread's; a job
 * is handed a copy ({@link #copy()}).
 */
final class SideBySideSessions {
    /**
     * A session with what the window needs to know of its target. A connected one's target has the other host's pid
     * and its place is the agent's address; its pool's parallelism is not known here (no lane is marked as added).
     */
    record Attached(AttachSession session, JvmEntry target, int poolParallelism) {
        /** Whether this is {@code entry}, a JVM of this machine's list (a connected JVM's pid is another host's). */
        boolean is(JvmEntry entry) {
            return session.remote() == null && target.pid() == entry.pid();
        }
    }

    private final List<Attached> attached = new ArrayList<>();

    /** Why {@code target} of this machine's list cannot be attached beside them, in one line; empty if it can. */
    Optional<String> refusalToAttach(JvmEntry target) {
        if (!target.attachable()) {
            return Optional.of("pid " + target.pid() + ": " + target.refusal());
        }
        if (isAttached(target)) {
            return Optional.of("pid " + target.pid() + " is attached already");
        }
        if (full()) {
            return Optional.of("at most " + AttachViewModel.MAX_SESSIONS + " JVMs side by side: Stop, then attach again");
        }
        return Optional.empty();
    }

    /** Why the agent listening at {@code where} cannot be connected beside them, in one line; empty if it can. */
    Optional<String> refusalToConnect(HostPort where) {
        if (attached.stream().anyMatch(a -> where.equals(a.session().remote()))) {
            return Optional.of(where + " is connected already");
        }
        if (full()) {
            return Optional.of("at most " + AttachViewModel.MAX_SESSIONS + " JVMs side by side: Stop, then connect again");
        }
        return Optional.empty();
    }

    /** Whether {@code entry}, a JVM of this machine's list, is among them. */
    boolean isAttached(JvmEntry entry) {
        return attached.stream().anyMatch(a -> a.is(entry));
    }

    /** Whether no other JVM may join them. */
    boolean full() {
        return attached.size() >= AttachViewModel.MAX_SESSIONS;
    }

    /** Whether every session's stream has ended (its target exited or the stream broke); true while there are none. */
    boolean allEnded() {
        return attached.stream().allMatch(a -> a.session().ending() != null);
    }

    void add(Attached a) {
        attached.add(a);
    }

    void clear() {
        attached.clear();
    }

    int count() {
        return attached.size();
    }

    boolean isEmpty() {
        return attached.isEmpty();
    }

    /** The sessions as they stand, for a job thread. */
    List<Attached> copy() {
        return List.copyOf(attached);
    }
}
