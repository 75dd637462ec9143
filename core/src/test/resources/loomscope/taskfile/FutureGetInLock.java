import java.util.concurrent.CompletableFuture;

public class FutureGetInLock {
    public void run(int index) throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        // Completed by a platform thread of its own. With CompletableFuture.delayedExecutor the JDK's one delay
        // scheduler waited on its queue's lock behind virtual threads that JDK 21's one pinned carrier could not
        // run, and the run never ended (seen once in a CI run).
        Thread.ofPlatform().daemon().start(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
            reply.complete("ok");
        });
        synchronized (this) {
            reply.get();
        }
    }
}
