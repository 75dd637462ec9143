import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

public class FutureGetInLock {
    public void run(int index) throws Exception {
        CompletableFuture<String> reply = new CompletableFuture<>();
        CompletableFuture.delayedExecutor(20, TimeUnit.MILLISECONDS).execute(() -> reply.complete("ok"));
        synchronized (this) {
            reply.get();
        }
    }
}
