package loomscope.ui.code;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The workload's and the scenarios' own source files, as the build copies them beside the classes (the core pom's
 * resources: {@code core/src/main/java/loomscope/workload/**} and {@code .../scenario/*} to
 * {@code loomscope/sources/workload/}). What the code pane shows
 * is cut from these, so it is the code that was compiled into this very build.
 */
public final class WorkloadSources {
    static final String FOLDER = "/loomscope/sources/workload/";
    private static final Map<String, String> READ = new ConcurrentHashMap<>();

    private WorkloadSources() { }

    /**
     * The text of {@code file} ("SeedTask.java", "jdk22/QsortUpcallSection.java"), line ends as in the file.
     *
     * @throws IllegalStateException if the build did not copy it (a build without the pom's resource step)
     */
    public static String read(String file) {
        return READ.computeIfAbsent(file, WorkloadSources::load);
    }

    private static String load(String file) {
        try (InputStream in = WorkloadSources.class.getResourceAsStream(FOLDER + file)) {
            if (in == null) {
                throw new IllegalStateException("the workload's source " + file + " is not in this build ("
                        + FOLDER + file + "): build with Maven, whose resources step copies it");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + FOLDER + file + ": " + e.getMessage(), e);
        }
    }
}
