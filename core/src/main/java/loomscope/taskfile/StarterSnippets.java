package loomscope.taskfile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import loomscope.scenario.Scenario;
import loomscope.workload.LockMode;

/**
 * A task file to start from for each scenario: what its threads do, written as a standalone class with the
 * scenario's parameters as its fields (resources {@code /loomscope/snippets/NAME.java}; the seed has one per lock
 * mode, {@code seed-LOCK.java}, made from one seed by {@link SeedStarters} but native-frame's). A scenario without one
 * starts from {@link #BLANK}.
 */
public final class StarterSnippets {
    private static final String FOLDER = "/loomscope/snippets/";

    /** The smallest task file that meets the contract, with a word on what is in scope. */
    public static final String BLANK = """
            // Your task: each virtual thread calls run(index) on
            // one shared instance of this class. Its fields are
            // the shared setup; index is the thread's number,
            // 0..N-1; Integer.getInteger("loomscope.threads")
            // is N, "loomscope.parallelism" is P.
            public class Task {
                public void run(int index) throws Exception {
                    Thread.sleep(20);
                }
            }
            """;

    /** Every starter's file, for a list and for the tests. */
    public static final List<String> FILES = List.of("seed-none.java", "seed-shared-synchronized.java",
            "seed-synchronized.java", "seed-reentrant-lock.java", "seed-native-frame.java", "waves.java",
            "object-wait.java", "class-init.java", "class-loader.java", "file-io.java", "cart-service.java",
            "producer-consumer.java");

    private StarterSnippets() { }

    /**
     * The starter of {@code scenario} ({@link Scenario#starterName}), else {@link #BLANK}; null gives BLANK. A scenario
     * with a starter per lock mode ({@code seed-synchronized.java}) gets the one of {@code lock}, or of synchronized
     * when no lock is given.
     */
    public static String forScenario(Scenario scenario, String lock) {
        if (scenario == null) {
            return BLANK;
        }
        String name = scenario.starterName();
        String perLock = resource(name + "-" + (lock == null ? LockMode.SYNCHRONIZED.cliName() : lock) + ".java");
        if (perLock != null) {
            return perLock;
        }
        String text = resource(name + ".java");
        return text != null ? text : BLANK;
    }

    /** The starter whose file is {@code fileName} (e.g. {@code seed-synchronized.java}), or null. */
    public static String byFileName(String fileName) {
        if (fileName == null || !fileName.matches("[A-Za-z0-9_-]{1,100}\\.java")) {
            return null;
        }
        return resource(fileName);
    }

    private static String resource(String fileName) {
        String seed = SeedStarters.byFileName(fileName);
        if (seed != null) {
            return seed;
        }
        try (InputStream in = StarterSnippets.class.getResourceAsStream(FOLDER + fileName)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }
}
