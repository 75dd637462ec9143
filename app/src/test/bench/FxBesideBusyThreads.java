import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.animation.AnimationTimer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.stage.Stage;

/**
 * The control for the window's frame-time figures: what frame times can this machine give a JavaFX window that
 * does almost nothing, while BUSY threads spin beside it at the lowest priority the OS offers an ordinary user?
 * <p>
 * No LoomScope code is involved: a 1920×1080 window, one canvas with 16 bars moved every pulse, and BUSY plain
 * threads doing integer arithmetic, each lowered by the {@code renice -n 19} command ({@code -Didle=true}: by
 * {@code chrt --idle 0}, Linux's SCHED_IDLE) once it runs; with {@code -Dyield=true} each yields its core every
 * ~0.2 ms of work, as the window's carriers do after each mount. After a 3 s settle the busy threads start; once all
 * have lowered themselves, the gaps between pulses are recorded for {@code -Dseconds} (default 5) and printed as
 * one line: frames, p50, p95, max, frames over 20 ms, and how long the FX thread waited for a CPU per frame
 * (Linux's /proc/thread-self/schedstat, the figure the window's F12 overlay shows too).
 * Linux only (renice, chrt, /proc/thread-self). Run by {@code fx-beside-busy-threads.sh}.
 */
public final class FxBesideBusyThreads extends Application {
    private static final int BUSY = Integer.getInteger("busy", 16);
    private static final boolean IDLE_POLICY = Boolean.getBoolean("idle");
    /** Busy threads that yield their core every ~0.2 ms of work, as the window's carriers do after each mount. */
    private static final boolean YIELDING = Boolean.getBoolean("yield");
    private static final int TURNS_BETWEEN_YIELDS = 200_000;
    private static final double SECONDS = Double.parseDouble(System.getProperty("seconds", "5"));
    private static final double SETTLE_SECONDS = 3;
    private static volatile boolean stopping;
    /** A busy thread left at normal priority would make the line wrong, so the line says how many were. */
    private static final AtomicInteger notLowered = new AtomicInteger();
    /** Measuring starts once every busy thread has tried to lower itself (renice and chrt are processes). */
    private static final CountDownLatch lowering = new CountDownLatch(BUSY);

    private final long[] gaps = new long[100_000];
    private int count;
    private long fxWaitedAtStart;
    private long fxWaited;

    @Override
    public void start(Stage stage) {
        Canvas canvas = new Canvas(1900, 1000);
        stage.setScene(new Scene(new StackPane(canvas), 1920, 1080));
        stage.show();
        GraphicsContext g = canvas.getGraphicsContext2D();
        long began = System.nanoTime();
        new AnimationTimer() {
            private long last = -1;
            private boolean busyStarted;
            private long measuredFrom = -1;

            @Override
            public void handle(long now) {
                g.setFill(Color.BLACK);
                g.fillRect(0, 0, canvas.getWidth(), canvas.getHeight());
                g.setFill(Color.CRIMSON);
                for (int lane = 0; lane < 16; lane++) {
                    g.fillRect((now / 1_000_000 + lane * 97) % 1800, lane * 60, 100, 50);
                }
                if (!busyStarted && System.nanoTime() - began >= SETTLE_SECONDS * 1e9) {
                    busyStarted = true;
                    startBusyThreads();
                } else if (busyStarted && measuredFrom < 0 && lowering.getCount() == 0) {
                    measuredFrom = now;
                    fxWaitedAtStart = runQueueWaitOfThisThread();
                } else if (measuredFrom >= 0) {
                    if (count < gaps.length) {
                        gaps[count++] = now - last;
                    }
                    if (now - measuredFrom >= SECONDS * 1e9) {
                        stop(); // Platform.exit() is not immediate: no second report from a later pulse
                        stopping = true;
                        long waitedAtEnd = runQueueWaitOfThisThread();
                        fxWaited = waitedAtEnd < 0 || fxWaitedAtStart < 0 ? -1 : waitedAtEnd - fxWaitedAtStart;
                        report();
                        Platform.exit();
                    }
                }
                last = now;
            }
        }.start();
    }

    private static void startBusyThreads() {
        for (int i = 0; i < BUSY; i++) {
            Thread busy = new Thread(() -> {
                lowerThisThread();
                lowering.countDown();
                long x = 1;
                while (!stopping) {
                    for (int turn = 0; turn < (YIELDING ? TURNS_BETWEEN_YIELDS : 1); turn++) {
                        x = x * 6364136223846793005L + 1442695040888963407L; // a few ns of pure CPU per turn
                    }
                    if (YIELDING) {
                        Thread.yield();
                    }
                }
                if (x == 0) {
                    System.out.print(""); // keeps the loop from being optimised away
                }
            }, "busy-" + i);
            busy.setDaemon(true);
            busy.start();
        }
    }

    /** renice and chrt act on a Linux thread id, which /proc/thread-self names. */
    private static void lowerThisThread() {
        try {
            String tid = new File("/proc/thread-self").getCanonicalFile().getName();
            String[] command = IDLE_POLICY ? new String[] {"chrt", "--idle", "-p", "0", tid}
                    : new String[] {"renice", "-n", "19", "-p", tid};
            int exit = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
            if (exit != 0) {
                notLowered.incrementAndGet();
            }
        } catch (IOException e) {
            notLowered.incrementAndGet();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Nanoseconds the calling thread has been ready to run but waiting for a CPU (schedstat's second field), -1 if
     * the kernel does not say. The window's {@code RunQueueWait} reads the same; this file runs without its classes.
     */
    private static long runQueueWaitOfThisThread() {
        try {
            return Long.parseLong(Files.readString(Path.of("/proc/thread-self/schedstat")).trim().split("\\s+")[1]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private void report() {
        long[] sorted = Arrays.copyOf(gaps, count);
        Arrays.sort(sorted);
        long over = Arrays.stream(sorted).filter(gap -> gap > 20_000_000L).count();
        System.out.printf(Locale.ROOT,
                "busy=%d %s frames=%d p50 %.1f ms p95 %.1f ms max %.1f ms over-20-ms %d fx-cpu-wait %s%n",
                BUSY, (BUSY == 0 ? "-" : IDLE_POLICY ? "SCHED_IDLE" : "nice-19") + (YIELDING ? " yielding" : ""), count,
                sorted[count / 2] / 1e6, sorted[(int) Math.ceil(0.95 * count) - 1] / 1e6, sorted[count - 1] / 1e6,
                over, fxWaited < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f ms/frame", fxWaited / 1e6 / count));
        if (notLowered.get() > 0) {
            System.out.printf(Locale.ROOT,
                    "busy=%d NOT LOWERED: %d busy threads kept normal priority (renice/chrt failed)%n",
                    BUSY, notLowered.get());
        }
    }

    public static void main(String[] args) {
        launch(args);
    }
}
