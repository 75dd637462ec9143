package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import loomscope.cli.LoomScopeCli;
import loomscope.recording.CarrierLog;
import loomscope.savedrun.SavedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LoomScope's own seed workload in a child JVM started with the agent ({@code attach --wait}'s way): the agent's
 * mount episodes per virtual thread equal LoomScope's own recording of the same run, thread by thread (the seed
 * names its threads {@code loomscope-vt-N}, N its index in the recording).
 */
class SeedUnderAgentTest {
    private static final int THREADS = 300;

    @TempDir
    Path scratch;

    @Test
    void theAgentsMountsPerThreadEqualTheRecordings() throws Exception {
        Path saved = scratch.resolve("seed.loomrun");
        try (AttachSession.Waiting waiting = AttachSession.listen(AgentJar.locate())) {
            Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                    "-cp", TargetJvm.classPathWithoutAgent(), LoomScopeCli.class.getName(), "run", "--threads",
                    Integer.toString(THREADS), "--parallelism", "2", "--probes", "none", "--save", saved.toString(),
                    "--jvm-arg=" + waiting.javaagentFlag())
                    .redirectErrorStream(true).redirectOutput(scratch.resolve("cli.out").toFile()).start();
            AttachSession session = waiting.awaitAgent(120_000);
            assertNotNull(session, "the child JVM's agent did not connect: " + java.nio.file.Files.readString(scratch.resolve("cli.out")));
            assertTrue(cli.waitFor(180, TimeUnit.SECONDS), "the run did not end");
            String printed = java.nio.file.Files.readString(scratch.resolve("cli.out"));
            assertEquals(0, cli.exitValue(), printed);
            assertTrue(session.awaitEnd(60_000), "the agent's stream did not end with the child");
            assertTrue(session.targetExited(), String.valueOf(session.ending()));
            AttachedEpisodes episodes = session.episodes();
            assertEquals(0, episodes.dropped());

            Map<Integer, Integer> recorded = new TreeMap<>();
            for (CarrierLog log : SavedRun.read(saved).recording().carriers()) {
                for (int i = 0; i < log.size(); i++) {
                    recorded.merge(log.vt(i), 1, Integer::sum);
                }
            }
            Map<Integer, String> nameOfVt = new HashMap<>();
            episodes.virtualThreads().forEach(t -> nameOfVt.put(t.vt(), t.name()));
            Map<Integer, Integer> seen = new TreeMap<>();
            for (AttachedEpisodes.Episode e : episodes.episodes()) {
                String name = nameOfVt.get(e.vt());
                if (name.startsWith("loomscope-vt-")) {
                    seen.merge(Integer.parseInt(name.substring("loomscope-vt-".length())), 1, Integer::sum);
                }
            }
            assertEquals(THREADS, recorded.size());
            assertEquals(recorded, seen, "mount episodes per thread: LoomScope's recording vs the agent's");
            session.close();
        }
    }
}
