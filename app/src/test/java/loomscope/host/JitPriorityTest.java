package loomscope.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

/** Lowering threads by their OS name: the named ones get nice 19, no other thread does. */
class JitPriorityTest {

    @Test
    void theCompilerThreadsAreKnownByTheirOsNames() {
        assertTrue(JitPriority.COMPILER_THREAD.test("C2 CompilerThre"));
        assertTrue(JitPriority.COMPILER_THREAD.test("C1 CompilerThre"));
        assertFalse(JitPriority.COMPILER_THREAD.test("JavaFX Applicat"));
        assertFalse(JitPriority.COMPILER_THREAD.test("loomscope-carri"));
        if (LinuxThreads.isLinux()) {
            assertFalse(JitPriority.tasks().stream().filter(t -> JitPriority.COMPILER_THREAD.test(JitPriority.osName(t)))
                    .toList().isEmpty(), "this JVM's compiler threads are found under those names");
        }
    }

    @Test
    void onlyTheNamedThreadIsLowered() throws InterruptedException {
        assumeTrue(LinuxThreads.isLinux() && CarrierPriority.niceSupported(), "Linux, with the setpriority call");
        CountDownLatch named = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread probe = Thread.ofPlatform().daemon().start(() -> {
            Thread.currentThread().setName("ls-jit-probe"); // on the thread itself: HotSpot then names the OS thread
            named.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        named.await();
        int niceHere = CpuShareTest.niceOf(Path.of("/proc/thread-self/stat"));
        try {
            assertEquals(1, JitPriority.lowerThreadsNamed("ls-jit-probe"::equals, 19));

            List<Path> probes = JitPriority.tasks().stream().filter(t -> JitPriority.osName(t).equals("ls-jit-probe")).toList();
            assertEquals(1, probes.size());
            assertEquals(19, CpuShareTest.niceOf(probes.get(0).resolve("stat")));
            assertEquals(niceHere, CpuShareTest.niceOf(Path.of("/proc/thread-self/stat")), "the calling thread keeps its nice");
        } finally {
            done.countDown();
            probe.join();
        }
    }
}
