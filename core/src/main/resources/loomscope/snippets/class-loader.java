// A class loader whose findClass sleeps:
// loadClass holds the loader's monitor meanwhile.
// Pins on JDK 21; JDK 24+ unmounts. (It finds
// nothing: the sleep is the point, not the
// class.)
public class ClassLoaderSleep {
    static final int FIND_MS = 100;

    public void run(int index) throws Exception {
        ClassLoader loader = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String name)
                    throws ClassNotFoundException {
                try {
                    Thread.sleep(FIND_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new ClassNotFoundException(name);
            }
        };
        try {
            loader.loadClass("example.Absent" + index);
        } catch (ClassNotFoundException expected) {
            // the sleep inside the loader's monitor is what
            // we watch
        }
    }
}
