package loomscope.host;

import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads that stand before any run, for the window's work off the FX thread (its one user is
 * {@code ui.job.JobThreads}, which starts them at launch).
 * <p>
 * Why not a new thread per task: {@code Thread.start} takes HotSpot's {@code Threads_lock}, and while a run at
 * P ≥ cores goes, a carrier at nice 19 may hold that lock as it starts the next carrier (the JVM waits there
 * for the child thread, which inherits nice 19 and queues behind the busy carriers). Measured: the FX thread
 * stalled 70–175 ms at the start of synchronized P=16 runs, starting the snapshot poller.
 */
public final class StandingThreads {
    private StandingThreads() { }

    /** {@code count} threads named {@code name-n}, all started now; tasks queue when all are busy. */
    public static Executor start(String name, int count) {
        AtomicInteger n = new AtomicInteger();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(count, count, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                task -> Thread.ofPlatform().daemon().name(name + "-" + n.getAndIncrement()).unstarted(task));
        pool.prestartAllCoreThreads();
        return pool;
    }
}
