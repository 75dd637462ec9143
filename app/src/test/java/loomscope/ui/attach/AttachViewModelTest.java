package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;


import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import loomscope.attach.AttachRefusedException;
import loomscope.attach.JvmEntry;
import loomscope.attach.JvmList;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;

/** The attach window's model without a window: a fake list, a refused attach, and a real target JVM. */
class AttachViewModelTest {
    private final ExecutorService jobs = Executors.newFixedThreadPool(2);
    private final TargetJvms targets = new TargetJvms();

    @AfterEach
    void stopAll() throws InterruptedException {
        targets.endAll();
        jobs.shutdownNow();
    }

    /** Pulses like the window does (about 60 a second) until {@code done}, at most {@code seconds}. */
    private static void pulseUntil(AttachViewModel model, BooleanSupplier done, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within " + seconds + " s; status: " + model.statusProperty().get()
                    + "; error: " + model.errorProperty().get());
            model.pulse(System.nanoTime());
            Thread.sleep(16);
        }
    }

    @Test
    void aJvmThatCannotBeAttachedToSaysWhyInOneLineAndNothingIsTried() throws Exception {
        AtomicInteger attaches = new AtomicInteger();
        JvmEntry old = new JvmEntry(4242, "org.example.Legacy", "17.0.15", "it runs Java 17.0.15; the agent needs Java 21");
        JvmEntry server = new JvmEntry(9000, "org.example.Server", "25.0.3", null);
        AttachViewModel model = new AttachViewModel(jobs, () -> List.of(old, server), pid -> {
            attaches.incrementAndGet();
            return null;
        });
        model.refresh();
        pulseUntil(model, () -> !model.listedJvms().jvms().isEmpty(), 30);
        assertEquals(List.of(server, old), model.listedJvms().jvms(), "the attachable first");
        model.listedJvms().selectedProperty().set(model.listedJvms().jvms().get(1));
        model.attach();
        assertEquals("pid 4242: it runs Java 17.0.15; the agent needs Java 21", model.errorProperty().get());
        assertEquals(AttachViewModel.State.IDLE, model.state());
        assertEquals(0, attaches.get());
        assertFalse(model.listedJvms().containersListedProperty().get(), "no container column where no JVM runs in one");
    }

    @Test
    void aConnectionIsTriedOnlyWithAnAddressAndItsRefusalIsOneLine() throws Exception {
        AtomicInteger connects = new AtomicInteger();
        AttachViewModel model = new AttachViewModel(jobs, List::of, pid -> null, (where, token, fingerprint) -> {
            connects.incrementAndGet();
            throw new loomscope.attach.AttachRefusedException(where + " refused: wrong token");
        });
        model.connectForm().addressProperty().set("example.org");
        model.connect();
        assertEquals("The address is HOST:PORT (127.0.0.1:7071), not example.org", model.errorProperty().get());
        assertEquals(AttachViewModel.State.IDLE, model.state());
        assertEquals(0, connects.get(), "nothing tried");

        model.connectForm().addressProperty().set("127.0.0.1:7071");
        model.connectForm().tokenProperty().set("secret-secret-secret");
        model.connect();
        assertEquals(AttachViewModel.State.ATTACHING, model.state());
        assertFalse(model.canConnectProperty().get(), "one connection at a time");
        pulseUntil(model, () -> model.state() == AttachViewModel.State.IDLE, 30);
        assertEquals(1, connects.get());
        assertEquals("127.0.0.1:7071 refused: wrong token", model.errorProperty().get());
        assertEquals("secret-secret-secret", model.connectForm().tokenProperty().get(), "kept to be corrected, not retyped");
        assertTrue(model.canConnectProperty().get());
    }

    @Test
    void theAgentGoesInOnlyOnceTheGateIsOpenAndNeverOnTheFxSide() throws Exception {
        JvmEntry target = new JvmEntry(4244, "org.example.Server", "25.0.3", null);
        java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);
        AtomicInteger attaches = new AtomicInteger();
        AttachViewModel model = new AttachViewModel(jobs, () -> List.of(target), pid -> {
            attaches.incrementAndGet();
            throw new AttachRefusedException("refused after the gate");
        });
        model.setBeforeAttach(() -> {
            try {
                gate.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        model.attachTo(target);   // returns at once: the gate is awaited on the job thread
        assertEquals(AttachViewModel.State.ATTACHING, model.state());
        Thread.sleep(300);
        model.pulse(System.nanoTime());
        assertEquals(0, attaches.get(), "nothing goes in while the gate is shut");
        assertEquals(AttachViewModel.State.ATTACHING, model.state());
        gate.countDown();
        pulseUntil(model, () -> model.state() == AttachViewModel.State.IDLE, 30);
        assertEquals(1, attaches.get());
        assertEquals("refused after the gate", model.errorProperty().get());
    }

    @Test
    void aRefusedAttachIsOneLineAndLeavesNothingAttached() throws Exception {
        JvmEntry target = new JvmEntry(4243, "org.example.Locked", "25.0.3", null);
        AttachViewModel model = new AttachViewModel(jobs, () -> List.of(target), pid -> {
            throw new AttachRefusedException("pid " + pid + " refused the agent: dynamic loading is off\nsecond line");
        });
        model.listedJvms().selectedProperty().set(target);
        model.attach();
        assertEquals(AttachViewModel.State.ATTACHING, model.state());
        pulseUntil(model, () -> model.state() == AttachViewModel.State.IDLE, 30);
        assertEquals("pid 4243 refused the agent: dynamic loading is off", model.errorProperty().get());
        assertNull(model.recordingProperty().get());
        assertFalse(model.busy());
    }

    @Test
    void aRealTargetsCarriersAppearLiveAndStopDetachesWhileItRunsOn(@TempDir Path dir) throws Exception {
        Process target = startTarget(dir);
        AttachViewModel model = new AttachViewModel(jobs);
        List<AttachViewModel.Detached> detached = new ArrayList<>();
        model.setOnDetached(detached::add);
        model.refresh();
        pulseUntil(model, () -> model.listedJvms().jvms().stream().anyMatch(j -> j.pid() == target.pid()), 60);
        JvmEntry listed = model.listedJvms().jvms().stream().filter(j -> j.pid() == target.pid()).findFirst().orElseThrow();
        assertTrue(listed.attachable(), listed.toString());
        assertEquals("VtTarget", listed.mainClass());

        model.listedJvms().selectedProperty().set(listed);
        model.attach();
        // live lanes: the target's own carriers, by its names, with mounts on them
        pulseUntil(model, () -> mounts(model.recordingProperty().get()) >= 20, 120);
        assertEquals(AttachViewModel.State.ATTACHED, model.state());
        RunRecording live = model.recordingProperty().get();
        for (CarrierLog lane : live.carriersByIndex()) {
            assertTrue(lane.name().startsWith("ForkJoinPool-1-worker-"), lane.name());
        }
        assertTrue(model.statusProperty().get().contains("pool of 2"), model.statusProperty().get());

        model.stop();
        pulseUntil(model, () -> model.state() == AttachViewModel.State.IDLE, 90);
        assertEquals("", model.errorProperty().get());
        assertEquals(1, detached.size());
        assertTrue(detached.get(0).summary().startsWith("Detached: VirtualThread restored"), detached.get(0).summary());
        RunRecording whole = detached.get(0).recording();
        assertTrue(whole.isFinished());
        assertTrue(mounts(whole) >= mounts(live), mounts(whole) + " < " + mounts(live));
        assertTrue(target.isAlive(), "the target runs on after the detach");
        // and still works: it answers a line on its stdin after the detach
        target.getOutputStream().write("ping\n".getBytes(StandardCharsets.US_ASCII));
        target.getOutputStream().flush();
        BufferedReader out = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("pong", out.readLine());
    }

    @Test
    void aSecondJvmAttachedBesideTheFirstSharesTheLanesAndStopHandsBothOverAsOneRun(@TempDir Path dir) throws Exception {
        Process server = startTarget(dir);
        Process client = start(dir, javaOf(System.getProperty("java.home")), "-Djdk.virtualThreadScheduler.parallelism=1",
                "VtTarget");
        AttachViewModel model = new AttachViewModel(jobs);
        List<AttachViewModel.Detached> detached = new ArrayList<>();
        model.setOnDetached(detached::add);
        model.refresh();
        pulseUntil(model, () -> model.listedJvms().jvms().stream().anyMatch(j -> j.pid() == client.pid())
                && model.listedJvms().jvms().stream().anyMatch(j -> j.pid() == server.pid()), 60);
        model.listedJvms().selectedProperty().set(listed(model, server));
        model.attach();
        pulseUntil(model, () -> model.state() == AttachViewModel.State.ATTACHED, 120);
        assertFalse(model.canAttachProperty().get(), "the server is attached already");
        model.attach();
        assertEquals("pid " + server.pid() + " is attached already", model.errorProperty().get());

        model.listedJvms().selectedProperty().set(listed(model, client));
        assertTrue(model.canAttachProperty().get(), "another JVM goes beside it");
        model.attach();
        assertFalse(model.canAttachProperty().get(), "one attach at a time");
        String serverLane = "pid " + server.pid() + " VtTarget · ForkJoinPool-1-worker-";
        String clientLane = "pid " + client.pid() + " VtTarget · ForkJoinPool-1-worker-";
        // live: both JVMs' carriers as lanes of one recording, the server's first (attached first)
        pulseUntil(model, () -> lanesOf(model.recordingProperty().get(), clientLane) > 0
                && mountsOn(model.recordingProperty().get(), serverLane) >= 5
                && mountsOn(model.recordingProperty().get(), clientLane) >= 5, 120);
        assertEquals(2, model.sessionsProperty().get());
        RunRecording live = model.recordingProperty().get();
        assertTrue(live.carriersByIndex()[0].name().startsWith(serverLane), live.carriersByIndex()[0].name());
        assertTrue(lanesOf(live, clientLane) == 1, "the client's pool of 1");
        String status = model.statusProperty().get();
        assertTrue(status.contains("pid " + server.pid() + " VtTarget: Attached to " + server.pid())
                && status.contains("pid " + client.pid() + " VtTarget: Attached to " + client.pid()), status);

        model.stop();
        pulseUntil(model, () -> model.state() == AttachViewModel.State.IDLE, 120);
        assertEquals("", model.errorProperty().get());
        assertEquals(1, detached.size(), "one run of both");
        AttachViewModel.Detached both = detached.get(0);
        assertEquals("attach-" + server.pid() + "+" + client.pid(), both.fileName());
        assertTrue(mountsOn(both.recording(), serverLane) >= mountsOn(live, serverLane));
        assertTrue(mountsOn(both.recording(), clientLane) >= mountsOn(live, clientLane));
        List<String> lines = both.summary().lines().toList();
        assertEquals(3, lines.size(), both.summary());
        assertTrue(lines.get(0).startsWith("pid " + server.pid() + " VtTarget: Detached: VirtualThread restored"), lines.get(0));
        assertTrue(lines.get(1).startsWith("pid " + client.pid() + " VtTarget: Detached: VirtualThread restored"), lines.get(1));
        assertTrue(lines.get(0).contains("Carriers held:") || lines.get(0).contains("Causes not classed"), lines.get(0));
        assertTrue(server.isAlive() && client.isAlive(), "both run on after the detach");
    }

    private static JvmEntry listed(AttachViewModel model, Process p) {
        return model.listedJvms().jvms().stream().filter(j -> j.pid() == p.pid()).findFirst().orElseThrow();
    }

    private static int lanesOf(RunRecording r, String prefix) {
        int n = 0;
        if (r != null) {
            for (CarrierLog lane : r.carriersByIndex()) {
                n += lane.name().startsWith(prefix) ? 1 : 0;
            }
        }
        return n;
    }

    private static int mountsOn(RunRecording r, String prefix) {
        int n = 0;
        if (r != null) {
            for (CarrierLog lane : r.carriersByIndex()) {
                n += lane.name().startsWith(prefix) ? lane.size() : 0;
            }
        }
        return n;
    }

    @Test
    void realJvmsThatRefuseAreRefusedInOneLineAndNothingReachesThem(@TempDir Path dir) throws Exception {
        compileTarget(dir);
        Process locked = start(dir, javaOf(System.getProperty("java.home")), "-XX:-EnableDynamicAgentLoading", "VtTarget");
        Path jdk17 = Path.of("/usr/lib/jvm/java-17-openjdk-amd64");
        Process old = Files.isRegularFile(jdk17.resolve("bin/java")) ? start(dir, jdk17.resolve("bin/java").toString(), "-Xss1m", "Idle") : null;
        AttachViewModel model = new AttachViewModel(jobs);
        model.refresh();
        pulseUntil(model, () -> model.listedJvms().jvms().stream().anyMatch(j -> j.pid() == locked.pid())
                && (old == null || model.listedJvms().jvms().stream().anyMatch(j -> j.pid() == old.pid())), 60);
        for (Process p : old == null ? List.of(locked) : List.of(locked, old)) {
            JvmEntry entry = model.listedJvms().jvms().stream().filter(j -> j.pid() == p.pid()).findFirst().orElseThrow();
            model.listedJvms().selectedProperty().set(entry);
            model.attach();
            String error = model.errorProperty().get();
            assertTrue(error.startsWith("pid " + p.pid() + ": it "), error);
            assertFalse(error.contains("\n"), error);
            assertEquals(AttachViewModel.State.IDLE, model.state());
            assertTrue(p.isAlive());
        }
        assertTrue(model.errorProperty().get().contains(old == null ? "EnableDynamicAgentLoading" : "Java 17"));
        Thread.sleep(500);
        assertEquals("", Files.readString(dir.resolve("target.err")), "the targets printed nothing: nothing reached them");
    }

    private static String javaOf(String home) {
        return Path.of(home, "bin", "java").toString();
    }

    private static int mounts(RunRecording r) {
        int n = 0;
        if (r != null) {
            for (CarrierLog lane : r.carriersByIndex()) {
                n += lane.size();
            }
        }
        return n;
    }

    /**
     * A JVM of the test's JDK whose virtual threads sleep in a loop on a pool of 2 carriers; it answers "pong" to
     * each line on its stdin (done by a virtual thread) and exits at its end.
     */
    private Process startTarget(Path dir) throws Exception {
        compileTarget(dir);
        Process p = start(dir, javaOf(System.getProperty("java.home")), "-Djdk.virtualThreadScheduler.parallelism=2",
                "VtTarget");
        assertNotNull(JvmList.describe(p.pid()));
        return p;
    }

    /** {@code mainClass} started with {@code java} and {@code flag}, once it says READY. */
    private Process start(Path dir, String java, String flag, String mainClass) throws Exception {
        return targets.start(dir, java, List.of(flag), mainClass, dir.resolve("target.err"));
    }

    private static void compileTarget(Path dir) throws Exception {
        TargetSources.compile(dir);
    }
}
