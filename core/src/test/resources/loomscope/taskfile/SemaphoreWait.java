import java.util.concurrent.Semaphore;

public class SemaphoreWait {
    private final Semaphore permits = new Semaphore(2);

    public void run(int index) throws Exception {
        permits.acquire();
        try {
            Thread.sleep(20);
        } finally {
            permits.release();
        }
    }
}
