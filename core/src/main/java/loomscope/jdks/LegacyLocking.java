package loomscope.jdks;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code -XX:LockingMode=1}: HotSpot's legacy stack locking, under which {@code synchronized} pins a virtual
 * thread again even on JDK 24+. The flag is deprecated since 24 and goes away later; an obsolete flag is only
 * warned about ("Ignoring option"), so we ask the runtime itself and read what it says.
 */
public final class LegacyLocking {

    public static final String FLAG = "-XX:LockingMode=1";

    private static final Map<Path, Boolean> ACCEPTS = new ConcurrentHashMap<>();

    private static final long PROBE_TIMEOUT_SECONDS = 15;

    private LegacyLocking() { }

    /**
     * Whether the preset makes sense for {@code jdk}: it has JEP 491 (so legacy locking changes something)
     * and still honours the flag. Runs {@code java -XX:LockingMode=1 -version} once per runtime (~0.2 s).
     */
    public static boolean offeredFor(JdkInstall jdk) {
        return !jdk.pinsOnSynchronized() && accepts(jdk);
    }

    public static boolean accepts(JdkInstall jdk) {
        // Probe outside computeIfAbsent: the probe may take up to its timeout, and a map's compute function
        // must not block other keys' callers that long. Two racing first callers both probe; both agree.
        Boolean known = ACCEPTS.get(jdk.home());
        if (known != null) {
            return known;
        }
        boolean accepts = probe(jdk);
        ACCEPTS.putIfAbsent(jdk.home(), accepts);
        return accepts;
    }

    private static boolean probe(JdkInstall jdk) {
        try {
            BoundedCommand.Outcome out = BoundedCommand.run(
                    List.of(jdk.javaLauncher().toString(), FLAG, "-version"), PROBE_TIMEOUT_SECONDS);
            if (out.timedOut()) {
                // not offered (BoundedCommand killed it): a runtime that cannot answer -version in time would not
                // run a workload either, and discovery must not wait for it
                return false;
            }
            String text = out.output();
            return out.exitCode() == 0 && !text.contains("Ignoring option") && !text.contains("Unrecognized VM option");
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
