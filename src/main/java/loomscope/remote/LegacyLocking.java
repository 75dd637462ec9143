package loomscope.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * {@code -XX:LockingMode=1}: HotSpot's legacy stack locking, under which {@code synchronized} pins a virtual
 * thread again even on JDK 24+. The flag is deprecated since 24 and goes away later; an obsolete flag is only
 * warned about ("Ignoring option"), so we ask the runtime itself and read what it says.
 */
public final class LegacyLocking {

    public static final String FLAG = "-XX:LockingMode=1";

    private static final Map<java.nio.file.Path, Boolean> ACCEPTS = new ConcurrentHashMap<>();

    private LegacyLocking() { }

    /**
     * Whether the preset makes sense for {@code jdk}: it has JEP 491 (so legacy locking changes something)
     * and still honours the flag. Runs {@code java -XX:LockingMode=1 -version} once per runtime (~0.2 s).
     */
    public static boolean offeredFor(JdkInstall jdk) {
        return !jdk.pinsOnSynchronized() && accepts(jdk);
    }

    public static boolean accepts(JdkInstall jdk) {
        return ACCEPTS.computeIfAbsent(jdk.home(), h -> probe(jdk));
    }

    private static boolean probe(JdkInstall jdk) {
        Process p = null;
        try {
            p = new ProcessBuilder(jdk.javaLauncher().toString(), FLAG, "-version").redirectErrorStream(true).start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(15, TimeUnit.SECONDS)) {
                return false;
            }
            return p.exitValue() == 0 && !out.contains("Ignoring option") && !out.contains("Unrecognized VM option");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            if (p != null) {
                p.destroyForcibly();
            }
        }
    }
}
