// Object.wait inside synchronized. JDK 21 holds
// the carrier while it waits (its own scheduler
// adds carriers to make up for it); JDK 24+
// unmounts the waiting thread.
public class ObjectWait {
    static final int WAIT_MS = 100;

    public void run(int index) throws Exception {
        Object lock = new Object();
        synchronized (lock) {
            lock.wait(WAIT_MS);
        }
    }
}
