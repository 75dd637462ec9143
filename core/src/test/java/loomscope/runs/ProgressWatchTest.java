package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The child's words for a run that makes no progress: thread states counted, the task's own frame named. */
class ProgressWatchTest {

    @Test
    void theTasksFrameIsNamedAndAStaticInitializerSaidSo() {
        assertEquals("in <clinit> of Forever at Forever.java:3", ProgressWatch.place(new StackTraceElement[] {
                new StackTraceElement("Forever", "<clinit>", "Forever.java", 3),
                new StackTraceElement("java.lang.Class", "forName0", null, -2)}));
        assertEquals("at Deadlock.run(Deadlock.java:9)", ProgressWatch.place(new StackTraceElement[] {
                new StackTraceElement("java.lang.Object", "wait0", null, -2),
                new StackTraceElement("Deadlock", "run", "Deadlock.java", 9),
                new StackTraceElement("loomscope.scenario.TaskFileScenario$Calls", "run", "TaskFileScenario.java", 120)}));
        // no frame of the task's: the top one, so the line still says where
        assertEquals("at java.lang.Thread.sleep0", ProgressWatch.place(new StackTraceElement[] {
                new StackTraceElement("java.lang.Thread", "sleep0", null, -2)}));
        assertEquals("with no frames", ProgressWatch.place(new StackTraceElement[0]));
    }

    @Test
    void statesAreCountedOverTheThreadsAlive() throws Exception {
        Object lock = new Object();
        Thread ended = Thread.ofVirtual().start(() -> { });
        ended.join();
        Thread blocked;
        synchronized (lock) {
            blocked = Thread.ofPlatform().daemon().start(() -> {
                synchronized (lock) {
                    lock.notifyAll();
                }
            });
            long deadline = System.nanoTime() + 60_000_000_000L;
            while (blocked.getState() != Thread.State.BLOCKED) {
                assertTrue(System.nanoTime() < deadline, "the thread blocks on the lock we hold");
                Thread.sleep(10);
            }
            String said = ProgressWatch.describe(5, new ProgressWatch.Watched("the run", List.of(ended, blocked)));
            assertTrue(said.startsWith("no progress for 5 s: the run: 1 of 2 threads alive (1 BLOCKED): 1 at "
                    + ProgressWatchTest.class.getName() + "."), said);
        }
        blocked.join();
    }
}
