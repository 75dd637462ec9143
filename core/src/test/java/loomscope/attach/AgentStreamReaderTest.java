package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import loomscope.recording.RunRecording;
import org.junit.jupiter.api.Test;

/** The agent's lines as the reader takes them, how a stream can end, and the verdict on an episode. */
class AgentStreamReaderTest {

    private static AgentStreamReader.Ending read(AttachedEpisodes into, String text) {
        return new AgentStreamReader(into).read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static final String STREAM = """
            LOOMSCOPE-AGENT 1 25.0.3+9-LTS
            O 1000
            C 3 10 ForkJoinPool-1-worker-1
            V 0 66 request one
            M 3 0 100 200 0 0
            M 3 0 300 2000300 1500000 1
            J 66 290 2000000 ForkJoinPool-1-worker-1
            D 3 2 0
            H 3000000
            """;

    @Test
    void aWholeStreamBecomesARecording() {
        AttachedEpisodes e = new AttachedEpisodes();
        AgentStreamReader.Ending ending = read(e, STREAM + "Z detached\n");
        assertEquals(new AgentStreamReader.Ending.Complete(false), ending);
        assertEquals("25.0.3+9-LTS", e.javaVersion());
        assertEquals(1000, e.targetOrigin());
        assertEquals("request one", e.virtualThreads().get(0).name());
        assertEquals(0, e.carriers().get(0).lane());
        assertEquals(2, e.dropped());
        assertEquals(3_000_000, e.lastTime());
        RunRecording r = e.toRecording("com.example.Main");
        assertEquals(2, r.carriers()[0].size());
        assertTrue(r.carriers()[0].pinned(1));
        assertEquals("task-file", r.config().scenario().name());
        AttachCrossCheck check = AttachCrossCheck.of(e);
        assertEquals(new AttachCrossCheck(1, 1, 1, 1, 1, null), check);
    }

    @Test
    void aSavingAgentsCountOfEpisodesNotWrittenIsNotKept() {
        AttachedEpisodes e = new AttachedEpisodes();
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(e, STREAM + "K 7\nZ exited\n"));
        assertEquals(7, e.notKept());
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class, read(new AttachedEpisodes(), STREAM + "K -7\n"));
    }

    @Test
    void aBoundedReadStopsAtItsMemoryInOneLine() {
        StringBuilder threads = new StringBuilder("LOOMSCOPE-AGENT 1 25\n");
        for (int vt = 0; vt < 100; vt++) {
            threads.append("V ").append(vt).append(' ').append(1000 + vt).append(" t\n");
        }
        AttachedEpisodes bounded = new AttachedEpisodes(20 * AttachedEpisodes.THREAD_BYTES);
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class, read(bounded, threads + "Z exited\n"));
        assertTrue(bounded.tooBig().startsWith("its virtual threads (21 so far) need more memory"), bounded.tooBig());
        assertEquals(20, bounded.virtualThreadCount());
        AttachedEpisodes live = new AttachedEpisodes();
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(live, threads + "Z exited\n"));
        assertEquals(100, live.virtualThreadCount());
    }

    @Test
    void endings() {
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(new AttachedEpisodes(), STREAM + "Z exited\n"));
        assertEquals(new AgentStreamReader.Ending.Cut(), read(new AttachedEpisodes(), STREAM));
        assertEquals(new AgentStreamReader.Ending.Refused("Java 26 is not a release the agent knows (21 to 25)"),
                read(new AttachedEpisodes(), "LOOMSCOPE-AGENT 1 26\nF Java 26 is not a release the agent knows (21 to 25)\nZ\n"));
        assertInstanceOf(AgentStreamReader.Ending.Refused.class, read(new AttachedEpisodes(), "LOOMSCOPE-AGENT 2 25\n"));
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class, read(new AttachedEpisodes(), STREAM + "M 3 0 1\n"));
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class, read(new AttachedEpisodes(), STREAM + "M 9 0 1 2 0 0\n"));
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class, read(new AttachedEpisodes(), "hello\n"));
    }

    @Test
    void theVerdictFollowsTheCarrierClockRule() {
        long ms = 1_000_000;
        assertEquals(AttachedEpisodes.Episode.PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, 2 * ms, false).verdict());
        assertEquals(AttachedEpisodes.Episode.NOT_PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, 0, true).verdict());
        assertEquals(AttachedEpisodes.Episode.UNSURE, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -2 - 10, false).verdict());
        assertEquals(AttachedEpisodes.Episode.PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -2 - 10, true).verdict());
        assertEquals(AttachedEpisodes.Episode.PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -1, true).verdict());
        assertEquals(AttachedEpisodes.Episode.NOT_PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -1, false).verdict());
    }
}
