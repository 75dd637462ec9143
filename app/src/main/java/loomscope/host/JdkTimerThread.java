package loomscope.host;

import java.time.Duration;
import java.util.concurrent.Executor;

import loomscope.workload.VirtualThreads;

/**
 * The JDK starts the thread that wakes sleeping virtual threads of custom schedulers ("VirtualThread-unparker")
 * on the first such sleep, from the thread that sleeps, and a new Linux thread inherits its creator's nice
 * value. If that first sleep came from a carrier lowered by {@link CpuShare#YIELDING_CARRIERS}, the timer thread
 * would keep nice 19 for the life of the window and wake every later run's sleepers late. One short sleep before
 * the first run, on a scheduler that runs the virtual thread on the calling thread, creates it at normal priority.
 */
final class JdkTimerThread {
    private JdkTimerThread() { }

    /** Call once, off the FX thread, before the first run. */
    static void startAtNormalPriority() {
        try {
            if (!VirtualThreads.poolAvailable()) {
                return;   // no custom scheduler here: runs will say why
            }
            Executor onTheCallingThread = Runnable::run;
            VirtualThreads.builderOn(onTheCallingThread).name("loomscope-timer-warmup").start(() -> {
                try {
                    Thread.sleep(Duration.ofMillis(1));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }).join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
