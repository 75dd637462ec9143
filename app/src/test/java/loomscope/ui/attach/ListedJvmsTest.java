package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import loomscope.attach.JvmEntry;

/** The attach window's list without a window: its order, its container column, the selection across listings. */
class ListedJvmsTest {
    private final ExecutorService jobs = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        jobs.shutdownNow();
    }

    /** Lists again and pulses like the window (about 60 a second) until the listing is taken up. */
    private static void refreshed(ListedJvms list) throws InterruptedException {
        list.refresh();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        do {
            assertTrue(System.nanoTime() < deadline, "no listing within 30 s");
            Thread.sleep(16);
            list.pulse();
        } while (list.busy());
    }

    @Test
    void theAttachableComeFirstEachPartByPid() throws Exception {
        JvmEntry legacy = new JvmEntry(4242, "org.example.Legacy", "17.0.15", "it runs Java 17.0.15; the agent needs Java 21");
        JvmEntry tool = new JvmEntry(300, "org.example.Tool", "11.0.2", "it runs Java 11.0.2; the agent needs Java 21");
        JvmEntry server = new JvmEntry(9000, "org.example.Server", "25.0.3", null);
        JvmEntry client = new JvmEntry(8000, "org.example.Client", "21.0.8", null);
        ListedJvms list = new ListedJvms(jobs, () -> List.of(legacy, server, tool, client));
        assertTrue(list.jvms().isEmpty(), "nothing listed before a refresh");
        refreshed(list);
        assertEquals(List.of(client, server, tool, legacy), list.jvms());
        assertFalse(list.containersListedProperty().get(), "no container column where no JVM runs in one");
    }

    @Test
    void theContainerColumnShowsWhileAJvmRunsInAContainer() throws Exception {
        JvmEntry plain = new JvmEntry(9001, "org.example.Server", "25.0.3", null);
        JvmEntry contained = new JvmEntry(9002, "app.jar", "21.0.8", null, "docker 3f2a1b9c0d1e");
        List<List<JvmEntry>> listings = new ArrayList<>(List.of(List.of(plain, contained), List.of(plain)));
        ListedJvms list = new ListedJvms(jobs, () -> listings.remove(0));
        refreshed(list);
        assertTrue(list.containersListedProperty().get());
        refreshed(list);
        assertFalse(list.containersListedProperty().get(), "gone with the container's JVM");
    }

    @Test
    void theSelectionOutlivesAListingWhileItsPidIsListed() throws Exception {
        JvmEntry server = new JvmEntry(9000, "org.example.Server", "25.0.3", null);
        JvmEntry serverAgain = new JvmEntry(9000, "org.example.Server", "25.0.3", null, "docker 3f2a1b9c0d1e");
        JvmEntry client = new JvmEntry(8000, "org.example.Client", "21.0.8", null);
        AtomicReference<List<JvmEntry>> now = new AtomicReference<>(List.of(server, client));
        ListedJvms list = new ListedJvms(jobs, now::get);
        refreshed(list);
        list.selectedProperty().set(server);
        now.set(List.of(client, serverAgain));
        refreshed(list);
        assertSame(serverAgain, list.selectedProperty().get(), "the same pid, as listed now");
        now.set(List.of(client));
        refreshed(list);
        assertNull(list.selectedProperty().get(), "its JVM ended: nothing selected");
    }

    @Test
    void aListingThatFailsChangesNothing() throws Exception {
        JvmEntry server = new JvmEntry(9000, "org.example.Server", "25.0.3", null);
        AtomicReference<List<JvmEntry>> now = new AtomicReference<>(List.of(server));
        ListedJvms list = new ListedJvms(jobs, () -> {
            List<JvmEntry> listed = now.get();
            if (listed == null) {
                throw new IllegalStateException("the attach API is not there");
            }
            return listed;
        });
        refreshed(list);
        list.selectedProperty().set(server);
        now.set(null);
        refreshed(list);
        assertEquals(List.of(server), list.jvms());
        assertSame(server, list.selectedProperty().get());
    }
}
