package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import loomscope.recording.RecordingBuilder;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.savedrun.RunInfo;
import loomscope.savedrun.SavedRun;
import loomscope.scenario.ScenarioParams;
import loomscope.scenario.SeedScenario;
import loomscope.scenario.TaskFileScenario;
import loomscope.workload.SchedulerKind;
import loomscope.workload.ThreadKind;
import loomscope.workload.WorkloadConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a run came from (issue #45): every kind of run says it, and an application's survives a save and an open. */
class RunSourceTest {
    private static final long MS = 1_000_000;

    private static AttachedEpisodes session(long pid, String mainClass) {
        AttachedEpisodes e = new AttachedEpisodes();
        e.identity(pid, mainClass);
        e.carrier(0, 0, "ForkJoinPool-1-worker-1");
        e.virtualThread(0, 100, "request-0");
        e.episode(0, 0, 10 * MS, 12 * MS, 0, false);
        e.heartbeat(20 * MS);
        return e;
    }

    @Test
    void ourRunsSayWhereTheyRan() {
        WorkloadConfig seed = SeedScenario.config();
        assertInstanceOf(RunSource.ThisJvm.class, RunRecording.forThisJvm(seed).source());
        assertInstanceOf(RunSource.ChildJvm.class, RunRecording.forAnotherJvm(seed, "21.0.8").source());
        WorkloadConfig yours = new WorkloadConfig(10, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL,
                new ScenarioParams(new TaskFileScenario(), Map.of(TaskFileScenario.CLASS, "SleepInLock",
                        TaskFileScenario.CLASSES, "/tmp/x")));
        RunSource source = RunRecording.forAnotherJvm(yours, "25").source();
        assertEquals(new RunSource.YourCode("SleepInLock"), source);
        assertEquals("task-file", source.exportName());
        assertTrue(source.ranOurTasks());
        assertNull(source.mainClass(), "your code is not an application");
        assertEquals("scenario", RunRecording.forThisJvm(seed).source().exportName());
        assertEquals("child", RunRecording.forAnotherJvm(seed, "21").source().exportName());
    }

    @Test
    void anAttachedSessionIsAnApplicationWithItsFacts() {
        AttachedEpisodes e = session(4242, "com.example.Shop");
        RunRecording r = e.classified("com.example.Shop", Integer.MAX_VALUE, true).recording();
        RunSource.Application app = assertInstanceOf(RunSource.Application.class, r.source());
        RunSource.Jvm jvm = app.jvms().get(0);
        assertEquals(new RunSource.Jvm("com.example.Shop", 4242, null, e.javaVersion(), RunSource.Reached.ATTACHED), jvm);
        assertFalse(app.ranOurTasks(), "an application's threads are its own");
        assertEquals("application", app.exportName());
        assertEquals("com.example.Shop", app.mainClass());
        assertEquals("Shop", app.shortName());
        assertEquals("pid 4242 on this machine", jvm.where());
        // the lanes' live copies say it too
        assertEquals(app, e.newest("com.example.Shop", Integer.MAX_VALUE, 1000, 1000).recording().source());
    }

    @Test
    void aConnectedJvmNamesItsHostAndSideBySideNamesEveryJvm() {
        AttachedEpisodes server = session(11, "shop.Server");
        AttachedEpisodes client = session(12, "shop.Client");
        client.reachedBy(RunSource.Reached.CONNECTED, "10.0.0.7:7071");
        RunRecording s = server.classified("shop.Server", Integer.MAX_VALUE, true).recording();
        RunRecording c = client.classified("shop.Client", Integer.MAX_VALUE, true).recording();
        assertEquals("pid 12 at 10.0.0.7:7071", ((RunSource.Application) c.source()).jvms().get(0).where());
        RunRecording both = SideBySide.merge(List.of(new SideBySide.Part(s, "pid 11 Server", 0),
                new SideBySide.Part(c, "pid 12 Client", 0)));
        RunSource.Application app = assertInstanceOf(RunSource.Application.class, both.source());
        assertEquals(2, app.jvms().size());
        assertEquals("shop.Server+shop.Client", app.mainClass());
        assertEquals("Server+Client", app.shortName());
    }

    @Test
    void anApplicationsSourceSurvivesASaveAndAnOpen(@TempDir Path dir) throws Exception {
        AttachedEpisodes e = session(4242, "com.example.Shop");
        e.reachedBy(RunSource.Reached.CONNECTED, "10.0.0.7:7071");
        RunRecording r = e.classified("com.example.Shop", Integer.MAX_VALUE, true).recording();
        Path file = dir.resolve("shop.loomrun");
        new SavedRun(r, RunInfo.ofThisHost(List.of(), false), List.of()).write(file, false);
        assertTrue(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1).contains("\"application\":[{"));
        assertEquals(r.source(), SavedRun.read(file).recording().source());

        // a file saved before the header said so: your code with no folder of classes is an application
        RunRecording older = RecordingBuilder.of(new WorkloadConfig(1, 1, SchedulerKind.POOL, ThreadKind.VIRTUAL,
                new ScenarioParams(new TaskFileScenario(), Map.of(TaskFileScenario.CLASS, "com.example.Shop",
                        TaskFileScenario.CLASSES, ""))), "25").carrier(0, "c", 0, false).mount(0, 0, 0, 1 * MS, 2 * MS, false)
                .finish(0, 3 * MS, 0, false);
        Path old = dir.resolve("old.loomrun");
        new SavedRun(older, RunInfo.ofThisHost(List.of(), false), List.of()).write(old, false);
        assertFalse(Files.readString(old, java.nio.charset.StandardCharsets.ISO_8859_1).contains("\"application\""));
        RunSource.Application read = assertInstanceOf(RunSource.Application.class, SavedRun.read(old).recording().source());
        assertEquals(RunSource.Reached.NOT_KEPT, read.jvms().get(0).reached());
        assertEquals("com.example.Shop", read.mainClass());
        // a seed run's file is as it was: no application in its header, and it opens as a scenario's run
        RunRecording seed = RecordingBuilder.of(SeedScenario.config(), "25").carrier(0, "c", 0, false)
                .mount(0, 0, 0, 1 * MS, 2 * MS, false).finish(0, 3 * MS, 1, false);
        Path seedFile = dir.resolve("seed.loomrun");
        new SavedRun(seed, RunInfo.ofThisHost(List.of(), false), List.of()).write(seedFile, false);
        assertFalse(Files.readString(seedFile, java.nio.charset.StandardCharsets.ISO_8859_1).contains("\"application\""));
        assertInstanceOf(RunSource.ThisJvm.class, SavedRun.read(seedFile).recording().source());
    }
}
