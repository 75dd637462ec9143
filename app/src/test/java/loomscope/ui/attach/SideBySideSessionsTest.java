package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import loomscope.attach.AgentJar;
import loomscope.attach.AttachSession;
import loomscope.attach.HostPort;
import loomscope.attach.JvmEntry;
import loomscope.ui.attach.SideBySideSessions.Attached;

/** Which JVM may join the sessions side by side, without a window: none refused for nothing, a real session's rules. */
class SideBySideSessionsTest {
    private final TargetJvms targets = new TargetJvms();

    @AfterEach
    void stopAll() throws InterruptedException {
        targets.endAll();
    }

    @Test
    void withNoneAttachedOnlyAJvmThatCannotBeAttachedToIsRefused() {
        SideBySideSessions sessions = new SideBySideSessions();
        JvmEntry old = new JvmEntry(4242, "org.example.Legacy", "17.0.15", "it runs Java 17.0.15; the agent needs Java 21");
        JvmEntry server = new JvmEntry(9000, "org.example.Server", "25.0.3", null);
        assertEquals(Optional.of("pid 4242: it runs Java 17.0.15; the agent needs Java 21"), sessions.refusalToAttach(old));
        assertEquals(Optional.empty(), sessions.refusalToAttach(server));
        assertEquals(Optional.empty(), sessions.refusalToConnect(HostPort.parse("127.0.0.1:7071", false)));
        assertFalse(sessions.full());
        assertTrue(sessions.isEmpty());
        assertEquals(List.of(), sessions.copy());
    }

    @Test
    void anAttachedJvmIsRefusedAgainAndEightAreAsManyAsSitSideBySide(@TempDir Path dir) throws Exception {
        TargetSources.compile(dir);
        Process target = targets.start(dir, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                List.of("-Djdk.virtualThreadScheduler.parallelism=2"), "VtTarget", dir.resolve("target.err"));
        JvmEntry listed = new JvmEntry(target.pid(), "VtTarget", Runtime.version().toString(), null);
        JvmEntry other = new JvmEntry(target.pid() + 1, "org.example.Other", "25.0.3", null);
        SideBySideSessions sessions = new SideBySideSessions();
        try (AttachSession session = AttachSession.start(target.pid(), AgentJar.locate())) {
            Attached one = new Attached(session, listed, 2);
            sessions.add(one);
            assertTrue(sessions.isAttached(listed));
            assertFalse(sessions.isAttached(other));
            assertEquals(Optional.of("pid " + target.pid() + " is attached already"), sessions.refusalToAttach(listed));
            assertEquals(Optional.empty(), sessions.refusalToAttach(other));
            assertFalse(sessions.allEnded(), "its stream runs");
            List<Attached> copy = sessions.copy();
            for (int i = 1; i < AttachViewModel.MAX_SESSIONS; i++) {
                sessions.add(one);
            }
            assertEquals(1, copy.size(), "a job's copy does not grow with them");
            assertTrue(sessions.full());
            assertEquals(Optional.of("at most 8 JVMs side by side: Stop, then attach again"), sessions.refusalToAttach(other));
            assertEquals(Optional.of("at most 8 JVMs side by side: Stop, then connect again"),
                    sessions.refusalToConnect(HostPort.parse("127.0.0.1:7071", false)));
            session.stop(AttachSession.STOP_MILLIS);
            assertTrue(sessions.allEnded(), "its stream ended at the stop");
        }
        sessions.clear();
        assertEquals(0, sessions.count());
        assertFalse(sessions.full());
    }
}
