package loomscope.ui.app;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;
import javax.tools.ToolProvider;

import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Labeled;
import javafx.scene.control.ListView;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import loomscope.attach.JvmList;
import loomscope.probe.CauseReport;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSource;
import loomscope.report.ApplicationRun;
import loomscope.report.HistoryEntry;
import loomscope.report.RunsJson;
import loomscope.recording.RunSummary;
import loomscope.savedrun.SavedRun;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.probe.ProbeView;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * An application after a detach (issue #45): a test server that serves thread-per-request traffic (a virtual thread a
 * connection; some requests initialise a class whose initialiser sleeps: pinned on every JDK) is attached to from the
 * window for {@code loomscope.appViewSeconds} (20 s in the suite; issue #45 asks for 60, run with
 * {@code -Dloomscope.appViewSeconds=60}: docs/reliability.md) and detached. Then, at 1920×1080 and 1280×720: no seed
 * control, bound, task count or TaskFileScenario text on show; its facts are; the JDK's pinned table lists the agent's
 * pins; Where shows at least 8 rows and stepping through a site moves the inspector; the field holds only live threads.
 * Saved and opened again, it is the same application; its runs.json says so. Screenshots go to
 * {@code loomscope.appViewShots} when set.
 */
@ExtendWith(ApplicationExtension.class)
class ApplicationViewTest {
    private static final Set<String> SEED_CONTROL_IDS = Set.of("#run-button", "#threads-input", "#parallelism-input");
    private Process target;
    private MainWindow window;
    private ProbeView probes;
    private Scene scene;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        window = MainWindow.of(new MainViewModel(JobThreads.runStarters(),
                loomscope.host.HostPolicy.forThisMachine(loomscope.host.HostPolicy.Mode.OFF)));
        probes = window.installProbes();
        // the Headless platform's screen is 1000×1000: the stage is shown small (so that its pulses run) and the window
        // is laid out at the projector sizes inside it; its snapshots are of the whole window
        javafx.scene.layout.Pane holder = new javafx.scene.layout.Pane(window.view()) {
            @Override
            protected void layoutChildren() {
                window.view().resizeRelocate(0, 0, width, height);
            }
        };
        scene = new Scene(holder, 900, 700);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    private double width = 1920;
    private double height = 1080;

    @AfterEach
    void endTarget() throws Exception {
        if (target != null) {
            target.getOutputStream().close();
            if (!target.waitFor(20, TimeUnit.SECONDS)) {
                target.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void anApplicationAfterADetachIsShownAsAnApplication(@TempDir Path dir) throws Exception {
        target = startServer(dir);
        long seconds = Long.getLong("loomscope.appViewSeconds", 20);
        fx(() -> window.attachAtStart(List.of(JvmList.describe(target.pid())), null));
        waitPulsing(180, "attached", () -> window.attachModel().state() == loomscope.ui.attach.AttachViewModel.State.ATTACHED);
        Thread.sleep(seconds * 1000);
        fx(() -> window.attachModel().stop());
        waitPulsing(180, "the session on show in the main window", () -> {
            RunRecording r = window.recordingView().recording();
            return r != null && r.source() instanceof RunSource.Application && r.isFinished();
        });
        RunRecording r = onFx(() -> window.recordingView().recording());
        RunSource.Application app = (RunSource.Application) r.source();
        assertEquals("ServingTarget", app.mainClass());
        assertEquals(target.pid(), app.jvms().get(0).pid());
        assertEquals(RunSource.Reached.ATTACHED, app.jvms().get(0).reached());
        ApplicationRun counts = ApplicationRun.of(r);
        System.out.printf("attached %d s: %,d mounts of %,d threads on %d carriers; %,d pinned, %,d captured%n", seconds,
                counts.mounts(), r.threads(), r.carrierCount(), counts.pinned(), counts.captured());
        assertTrue(counts.pinned() > 0, "the class initialisers pinned");

        Path shots = System.getProperty("loomscope.appViewShots") == null ? dir : Path.of(System.getProperty("loomscope.appViewShots"));
        for (double[] size : new double[][] {{1920, 1080}, {1280, 720}}) {
            int w = (int) size[0];
            int h = (int) size[1];
            String at = w + "x" + h + ": ";
            layOut(w, h);
            writePng(onFx(() -> window.view().snapshot(null, null)), shots.resolve("application-view-" + w + "x" + h + ".png"));
            assertTrue(onFx(() -> window.view().applicationShown()), at + "the application's view");
            List<String> texts = onFx(() -> textsOnShow(scene.getRoot()));
            for (String t : texts) {
                assertFalse(t.contains("TaskFileScenario"), at + "the scenario's code on show: " + t);
                assertFalse(t.contains("No bounds"), at + "a bound on show: " + t);
                assertFalse(t.contains("Throughput") || t.contains("tasks/s"), at + "a task count on show: " + t);
                assertFalse(t.contains("Your code ran in a child JVM"), at + t);
                assertFalse(t.contains("task-file"), at + t);
            }
            for (String id : SEED_CONTROL_IDS) {
                Node control = onFx(() -> scene.getRoot().lookup(id));
                assertTrue(control == null || !onFx(() -> shownAllTheWayUp(control)), at + id + " on show");
            }
            assertTrue(texts.stream().anyMatch(t -> t.contains("ServingTarget")), at + "its main class: " + texts);
            assertTrue(texts.stream().anyMatch(t -> t.contains("pid " + target.pid())), at + "its pid");
            assertTrue(texts.stream().anyMatch(t -> t.contains("attached by its pid")), at + "how it was reached");

            // the JDK's own view: what the agent's JFR tap saw
            waitPulsing(60, "the JDK's pinned table", () -> {
                Labeled jfr = (Labeled) scene.getRoot().lookup("#verified-jfr");
                return jfr != null && jfr.getText().startsWith("JFR inside ServingTarget");
            });
            String jfr = onFx(() -> ((Labeled) scene.getRoot().lookup("#verified-jfr")).getText());
            assertTrue(jfr.matches("JFR inside ServingTarget \\(the agent's tap\\): [1-9][0-9,]* pinned events.*"), jfr);
            @SuppressWarnings("unchecked")
            TableView<Object> pinned = onFx(() -> (TableView<Object>) scene.getRoot().lookup("#pinned-threads-table"));
            if (pinned != null) {
                assertFalse(onFx(() -> pinned.getItems().isEmpty()), at + "the pinned table lists the pins");
            }

            // Where: a pane of its own with at least 8 rows on show
            @SuppressWarnings("unchecked")
            TableView<CauseReport.Site> where = onFx(() -> (TableView<CauseReport.Site>) scene.getRoot().lookup("#where-table"));
            int rowsShown = onFx(() -> rowsOnShow(where));
            System.out.println(at + "Where shows " + rowsShown + " rows, " + onFx(() -> where.getItems().size()) + " sites");
            int sites = onFx(() -> where.getItems().size());
            assertTrue(sites >= 8, at + "eight classes' initialisers pinned: " + sites + " sites");
            assertTrue(rowsShown >= 8, at + "Where shows " + rowsShown + " rows of " + sites);
            // room for 8 rows whatever the run: the table under its column header
            double room = onFx(() -> where.getHeight() - where.lookup(".column-header-background").getLayoutBounds().getHeight());
            assertTrue(room >= 8 * where.getFixedCellSize(), at + "room for " + room / where.getFixedCellSize() + " rows");
            if (w == 1280) {
                stepThroughTheTopSite(where);   // the replay goes to the stepped mount: mid-session, threads alive
                layOut(w, h);
            }
            // the field: only the threads alive at the instant shown
            int drawn = onFx(() -> window.recordingView().field().threadsDrawn());
            int ended = onFx(() -> window.recordingView().field().endedCount());
            System.out.println(at + "field: " + drawn + " alive, " + ended + " ended of " + r.threads());
            assertTrue(onFx(() -> window.recordingView().field().drawsLiveOnly()), at + "the field draws live threads only");
            assertTrue(drawn < r.threads() && drawn + ended <= r.threads(), at + drawn + " alive + " + ended + " ended");
            if (w == 1280) {
                // at the stepped mount's start its own thread is alive; halfway through, some have ended, some are to come
                assertTrue(drawn >= 1, at + "the stepped mount's thread is alive: " + drawn);
                fx(() -> window.model().replay().seekNanos(Math.max(0, r.runStart()) + (r.runEnd() - Math.max(0, r.runStart())) / 2));
                pulse(40);
                int halfwayAlive = onFx(() -> window.recordingView().field().threadsDrawn());
                int halfwayEnded = onFx(() -> window.recordingView().field().endedCount());
                System.out.println(at + "field halfway: " + halfwayAlive + " alive, " + halfwayEnded + " ended of " + r.threads());
                assertTrue(halfwayEnded > 0 && halfwayAlive + halfwayEnded < r.threads(), at + "halfway: " + halfwayAlive
                        + " alive, " + halfwayEnded + " ended of " + r.threads());
            }
            if (w == 1280) {
                writePng(onFx(() -> window.view().snapshot(null, null)), shots.resolve("application-view-stepped-" + w + "x" + h + ".png"));
            }
        }

        // saved from the window and opened again in it: the same application, its agent's pins in the JDK's view
        Path saved = dir.resolve("serving.loomrun");
        fx(() -> window.savedRuns().save(saved, false));
        waitPulsing(120, "the run saved", () -> Files.exists(saved) && !window.savedRuns().busyProperty().get());
        fx(() -> window.savedRuns().open(saved));
        waitPulsing(120, "the saved run opened", () -> window.recordingView().recording() != r
                && window.recordingView().recording() != null && window.recordingView().recording().isFinished());
        RunRecording opened = onFx(() -> window.recordingView().recording());
        assertEquals(r.source(), opened.source());
        assertTrue(onFx(() -> window.view().applicationShown()), "the reopened run is shown as the application");
        waitPulsing(60, "the reopened run's JFR events", () -> ((Labeled) scene.getRoot().lookup("#verified-jfr")).getText()
                .matches("JFR inside ServingTarget \\(the agent's tap\\): [1-9][0-9,]* pinned events.*"));
        assertEquals(SavedRun.read(saved).pinnedEvents().size() > 0, true, "the agent's events are saved with the run");
        HistoryEntry entry = HistoryEntry.finishedNow(RunSummary.of(opened)).withApplication(ApplicationRun.of(opened))
                .withSource(opened.source());
        String json = RunsJson.toJsonLines(List.of(entry));
        assertTrue(json.contains("\"source\":\"application\"") && json.contains("\"mainClass\":\"ServingTarget\""), json);
        for (String absent : List.of("\"lock\"", "\"completed\"", "\"cpuIterations\"", "\"boundPinnedMillis\"")) {
            assertFalse(json.contains(absent), absent + " in " + json);
        }
        // its files and its clip carry the main class
        var names = loomscope.report.ExportNames.of(java.time.LocalDateTime.now(), entry);
        assertTrue(names.runsJson().endsWith("-ServingTarget-runs.json"), names.runsJson());
        assertTrue(loomscope.report.ExportNames.of(java.time.LocalDateTime.now(), opened)
                .replay(loomscope.report.CardSize.HD, loomscope.report.ClipFormat.GIF).endsWith("-ServingTarget-replay-1280x720.gif"));
        assertEquals("ServingTarget: its carriers, mount by mount", loomscope.report.AnimatedExport.defaultTitle(opened));
        // the window's history row names it
        assertEquals("ServingTarget", onFx(() -> window.model().history().get(window.model().history().size() - 1).mode()));
    }

    /** Selecting the top site and stepping through its mounts moves the inspector from mount to mount. */
    private void stepThroughTheTopSite(TableView<CauseReport.Site> where) throws Exception {
        fx(() -> where.getSelectionModel().select(0));
        fx(() -> window.where().next());
        String first = onFx(() -> probes.inspectedSubject());
        String firstStack = onFx(() -> String.join("|", ((ListView<?>) scene.getRoot().lookup("#mount-stack-frames"))
                .getItems().stream().map(String::valueOf).toList()));
        assertNotNull(onFx(() -> window.where().steppedProperty().get()));
        assertFalse(firstStack.isEmpty() || firstStack.contains("TaskFileScenario"), firstStack);
        if (onFx(() -> window.where().mountsOfSelected()) > 1) {
            var m1 = onFx(() -> window.where().steppedProperty().get());
            fx(() -> window.where().next());
            var m2 = onFx(() -> window.where().steppedProperty().get());
            assertNotEquals(m1, m2, "Next moves to another mount");
            String second = onFx(() -> probes.inspectedSubject() + " " + window.where().stepTextProperty().get());
            System.out.println("stepped: " + first + " -> " + second);
            fx(() -> window.where().previous());
            assertEquals(m1, onFx(() -> window.where().steppedProperty().get()), "Previous moves back");
        }
        assertTrue(first.endsWith(": one mount"), "the inspector on the mount: " + first);
        // an application's thread by its number in the recording, as its lane's box says, not by a name of ours
        assertTrue(first.startsWith("VT ") && !first.contains("loomscope-vt-"), first);
    }

    private int rowsOnShow(TableView<?> table) {
        int n = 0;
        for (Node row : table.lookupAll(".table-row-cell")) {
            if (row instanceof TableRow<?> tr && tr.getItem() != null && row.isVisible()) {
                var b = row.localToScene(row.getLayoutBounds());
                var t = table.localToScene(table.getLayoutBounds());
                if (b.getMinY() >= t.getMinY() - 1 && b.getMaxY() <= t.getMaxY() + 1) {
                    n++;
                }
            }
        }
        return n;
    }

    private void layOut(double w, double h) throws Exception {
        fx(() -> {
            width = w;
            height = h;
            scene.getRoot().requestLayout();
        });
        waitPulsing(30, "the window at " + w + "x" + h,
                () -> window.view().getWidth() == w && window.view().getHeight() == h);
        pulse(40);
    }

    /** Lets the window's pulses run (the stage is shown: its pulse loop draws and runs the hooks). */
    private void pulse(int times) throws Exception {
        Thread.sleep(25L * times);
        fx(() -> { });
    }

    private void waitPulsing(double seconds, String what, java.util.function.BooleanSupplier condition) throws Exception {
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (!onFx(condition::getAsBoolean)) {
            assertTrue(System.nanoTime() < deadline, "not " + what + " within " + seconds + " s");
            pulse(1);
        }
    }

    private static boolean shownAllTheWayUp(Node n) {
        for (Node at = n; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return n.getScene() != null;
    }

    /** The texts of every label, button and list on show. */
    private static List<String> textsOnShow(Parent root) {
        List<String> out = new ArrayList<>();
        collect(root, out);
        return out;
    }

    private static void collect(Node node, List<String> out) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled l && l.getText() != null) {
            out.add(l.getText());
        }
        if (node instanceof ListView<?> list) {
            list.getItems().forEach(i -> out.add(String.valueOf(i)));
        }
        if (node instanceof javafx.scene.text.Text t) {
            out.add(t.getText());
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }

    private static void writePng(WritableImage image, Path file) throws Exception {
        int w = (int) image.getWidth();
        int h = (int) image.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader reader = image.getPixelReader();
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                out.setRGB(x, y, reader.getArgb(x, y));
            }
        }
        Files.createDirectories(file.getParent());
        ImageIO.write(out, "png", file.toFile());
        System.out.println("screenshot: " + file);
    }

    /**
     * A server of thread-per-request traffic: a virtual thread per connection, and two clients in the same JVM sending
     * requests one after the other; every fifth request initialises a fresh class whose initialiser sleeps 20 ms (pinned
     * on every JDK), one of eight such classes in turn (eight sites of its own within seconds: Where has 8 rows and more
     * to show in the suite's 20 s; with one class it showed 4), the others sleep 5 ms or hold a monitor over a 2 ms sleep. It
     * exits when its stdin ends.
     */
    private static Process startServer(Path dir) throws Exception {
        Path init = dir.resolve("SlowInit.java");
        StringBuilder slowInits = new StringBuilder();
        for (int k = 0; k < 8; k++) {
            slowInits.append("class SlowInit").append(k)
                    .append(" { static { try { Thread.sleep(20); } catch (InterruptedException e) { } } }\n");
        }
        Files.writeString(init, slowInits);
        Path source = dir.resolve("ServingTarget.java");
        Files.writeString(source, """
                import java.io.*;
                import java.net.*;
                import java.nio.file.*;
                public class ServingTarget {
                    static Path classes;
                    public static void main(String[] a) throws Exception {
                        classes = Path.of(a[0]);
                        ServerSocket server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
                        Thread.ofPlatform().daemon().name("acceptor").start(() -> {
                            try {
                                while (true) {
                                    Socket s = server.accept();
                                    Thread.ofVirtual().name("request").start(() -> handle(s));
                                }
                            } catch (IOException e) { }
                        });
                        for (int c = 0; c < 2; c++) {
                            Thread.ofPlatform().daemon().name("client-" + c).start(() -> {
                                for (int i = 0; ; i++) {
                                    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                                        s.getOutputStream().write((i % 5 == 0 ? "init" + (i / 5 % 8) + "\\n"
                                                : i % 2 == 0 ? "sleep\\n" : "sync\\n").getBytes());
                                        s.getInputStream().read();
                                        Thread.sleep(10);
                                    } catch (Exception e) { }
                                }
                            });
                        }
                        System.out.println("READY");
                        while (System.in.read() >= 0) { }
                    }
                    static final Object LOCK = new Object();
                    static void handle(Socket s) {
                        try (s) {
                            String route = new BufferedReader(new InputStreamReader(s.getInputStream())).readLine();
                            if (route.startsWith("init")) {
                                try (URLClassLoader fresh = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                                        ClassLoader.getPlatformClassLoader())) {
                                    Class.forName("SlowInit" + route.substring("init".length()), true, fresh);
                                }
                            } else if ("sleep".equals(route)) {
                                Thread.sleep(5);
                            } else {
                                synchronized (LOCK) { Thread.sleep(2); }
                            }
                            s.getOutputStream().write('k');
                        } catch (Exception e) { }
                    }
                }
                """);
        Path initDir = Files.createDirectories(dir.resolve("init"));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-d", initDir.toString(),
                init.toString()));
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "21", "-d", dir.toString(),
                source.toString()));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                loomscope.testing.QuickJvm.C1_ONLY, "-Djdk.virtualThreadScheduler.parallelism=2", "-Xmx128m", "-cp", dir.toString(), "ServingTarget",
                initDir.toString()).redirectError(dir.resolve("target.err").toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("READY", out.readLine());
        return p;
    }
}
