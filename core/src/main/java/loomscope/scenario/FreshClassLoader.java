package loomscope.scenario;

import java.io.IOException;
import java.io.InputStream;

import loomscope.workload.UnsupportedModeException;

/**
 * Defines {@link ClassInitTarget} anew from its class file, so that its static initializer runs (and blocks)
 * once per run even in a JVM that ran the scenario before; every other class comes from the parent.
 * {@code findMillis} makes {@code findClass} itself block, as the class-loader scenario's seed does.
 */
final class FreshClassLoader extends ClassLoader {
    static final String TARGET = ClassInitTarget.class.getName();

    private final byte[] bytes;
    private final int initMillis;
    private final int findMillis;

    FreshClassLoader(int initMillis, int findMillis) {
        super("loomscope-fresh", FreshClassLoader.class.getClassLoader());
        this.initMillis = initMillis;
        this.findMillis = findMillis;
        String resource = TARGET.substring(TARGET.lastIndexOf('.') + 1) + ".class";
        try (InputStream in = FreshClassLoader.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new UnsupportedModeException("cannot read " + resource + " from LoomScope's own classes");
            }
            this.bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UnsupportedModeException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    int initMillis() { return initMillis; }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (!TARGET.equals(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                c = findClass(name);
            }
            if (resolve) {
                resolveClass(c);
            }
            return c;
        }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (!TARGET.equals(name)) {
            throw new ClassNotFoundException(name);
        }
        if (findMillis > 0) {
            try {
                Thread.sleep(findMillis);
            } catch (InterruptedException e) {
                throw new ClassNotFoundException(name + ": interrupted", e);
            }
        }
        return defineClass(name, bytes, 0, bytes.length);
    }
}
