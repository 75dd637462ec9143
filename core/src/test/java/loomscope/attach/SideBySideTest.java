package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import loomscope.recording.CarrierLog;
import loomscope.recording.MountClass;
import loomscope.recording.RunRecording;
import loomscope.workload.Phase;
import org.junit.jupiter.api.Test;

/** Two sessions' recordings as one on one axis: lanes per JVM, threads apart, times shifted by the origins. */
class SideBySideTest {

    /** A client: one carrier, two threads, a plain mount and a pinned one the JDK's event names. */
    private static final String CLIENT = """
            LOOMSCOPE-AGENT 1 25.0.3+9-LTS
            O 1000
            I 4121 com.example.Client
            C 0 10 ForkJoinPool-1-worker-1
            V 0 66 call one
            V 1 67 call two
            M 0 0 100 200 0 0
            M 0 1 300 2000300 1500000 1
            J 67 290 2000000 ForkJoinPool-1-worker-1
            H 3000000
            Z detached
            """;

    /** Its server, attached 5 ms later on the same host's clock: two carriers. */
    private static final String SERVER = """
            LOOMSCOPE-AGENT 1 21.0.8+9-LTS
            O 5001000
            I 4122 /srv/server.jar
            C 0 10 ForkJoinPool-1-worker-1
            C 1 20 ForkJoinPool-1-worker-2
            V 0 90 handler
            M 0 0 100 400 0 0
            M 1 0 500 900 0 0
            H 1000000
            Z detached
            """;

    private static AttachedEpisodes read(String text) {
        AttachedEpisodes into = new AttachedEpisodes();
        new AgentStreamReader(into).read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        return into;
    }

    private static SideBySide.Part whole(AttachedEpisodes e) {
        return SideBySide.part(e.classified(e.targetMainClass(), Integer.MAX_VALUE, true).recording(), e, e.targetPid(),
                e.targetMainClass());
    }

    @Test
    void eachJvmsCarriersAreItsOwnLanesNamedByPidAndMainClassInTheOrderGiven() {
        RunRecording merged = SideBySide.merge(List.of(whole(read(CLIENT)), whole(read(SERVER))));
        List<String> names = java.util.Arrays.stream(merged.carriers()).map(CarrierLog::name).toList();
        assertEquals(List.of("pid 4121 Client · ForkJoinPool-1-worker-1", "pid 4122 server.jar · ForkJoinPool-1-worker-1",
                "pid 4122 server.jar · ForkJoinPool-1-worker-2"), names);
        assertEquals("pid 4122 server.jar", SideBySide.jvmOf(names.get(2)));
        assertEquals("ForkJoinPool-1-worker-2", SideBySide.carrierOf(names.get(2)));
        assertNull(SideBySide.jvmOf("ForkJoinPool-1-worker-2"), "one JVM's lane has no JVM part");
        assertEquals("25.0.3+9-LTS / 21.0.8+9-LTS", merged.jdkVersion());
        assertEquals("25.0.3 / 21.0.8", SideBySide.shortVersions(merged.jdkVersion()));
        assertEquals(2, SideBySide.jvmsIn(merged));
        assertEquals(0, SideBySide.jvmsIn(read(CLIENT).toRecording("Client")));
        assertTrue(merged.isFinished());
    }

    @Test
    void theLaterSessionsTimesAreShiftedByTheDifferenceOfTheTargetsOrigins() {
        RunRecording merged = SideBySide.merge(List.of(whole(read(CLIENT)), whole(read(SERVER))));
        CarrierLog client = merged.carriers()[0];
        CarrierLog server = merged.carriers()[1];
        assertEquals(100, client.start(0), "the earlier origin is the axis' 0");
        assertEquals(5_000_000 + 100, server.start(0));
        assertEquals(5_000_000 + 400, server.end(0));
        assertEquals(5_000_000 + 500, merged.carriers()[2].start(0));
        assertEquals(5_000_000 + 1_000_000, merged.runEnd(), "the later session's end is the run's");
        assertEquals(0, merged.runStart());
        // the same sessions given the other way round: the same axis, the server's lanes first
        RunRecording swapped = SideBySide.merge(List.of(whole(read(SERVER)), whole(read(CLIENT))));
        assertEquals(5_000_100, swapped.carriers()[0].start(0));
        assertEquals(100, swapped.carriers()[2].start(0));
    }

    @Test
    void threadsAreRenumberedAfterThePreviousJvmsAndKeepTheirFirstSeenTime() {
        RunRecording merged = SideBySide.merge(List.of(whole(read(CLIENT)), whole(read(SERVER))));
        assertEquals(3, merged.threads());
        assertEquals(List.of(0, 1), List.of(merged.carriers()[0].vt(0), merged.carriers()[0].vt(1)));
        assertEquals(2, merged.carriers()[1].vt(0), "the server's thread 0 comes after the client's two");
        assertEquals(2, merged.carriers()[2].vt(0));
        assertEquals(5_000_100, merged.phase(2, Phase.CREATED));
        assertEquals(300, merged.phase(1, Phase.CREATED));
    }

    @Test
    void eachSessionsCausesStayAsItsOwnClassificationMadeThem() {
        AttachedEpisodes client = read(CLIENT);
        RunRecording alone = client.classified(client.targetMainClass(), Integer.MAX_VALUE, true).recording();
        assertEquals(MountClass.PINNED, alone.carriers()[0].mountClass(1));
        RunRecording merged = SideBySide.merge(List.of(whole(client), whole(read(SERVER))));
        assertEquals(MountClass.PINNED, merged.carriers()[0].mountClass(1));
        assertEquals(MountClass.NOT_HELD, merged.carriers()[0].mountClass(0));
        assertNotNull(alone.whyOf(0, 1), "the JDK's event is the pin's witness");
        assertEquals(alone.whyOf(0, 1), merged.whyOf(0, 1), "the client is first: its times are not shifted");
        assertFalse(merged.carriers()[1].pinned(0));
    }

    @Test
    void aSessionWithNewestEpisodesOnlyStartsTheAxisWhereEverySessionIsWhole() {
        AttachedEpisodes client = read(CLIENT);
        AttachedEpisodes server = read(SERVER);
        // the client's newest episode only: its recording starts at 300, its first mount left out
        AttachedEpisodes.Newest newest = client.newest(client.targetMainClass(), Integer.MAX_VALUE, 1, 100);
        assertEquals(300, newest.recording().runStart());
        RunRecording merged = SideBySide.merge(List.of(
                SideBySide.part(newest.recording(), client, client.targetPid(), client.targetMainClass()), whole(server)));
        assertEquals(300, merged.runStart());
        assertEquals(1, merged.carriers()[0].size());
        assertEquals(300, merged.carriers()[0].start(0));
        assertEquals(2, merged.carrierCount() - 1, "the server's lanes, whole: they begin after 300");
    }

    @Test
    void aSessionThatNeverToldItsOriginIsPlacedAtItsHellosArrival() {
        AttachedEpisodes told = read(CLIENT);
        assertTrue(told.originTold());
        assertEquals(1000, SideBySide.hostOrigin(told));
        AttachedEpisodes remote = read(SERVER.replace("O 5001000\n", ""));
        assertFalse(remote.originTold());
        assertEquals(remote.helloArrivedAt(), SideBySide.hostOrigin(remote));
    }

    @Test
    void aJvmOnAnotherHostIsPlacedAtItsHellosArrivalThoughItToldItsOrigin() {
        AttachedEpisodes connected = read(SERVER);
        connected.onAnotherHost();   // as AttachSession.connect marks it: its O line is that host's clock
        assertTrue(connected.originTold());
        assertFalse(connected.originOnThisHostsClock());
        assertEquals(connected.helloArrivedAt(), SideBySide.hostOrigin(connected));
    }

    @Test
    void aLabelIsThePidAndTheMainClassesLastPartCut() {
        assertEquals("pid 7 Server", SideBySide.jvmLabel(7, "com.example.Server"));
        assertEquals("pid 7 Main", SideBySide.jvmLabel(7, "jdk.compiler/com.sun.tools.javac.Main"));
        assertEquals("pid 7 app-1.0.jar", SideBySide.jvmLabel(7, "/opt/app/app-1.0.jar"));
        assertEquals("pid 7", SideBySide.jvmLabel(7, ""));
        assertEquals(24, SideBySide.jvmLabel(7, "a." + "X".repeat(60)).length() - "pid 7 ".length());
        assertThrows(IllegalArgumentException.class, () -> SideBySide.merge(List.of()));
    }
}
