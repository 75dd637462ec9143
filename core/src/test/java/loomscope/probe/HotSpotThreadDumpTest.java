package loomscope.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

import com.sun.management.HotSpotDiagnosticMXBean;
import loomscope.workload.CarrierPool;
import loomscope.workload.RunObserver;
import loomscope.workload.VirtualThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HotSpotThreadDumpTest {

    /**
     * A real dump of this JVM, taken while nothing mounts or unmounts (two spinners hold both carriers, the
     * others are parked for good): HotSpot's dumper is only unsafe during churn (JDK-8359870, JDK-8364343).
     */
    @Test
    void parsesALiveJdk25DumpAndAgreesWithTheCarrierField(@TempDir Path dir) throws Exception {
        CountDownLatch spinning = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        try (CarrierPool pool = new CarrierPool(2, RunObserver.NONE, r -> -1)) {
            Thread.Builder.OfVirtual builder = VirtualThreads.builderOn(pool);
            Thread parked = builder.name("loomscope-vt-7").start(() -> {
                while (release.getCount() > 0) {
                    LockSupport.park();
                }
            });
            Thread sleeper = builder.name("loomscope-vt-9").start(() -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            // both parked before the spinners take the carriers (a fixed sleep was a guess that load could beat)
            long deadline = System.nanoTime() + 30_000_000_000L;
            while ((parked.getState() != Thread.State.WAITING || sleeper.getState() != Thread.State.WAITING)
                    && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertEquals(Thread.State.WAITING, parked.getState(), "parked within 30 s");
            assertEquals(Thread.State.WAITING, sleeper.getState(), "waiting within 30 s");
            Thread[] spinners = new Thread[2];
            for (int i = 0; i < 2; i++) {
                spinners[i] = builder.name("loomscope-vt-" + i).start(() -> {
                    spinning.countDown();
                    while (release.getCount() > 0) {
                        Thread.onSpinWait();
                    }
                });
            }
            spinning.await();
            Path file = dir.resolve("dump.json");
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            String[] carrierNow = {VirtualThreads.carrierOf(spinners[0]).getName(), VirtualThreads.carrierOf(spinners[1]).getName()};
            release.countDown();
            LockSupport.unpark(parked);
            for (Thread t : new Thread[] {parked, sleeper, spinners[0], spinners[1]}) {
                t.join(5_000);
            }

            HotSpotThreadDump dump = HotSpotThreadDump.read(file);
            assertEquals(ProcessHandle.current().pid(), dump.processId());
            assertTrue(dump.runtimeVersion().startsWith(String.valueOf(Runtime.version().feature())), dump.runtimeVersion());
            ThreadSnapshot snapshot = dump.toSnapshot(instant -> 1_000, 5);
            assertEquals(SnapshotSource.HOTSPOT_JSON, snapshot.source());
            for (int i = 0; i < 2; i++) {
                ThreadSample s = snapshot.sampleOfTask(i);
                assertNotNull(s, "spinner " + i);
                assertTrue(s.virtual());
                assertEquals(Thread.State.RUNNABLE, s.state());
                assertEquals(carrierNow[i], s.carrierName(), "the dump and the carrier field name the same carrier");
                assertEquals(ThreadNames.carrierIndexOf(carrierNow[i]), s.carrierIndex());
                assertEquals(spinners[i].threadId(), s.tid());
            }
            ThreadSample parkedSample = snapshot.sampleOfTask(7);
            assertEquals(Thread.State.WAITING, parkedSample.state());
            assertFalse(parkedSample.mounted());
            assertEquals("none", parkedSample.carrierLabel());
            assertTrue(parkedSample.stack().stream().anyMatch(f -> f.methodName().equals("park")), parkedSample.stack().toString());
            assertEquals(2, snapshot.mountedTasks());
            assertTrue(snapshot.reportsCarriers());
        }
    }

    @Test
    void readsTheJdk25FixtureWithCarriersAndStates() throws IOException {
        HotSpotThreadDump dump = fixture("hotspot-dump-jdk25.json");
        assertEquals("25.0.3+9-LTS", dump.runtimeVersion());
        assertEquals(5, dump.workloadThreads());
        ThreadSnapshot s = dump.toSnapshot(i -> 0, 0);
        assertEquals("loomscope-carrier-0", s.sampleOfTask(0).carrierName());
        assertEquals(0, s.sampleOfTask(0).carrierIndex());
        assertEquals(1, s.sampleOfTask(1).carrierIndex());
        assertEquals(Thread.State.TIMED_WAITING, s.sampleOfTask(2).state());
        assertFalse(s.sampleOfTask(2).mounted(), "JDK 25 unmounts a sleeper inside synchronized");
        assertEquals("Dump.lambda$main$1(Dump.java:16)", s.sampleOfTask(2).topApplicationFrame().toString());
        assertTrue(s.sampleOfTask(4).stack().isEmpty(), "a queued thread that never ran has no stack");
        assertEquals(s.sampleOfTask(0), s.mountedOn(0));
    }

    @Test
    void readsTheJdk21FixtureWithoutInventingStatesOrCarriers() throws IOException {
        HotSpotThreadDump dump = fixture("hotspot-dump-jdk21.json");
        assertEquals("21.0.8+9-LTS", dump.runtimeVersion());
        ThreadSnapshot s = dump.toSnapshot(i -> 0, 0);
        assertEquals(5, s.samples().stream().filter(t -> t.taskIndex() >= 0).count());
        for (ThreadSample t : s.samples()) {
            assertNull(t.state(), "JDK 21 dumps report no state");
            assertFalse(t.carrierReported());
            assertEquals("(not reported)", t.carrierLabel());
            assertTrue(t.virtual(), t.name());
        }
        assertFalse(s.reportsCarriers());
        StackFrame park = s.sampleOfTask(2).stack().get(0);
        assertEquals("jdk.internal.misc.Unsafe", park.className());
        assertEquals(StackFrame.NATIVE_LINE, park.line());
        assertEquals("java.base", park.module());
        assertEquals("java.base/java.lang.VirtualThread.parkOnCarrierThread(Unknown Source)",
                s.sampleOfTask(2).stack().get(1).toString());
    }

    @Test
    void refusesTextThatIsNotAThreadDumpWithAClearReason() {
        IOException notJson = assertThrows(IOException.class, () -> parse("{\"threadDump\": [1,"));
        assertTrue(notJson.getMessage().startsWith("test input is not JSON"), notJson.getMessage());
        IOException wrongShape = assertThrows(IOException.class, () -> parse("{\"threads\": []}"));
        assertTrue(wrongShape.getMessage().contains("no \"threadDump\""), wrongShape.getMessage());
        IOException badState = assertThrows(IOException.class, () -> parse(
                "{\"threadDump\":{\"time\":\"2026-01-01T00:00:00Z\",\"threadContainers\":[{\"container\":\"<root>\","
                        + "\"threads\":[{\"tid\":\"1\",\"name\":\"x\",\"state\":\"DANCING\",\"stack\":[]}]}]}}"));
        assertTrue(badState.getMessage().contains("unknown state \"DANCING\""), badState.getMessage());
    }

    private static HotSpotThreadDump parse(String json) throws IOException {
        return HotSpotThreadDump.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "test input");
    }

    private static HotSpotThreadDump fixture(String name) throws IOException {
        try (InputStream in = HotSpotThreadDumpTest.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            return HotSpotThreadDump.read(in, name);
        }
    }

    @Test
    void stackFramesRoundTripTheJdkTextForm() {
        for (String text : new String[] {
                "java.base/java.lang.Thread.sleep(Thread.java:540)",
                "Dump.lambda$main$0(Dump.java:9)",
                "java.base/jdk.internal.vm.ThreadSnapshot.create(Native Method)",
                "java.base/java.lang.VirtualThread.run(Unknown Source)",
                "SeedSynchronized.run(Unknown Source:21)"}) {
            assertEquals(text, StackFrame.parse(text).toString());
        }
        // JFR's frames name no file but a line: the line survives the trip through a child's stream
        assertEquals(21, StackFrame.parse(new StackFrame(null, "SeedSynchronized", "run", null, 21).toString()).line());
        StackTraceElement e = new Throwable().getStackTrace()[0];
        assertEquals(e.toString(), StackFrame.of(e).toString());
        assertTrue(StackFrame.parse("loomscope.workload.Task.holdAndSleep(Task.java:80)").isApplication());
        assertFalse(StackFrame.parse("java.base/java.lang.Thread.sleep(Thread.java:540)").isApplication());
        assertEquals(Files.class.getSimpleName(), StackFrame.parse("java.base/java.nio.file.Files.x(Files.java:1)").className()
                .substring("java.nio.file.".length()));
    }
}
