public class SleepInSynchronized {
    public void run(int index) throws Exception {
        Object lock = new Object();
        synchronized (lock) {
            Thread.sleep(20);
        }
    }
}
