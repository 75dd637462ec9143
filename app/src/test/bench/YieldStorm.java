import java.util.concurrent.atomic.LongAdder;

/**
 * A mount-heavy target for attach-scale.sh: THREADS virtual threads that yield ({@code Thread.yield()} ends one mount
 * episode and starts the next), after SPIN steps of arithmetic each time (0: nothing but yields), on the pool's
 * carriers (set {@code -Djdk.virtualThreadScheduler.parallelism}).
 * Prints {@code READY}, then once a second {@code EPISODES/S n}: its own count of yields, agent or not. Exits when its
 * stdin ends. Run as a single source file: {@code java -Djdk.virtualThreadScheduler.parallelism=64 YieldStorm.java 400}.
 */
public class YieldStorm {
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        int spin = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        LongAdder yields = new LongAdder();
        for (int t = 0; t < threads; t++) {
            Thread.ofVirtual().name("storm-" + t).start(() -> {
                long x = 0;
                while (x != -1) {
                    for (int i = 0; i < spin; i++) {
                        x = x * 31 + i;
                    }
                    Thread.yield();
                    yields.increment();
                }
            });
        }
        Thread.ofPlatform().daemon().start(() -> {
            long last = 0;
            while (true) {
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException e) {
                    return;
                }
                long now = yields.sum();
                System.out.println("EPISODES/S " + (now - last));
                last = now;
            }
        });
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) { }
        System.exit(0);
    }
}
