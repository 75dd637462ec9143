package loomscope.attach;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Turns for the JDK's attach handshake, one at a time for each pid a target has in its own namespace. The JDK's attach
 * to a JVM whose listener is not running makes a file named after that pid ({@code .attach_pid1} for the first process
 * of most containers) in the target's working folder, sends SIGQUIT, and deletes the file when its wait ends. Two
 * JVMs that are both pid 1 in their containers, started from one folder (a volume mounted as both's working folder),
 * share that file: the first attach to end deletes it, and the other JVM, finding no file when it takes its SIGQUIT,
 * prints a thread dump on its stdout instead of starting its listener, and the attach fails after its whole wait. So
 * this process's attaches to targets with the same namespace pid take turns; others run side by side.
 */
final class HandshakeTurns {
    /** One for each namespace pid this process has attached to: few, and a turn is held only through a handshake. */
    private static final ConcurrentHashMap<Long, Semaphore> TURNS = new ConcurrentHashMap<>();

    private HandshakeTurns() {
    }

    /** Waits for the turn of {@code namespacePid} until {@code endNanos} ({@link System#nanoTime()}); false if it passed. */
    static boolean take(long namespacePid, long endNanos) throws InterruptedException {
        Semaphore turn = TURNS.computeIfAbsent(namespacePid, k -> new Semaphore(1, true));
        return turn.tryAcquire(Math.max(0, endNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** Ends a turn that {@link #take} gave. */
    static void give(long namespacePid) {
        TURNS.get(namespacePid).release();
    }
}
