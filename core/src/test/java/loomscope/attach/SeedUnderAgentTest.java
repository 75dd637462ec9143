package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
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
    void onJdk25() throws Exception {
        theAgentsMountsPerThreadEqualTheRecordings(Path.of(System.getProperty("java.home")));
    }

    /** On JDK 21 the seed's sleep inside synchronized pins: one long pinned mount a thread, on both sides. */
    @Test
    void onJdk21() throws Exception {
        Path jdk21 = loomscope.testing.Jdk21.find();
        org.junit.jupiter.api.Assumptions.assumeTrue(jdk21 != null, "no JDK 21 runtime: set LOOMSCOPE_JDK21");
        theAgentsMountsPerThreadEqualTheRecordings(jdk21);
    }

    private void theAgentsMountsPerThreadEqualTheRecordings(Path jdk) throws Exception {
        Path saved = scratch.resolve("seed.loomrun");
        try (AttachSession.Waiting waiting = AttachSession.listen(AgentJar.locate())) {
            Process cli = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/jdk.internal.misc=ALL-UNNAMED",
                    "-cp", TargetJvm.classPathWithoutAgent(), LoomScopeCli.class.getName(), "run", "--threads",
                    Integer.toString(THREADS), "--parallelism", "2", "--probes", "none", "--save", saved.toString(),
                    "--jdk", jdk.toString(),
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
            Map<Integer, Integer> recordedPinned = new TreeMap<>();
            for (CarrierLog log : SavedRun.read(saved).recording().carriers()) {
                for (int i = 0; i < log.size(); i++) {
                    recorded.merge(log.vt(i), 1, Integer::sum);
                    recordedPinned.merge(log.vt(i), log.pinned(i) ? 1 : 0, Integer::sum);
                }
            }
            Map<Integer, String> nameOfVt = new HashMap<>();
            episodes.virtualThreads().forEach(t -> nameOfVt.put(t.vt(), t.name()));
            Map<Integer, Integer> seen = new TreeMap<>();
            Map<Integer, Integer> seenPinned = new TreeMap<>();
            for (AttachedEpisodes.Episode e : episodes.episodes()) {
                String name = nameOfVt.get(e.vt());
                if (name.startsWith("loomscope-vt-")) {
                    int vt = Integer.parseInt(name.substring("loomscope-vt-".length()));
                    seen.merge(vt, 1, Integer::sum);
                    seenPinned.merge(vt, e.heldForSure() ? 1 : 0, Integer::sum);
                }
            }
            assertEquals(THREADS, recorded.size());
            assertEquals(recorded.keySet(), seen.keySet(), "the threads: LoomScope's recording vs the agent's");
            // Equal, but for the JDK's empty runs: LoomScope's pool counts every run of a continuation the JDK hands it,
            // and VirtualThread.runContinuation returns without mounting when the thread is no longer runnable (a
            // second submit that lost the race for its state: seen once in CI, thread 197 of 300, 3 runs for 2
            // mounts). The agent hooks mount() itself. Such a run is one more, never one fewer, and rare.
            List<Integer> differ = new ArrayList<>();
            for (Map.Entry<Integer, Integer> r : recorded.entrySet()) {
                int agent = seen.getOrDefault(r.getKey(), 0);
                assertTrue(r.getValue() == agent || r.getValue() == agent + 1, "thread " + r.getKey() + ": LoomScope's "
                        + "recording has " + r.getValue() + " mounts, the agent " + agent);
                if (r.getValue() != agent) {
                    differ.add(r.getKey());
                }
            }
            assertTrue(differ.size() <= THREADS / 100, "threads with an empty run of the JDK's: " + differ);
            // The seed's phase rule on one side, the carrier clocks and the pinned park on the other: every mount the
            // phases call pinned is pinned for the agent too (no hidden pin). The clocks may see more: a carrier
            // blocked on a JVM lock in a mount with no sleep in it (seen: 2 of 300 threads, one mount each, on JDK 25 on this 2-core machine;
            // core's RuleCrossCheck measures the same difference between its two rules).
            for (Map.Entry<Integer, Integer> r : recordedPinned.entrySet()) {
                assertTrue(seenPinned.getOrDefault(r.getKey(), 0) >= r.getValue(), "thread " + r.getKey()
                        + ": LoomScope's recording has " + r.getValue() + " pinned mounts, the agent "
                        + seenPinned.getOrDefault(r.getKey(), 0));
            }
            session.close();
        }
    }
}
