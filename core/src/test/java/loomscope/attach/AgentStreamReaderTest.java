package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Enumeration;
import java.nio.charset.StandardCharsets;

import loomscope.io.ForeignText;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import java.util.List;

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
    void aReleaseNewerThanTheTestedOnesIsSaidOnceAndATestedOneSaysNothing() {
        AttachedEpisodes newer = new AttachedEpisodes();
        String line = "Java 26 is newer than the releases the agent was tested on (21 to 25); its VirtualThread has the"
                + " three hook sites with their signatures there, so it is hooked, untested";
        assertEquals(new AgentStreamReader.Ending.Complete(false),
                read(newer, STREAM.replace("25.0.3+9-LTS", "26-ea+20") + "N release " + line + "\nZ detached\n"));
        assertEquals(line, newer.untestedRelease());
        AttachedEpisodes tested = new AttachedEpisodes();
        read(tested, STREAM + "Z detached\n");
        assertNull(tested.untestedRelease());
    }

    @Test
    void aSavingAgentsCountOfEpisodesNotWrittenIsNotKept() {
        AttachedEpisodes e = new AttachedEpisodes();
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(e, STREAM + "K 7\nZ exited\n"));
        assertEquals(7, e.notKept());
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class, read(new AttachedEpisodes(), STREAM + "K -7\n"));
    }

    @Test
    void aPinnedEventCarriesTheJdksReasonAndStackEachStackKeptOnce() {
        AttachedEpisodes e = new AttachedEpisodes();
        String frames = "app.Routes.nativeSleep(Unknown%20Source%3A42),java.lang.Thread.run(Unknown%20Source)";
        String stream = "LOOMSCOPE-AGENT 1 25\n"
                + "P 7 100 2000000 carrier-1 Native+or+VM+frame+on+stack LockSupport.park " + frames + "\n"
                + "P 8 200 3000000 - - - " + frames + "\n"
                + "P -1 300 10 %00 - - -\nZ exited\n";
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(e, stream));
        List<AttachedEpisodes.JfrPin> pins = e.jfrPins();
        assertEquals(3, pins.size());
        assertEquals("Native or VM frame on stack", pins.get(0).reason());
        assertEquals("LockSupport.park", pins.get(0).blockingOperation());
        assertEquals("carrier-1", pins.get(0).carrierName());
        assertEquals("app.Routes", pins.get(0).stack().get(0).className());
        assertEquals(42, pins.get(0).stack().get(0).line());
        assertSame(pins.get(0).stack(), pins.get(1).stack(), "one stack kept once");
        assertNull(pins.get(1).reason());
        assertEquals("", pins.get(2).carrierName());
        assertEquals(List.of(), pins.get(2).stack());
        assertEquals("app.Routes.nativeSleep:42", e.pinnedEvents().get(0).topApplicationFrame().className() + "."
                + e.pinnedEvents().get(0).topApplicationFrame().methodName() + ":" + e.pinnedEvents().get(0).topApplicationFrame().line());
    }

    /**
     * A held stack's line says whether the kernel confirmed its carrier blocked ("STATE/blocked carrier"); an older
     * agent's line, without it, still reads, as "the kernel did not say".
     */
    @Test
    void aHeldStackLineSaysWhetherTheKernelConfirmedTheBlockAndAnOldOneStillReads() {
        AttachedEpisodes e = new AttachedEpisodes();
        String frames = "java.io.FileInputStream.open0(Native%20Method),app.Routes.fifo(Routes.java%3A9)";
        String stream = "LOOMSCOPE-AGENT 1 25\n"
                + "W HeldStack 100 2000000 RUNNABLE%2Fblocked+ForkJoinPool-1-worker-1 " + frames + "\n"
                + "W HeldStack 200 2000000 RUNNABLE+ForkJoinPool-1-worker-2 " + frames + "\nZ exited\n";
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(e, stream));
        List<loomscope.probe.Witness> held = e.witnesses();
        assertEquals(2, held.size());
        assertTrue(held.get(0).heldKernelBlocked());
        assertEquals("ForkJoinPool-1-worker-1", held.get(0).heldCarrier());
        assertEquals(Thread.State.RUNNABLE, held.get(0).heldState());
        assertEquals(false, held.get(1).heldKernelBlocked(), "an older agent's line: the kernel did not say");
        assertEquals("ForkJoinPool-1-worker-2", held.get(1).heldCarrier());
        assertEquals(Thread.State.RUNNABLE, held.get(1).heldState());
    }

    @Test
    void aPinnedEventLineWithFieldsMissingIsGarbled() {
        assertInstanceOf(AgentStreamReader.Ending.Garbled.class,
                read(new AttachedEpisodes(), "LOOMSCOPE-AGENT 1 25\nP 7 100 2000000 carrier-1\n"));
    }

    @Test
    void aRefusalInPlaceOfTheHelloIsARefusalNotASession() {
        AttachedEpisodes e = new AttachedEpisodes();
        AgentStreamReader reader = new AgentStreamReader(e);
        assertEquals(new AgentStreamReader.Ending.Refused("this JVM's agent records it into /tmp/a.loomrun"),
                reader.read(new ByteArrayInputStream("F this JVM's agent records it into /tmp/a.loomrun\nZ\n"
                        .getBytes(StandardCharsets.UTF_8))));
        assertFalse(reader.helloSeen(), "a refusal is no hello: LoomScope's wait for the hello does not take it for one");
    }

    @Test
    void aThreadTheAgentNamesAgainIsOneThread() {
        // the agent's bounded table forgot thread 1001 and named it again as 2: the same thread, its mounts together
        AttachedEpisodes e = new AttachedEpisodes();
        String stream = "LOOMSCOPE-AGENT 1 25\nC 0 0 carrier-0\nV 0 1001 a\nV 1 1002 \nV 2 1001 a\n"
                + "M 0 0 10 20 0 0\nM 0 1 30 40 0 0\nM 0 2 50 60 0 0\nZ exited\n";
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(e, stream));
        assertEquals(2, e.virtualThreadCount());
        assertEquals(List.of(0, 1, 0), e.episodes().stream().map(AttachedEpisodes.Episode::vt).toList());
    }

    @Test
    void aStreamThatNamesOneThreadForeverStopsAtItsBound() {
        StringBuilder again = new StringBuilder("LOOMSCOPE-AGENT 1 25\n");
        for (int vt = 0; vt < 1000; vt++) {
            again.append("V ").append(vt).append(" 7 t\n");
        }
        AttachedEpisodes bounded = new AttachedEpisodes(AttachedEpisodes.THREAD_BYTES + AttachedEpisodes.THREAD_ID_ENTRY_BYTES
                + 100 * Integer.BYTES);
        assertInstanceOf(AgentStreamReader.Ending.Bounded.class, read(bounded, again + "Z exited\n"));
        assertEquals(1, bounded.virtualThreadCount());
    }

    @Test
    void aBoundedReadStopsAtItsMemoryInOneLine() {
        StringBuilder threads = new StringBuilder("LOOMSCOPE-AGENT 1 25\n");
        for (int vt = 0; vt < 100; vt++) {
            threads.append("V ").append(vt).append(' ').append(1000 + vt).append(" t\n");
        }
        AttachedEpisodes bounded = new AttachedEpisodes(20 * (AttachedEpisodes.THREAD_BYTES + AttachedEpisodes.THREAD_ID_ENTRY_BYTES + 1));
        AgentStreamReader.Ending.Bounded b = assertInstanceOf(AgentStreamReader.Ending.Bounded.class,
                read(bounded, threads + "Z exited\n"));
        assertTrue(b.why().startsWith("its virtual threads (21 so far) need more memory"), b.why());
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

    /** The hello, then {@code line(i)} for i = 0, 1, 2, … for ever: a reader that does not stop never returns. */
    private static InputStream endless(java.util.function.IntFunction<String> line) {
        return new SequenceInputStream(new Enumeration<InputStream>() {
            private int i = -1;
            @Override public boolean hasMoreElements() { return true; }
            @Override public InputStream nextElement() {
                String text = i++ < 0 ? "LOOMSCOPE-AGENT 1 25\nC 0 0 worker\n" : line.apply(i - 1);
                return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
            }
        });
    }

    @Test
    void aLiveSessionStopsAtItsBoundsInOneLineAndKeepsWhatCame() {
        // endless V lines: past the session's memory, one line; what came is kept (it was an OutOfMemoryError)
        AttachedEpisodes threads = new AttachedEpisodes(1 << 20, true);
        AgentStreamReader.Ending.Bounded b = assertInstanceOf(AgentStreamReader.Ending.Bounded.class,
                new AgentStreamReader(threads).read(endless(i -> "V " + i + " " + i + " worker-" + i + "\n")));
        assertTrue(b.why().startsWith("its virtual threads (") && b.why().contains("one session (1 MB)"), b.why());
        assertTrue(threads.virtualThreadCount() > 3_000, "kept: " + threads.virtualThreadCount());
        // names count by their real length (cut at 256 characters, two bytes each here): fewer threads fit
        AttachedEpisodes named = new AttachedEpisodes(1 << 20, true);
        assertInstanceOf(AgentStreamReader.Ending.Bounded.class, new AgentStreamReader(named)
                .read(endless(i -> "V " + i + " " + i + " " + "é".repeat(30_000) + "\n")));
        assertTrue(named.virtualThreadCount() < threads.virtualThreadCount() / 2 && named.virtualThreadCount() > 1_000,
                named.virtualThreadCount() + " of 256 characters, " + threads.virtualThreadCount() + " of ~10");
        // endless carriers: more than any pool has
        AttachedEpisodes carriers = new AttachedEpisodes();
        AgentStreamReader.Ending.Bounded c = assertInstanceOf(AgentStreamReader.Ending.Bounded.class,
                new AgentStreamReader(carriers).read(endless(i -> "C " + (i + 1) + " 0 worker\n")));
        assertEquals("more than 4,096 carriers (more than any JVM's pool has)", c.why());
        assertEquals(AttachedEpisodes.MAX_CARRIERS, carriers.carriers().size());
        // endless JFR events
        AttachedEpisodes pins = new AttachedEpisodes(1 << 20, true);
        assertInstanceOf(AgentStreamReader.Ending.Bounded.class,
                new AgentStreamReader(pins).read(endless(i -> "J 1 0 10 worker\n")));
        assertTrue(pins.jfrPins().size() > 1_000, "kept: " + pins.jfrPins().size());
        // one line that never ends: stops at the line bound with what came before it
        AttachedEpisodes line = new AttachedEpisodes();
        AgentStreamReader.Ending.Bounded l = assertInstanceOf(AgentStreamReader.Ending.Bounded.class,
                new AgentStreamReader(line).read(endless(i -> "V 0 1 " + "x".repeat(1 << 12))));
        assertEquals("a line longer than any the agent writes (65,536 bytes)", l.why());
        assertEquals(1, line.carriers().size());
        assertTrue(l.sentence().startsWith("The agent's stream passed a bound of LoomScope's (a line longer"), l.sentence());
    }

    @Test
    void aLiveSessionsEpisodesPastItsMemoryAreCountedNotKept() {
        AttachedEpisodes e = new AttachedEpisodes(1 << 20, true);
        StringBuilder s = new StringBuilder("LOOMSCOPE-AGENT 1 25\nC 0 0 w\nV 0 1 t\n");
        for (int i = 0; i < 20_000; i++) {
            s.append("M 0 0 ").append(i).append(' ').append(i + 1).append(" 0 0\n");
        }
        assertEquals(new AgentStreamReader.Ending.Complete(false), read(e, s + "Z detached\n"));
        assertTrue(e.episodeCount() < 20_000 && e.episodeCount() > 5_000, "" + e.episodeCount());
        assertEquals(20_000, e.episodeCount() + e.notKept());
        assertEquals(20_000, e.lastTime());
    }

    @Test
    void namesAreCutAndWhatATerminalObeysIsShownAsAQuestionMark() {
        AttachedEpisodes e = new AttachedEpisodes();
        String hostile = "LOOMSCOPE-AGENT 1 25\u001b]0;owned\u0007\nI 1 Main\u202eevil\nC 0 0 w\u009b2J\n"
                + "V 0 1 " + "n".repeat(65_000) + "\nV 1 2 a\u2066b\u0000c\nJ 1 0 5 \u001b[31m\n";
        assertEquals(new AgentStreamReader.Ending.Complete(true), read(e, hostile + "Z exited\n"));
        assertEquals("25?]0;owned?", e.javaVersion());
        assertEquals("Main?evil", e.targetMainClass());
        assertEquals("w?2J", e.carriers().get(0).name());
        assertEquals("n".repeat(ForeignText.NAME_CHARS) + "…", e.virtualThreads().get(0).name());
        assertEquals("a?b?c", e.virtualThreads().get(1).name());
        assertEquals("?[31m", e.jfrPins().get(0).carrierName());
        assertEquals("its Java version", e.hiddenIn());
        AgentStreamReader.Ending.Refused r = assertInstanceOf(AgentStreamReader.Ending.Refused.class,
                read(new AttachedEpisodes(), "LOOMSCOPE-AGENT 1 25\nF no\u001b[2J\n"));
        assertEquals("The agent refused: no?[2J.", r.sentence());
        AgentStreamReader.Ending.Garbled g = assertInstanceOf(AgentStreamReader.Ending.Garbled.class,
                read(new AttachedEpisodes(), "LOOMSCOPE-AGENT 1 25\nX \u001b[2J\u202e" + "y".repeat(1_000) + "\n"));
        assertEquals("X ?[2J?" + "y".repeat(ForeignText.QUOTED_CHARS - 7) + "…", g.line());
        assertEquals("The agent's stream had a line LoomScope cannot read (unknown line kind 'X': \"" + g.line()
                + "\"): what came before it is kept.", g.sentence());
    }

    @Test
    void timesBeforeTheSessionOrPastNowAreRefused() {
        String head = "LOOMSCOPE-AGENT 1 25\nC 0 0 w\nV 0 1 t\n";
        for (String line : new String[] {"M 0 0 -5 100 0 0", "M 0 0 0 9223372036854775807 0 0", "H -1",
                "H 9223372036854775807", "J 1 0 -5 w", "J 1 9223372036854775807 5 w"}) {
            AttachedEpisodes e = new AttachedEpisodes();
            AgentStreamReader.Ending.Garbled g = assertInstanceOf(AgentStreamReader.Ending.Garbled.class,
                    read(e, head + line + "\n"), line);
            assertTrue(g.why().startsWith("impossible times"), line + ": " + g.why());
            assertEquals(0, e.lastTime(), line);
        }
        // a live session's times end now (and a minute): an hour after its hello is later than now
        AgentStreamReader.Ending.Garbled g = assertInstanceOf(AgentStreamReader.Ending.Garbled.class,
                read(new AttachedEpisodes(), head + "H 3600000000000\n"));
        assertTrue(g.why().endsWith("later than now"), g.why());
        // a file's, 30 days
        assertEquals(new AgentStreamReader.Ending.Complete(true),
                read(new AttachedEpisodes(1 << 20), head + "H 3600000000000\nZ exited\n"));
    }

    @Test
    void theClassFollowsTheCarrierClockRule() {
        long ms = 1_000_000;
        assertEquals(MountClass.HELD, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, 2 * ms, false).mountClass(),
                "the clocks saw a block and no pinned park says why: held, not yet classed");
        assertEquals(MountClass.PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, 2 * ms, true).mountClass());
        assertEquals(MountClass.NOT_HELD, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, 0, true).mountClass());
        assertEquals(MountClass.UNSURE, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -2 - 10, false).mountClass());
        assertEquals(MountClass.PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -2 - 10, true).mountClass());
        assertEquals(MountClass.PINNED, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -1, true).mountClass());
        assertEquals(MountClass.NOT_HELD, new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -1, false).mountClass());
        assertTrue(new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, 2 * ms, false).heldForSure());
        assertFalse(new AttachedEpisodes.Episode(0, 0, 0, 5 * ms, -2 - 10, false).heldForSure(), "unsure is not held for sure");
    }
}
