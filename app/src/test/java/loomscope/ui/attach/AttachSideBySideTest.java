package loomscope.ui.attach;

import static loomscope.ui.UiTestSupport.countPixels;
import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.snapshot;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import loomscope.attach.AgentJar;
import loomscope.attach.JvmEntry;
import loomscope.attach.SideBySide;
import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.recording.VtState;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.theme.Palette;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Two real JVMs attached from the window, the second beside the first from the list that stays while attached: both
 * JVMs' carriers are lanes of the one canvas, on one time axis, each with mounts drawn in its own rows. And Connect…:
 * a JVM whose agent listens ({@code listen=127.0.0.1:0}, 127.0.0.1 standing in for another host) is connected to from
 * the form, over TLS, beside a JVM attached from the list; a wrong token first is one line, and nothing is connected.
 */
@ExtendWith(ApplicationExtension.class)
class AttachSideBySideTest {
    private static final Pattern LISTENING = Pattern.compile(
            "listening on (\\S+) \\(TLS 1\\.3\\); certificate SHA-256 ([0-9a-f]{64})");

    private final ExecutorService jobs = Executors.newFixedThreadPool(2);
    private final TargetJvms targets = new TargetJvms();
    private AttachViewModel model;
    private AttachView view;

    @Start
    void start(Stage stage) {
        model = new AttachViewModel(jobs);
        view = new AttachView(model);
        Scene scene = new Scene(view, 1500, 950);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        targets.endAll();
        jobs.shutdownNow();
    }

    /** The looks a mount is drawn in on an attached JVM's lanes. */
    private static final List<VtState> MOUNTED_LOOKS = List.of(VtState.RUNNING, VtState.HELD, VtState.PINNED,
            VtState.CAPTURED, VtState.STALLED, VtState.UNSURE);

    @Test
    void twoAttachedJvmsAreShownAsLanesOnOneAxis(FxRobot robot, @TempDir Path dir) throws Exception {
        TargetSources.compile(dir);
        Process server = target(dir, 2);
        Process client = target(dir, 1);
        fx(model::refresh);
        pulseUntil(60, "both JVMs listed", () -> listed(server) != null && listed(client) != null);

        select(robot, server);
        robot.clickOn("#attach-attach");
        pulseUntil(120, "the server attached", () -> model.state() == AttachViewModel.State.ATTACHED);
        // the list stays while attached: the client is picked from it and goes beside the server
        assertTrue(onFx(() -> view.lookup("#attach-jvms").isVisible()), "the list while attached");
        assertEquals("Attach beside", onFx(() -> ((Button) view.lookup("#attach-attach")).getText()));
        select(robot, client);
        robot.clickOn("#attach-attach");

        String serverJvm = SideBySide.jvmLabel(server.pid(), "VtTarget");
        String clientJvm = SideBySide.jvmLabel(client.pid(), "VtTarget");
        pulseUntil(120, "both JVMs' mounts in the lanes", () -> {
            RunRecording r = view.lanes().recording();
            return TargetJvms.mountsOf(r, serverJvm) >= 5 && TargetJvms.mountsOf(r, clientJvm) >= 5;
        });
        LanesCanvas lanes = view.lanes().lanes();
        RunRecording shown = onFx(() -> view.lanes().recording());
        assertEquals(shown.carrierCount(), (int) onFx(lanes::laneCount), "every JVM's carriers on the one canvas");
        // grouped per JVM, the server's first (attached first)
        List<String> jvmOfLane = new ArrayList<>();
        for (CarrierLog log : shown.carriers()) {
            jvmOfLane.add(SideBySide.jvmOf(log.name()));
        }
        assertEquals(serverJvm, jvmOfLane.get(0));
        assertEquals(clientJvm, jvmOfLane.get(jvmOfLane.size() - 1));
        assertEquals(jvmOfLane.lastIndexOf(serverJvm) + 1, jvmOfLane.indexOf(clientJvm), "lanes grouped per JVM: " + jvmOfLane);

        // one axis: the lanes share one geometry, and each JVM's rows have mounts drawn in the running colour
        waitFor(60, "a frame drawn with both JVMs' lanes", () -> {
            view.pulse(System.nanoTime());
            return lanes.geometry() != null && lanes.laneCount() == jvmOfLane.size();
        });
        Palette palette = onFx(() -> view.lanes().palette());
        WritableImage image = snapshot(lanes.canvas());
        LanesCanvas.LaneGeometry g = onFx(lanes::geometry);
        assertNotNull(g);
        for (String jvm : List.of(serverJvm, clientJvm)) {
            int pixels = 0;
            for (int lane = 0; lane < jvmOfLane.size(); lane++) {
                if (jvm.equals(jvmOfLane.get(lane))) {
                    int top = (int) Math.ceil(lane * g.laneStep());
                    // a mount in any look: a cold target's first mounts after the agent came are often held (class
                    // loading), and where a column holds several mounts the most severe look is the one drawn
                    for (VtState mounted : MOUNTED_LOOKS) {
                        pixels += countPixels(image, palette.of(mounted), (int) g.trailX(), top,
                                (int) (g.trailX() + g.trailWidth()), top + (int) g.laneStep());
                    }
                }
            }
            assertTrue(pixels > 0, jvm + "'s lanes show mounts on the shared axis");
        }
        String status = onFx(() -> model.statusProperty().get());
        assertTrue(status.startsWith("2 JVMs side by side on one time axis"), status);
        assertEquals(3, status.lines().count(), "a line per JVM: " + status);

        robot.clickOn("#attach-stop");
        pulseUntil(120, "both detached", () -> model.state() == AttachViewModel.State.IDLE);
        assertEquals("", onFx(() -> model.errorProperty().get()));
        assertTrue(server.isAlive() && client.isAlive(), "both run on");
    }

    @Test
    void aListeningJvmIsConnectedFromTheFormBesideAnAttachedOne(FxRobot robot, @TempDir Path dir) throws Exception {
        TargetSources.compile(dir);
        Path tokenFile = Files.writeString(dir.resolve("token"), HexFormat.of().formatHex(new byte[16]).replace('0', '7'));
        Files.setPosixFilePermissions(tokenFile, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Process local = oneCarrierTarget(dir, null);
        Process listening = oneCarrierTarget(dir, "-javaagent:" + AgentJar.locate() + "=listen=127.0.0.1:0,tokenfile=" + tokenFile);
        Matcher agent = listeningLine(dir.resolve("listening.err"));

        fx(model::refresh);
        pulseUntil(60, "the local JVM listed", () -> listed(local) != null);
        fx(() -> {
            @SuppressWarnings("unchecked")
            TableView<JvmEntry> table = (TableView<JvmEntry>) view.lookup("#attach-jvms");
            table.getSelectionModel().select(listed(local));
        });
        robot.clickOn("#attach-attach");
        pulseUntil(120, "the local JVM attached", () -> model.state() == AttachViewModel.State.ATTACHED);

        robot.clickOn("#attach-connect-open");
        assertTrue(onFx(() -> view.lookup("#attach-connect-form").isVisible()), "the form under the buttons");
        fx(() -> {
            model.connectForm().addressProperty().set(agent.group(1));
            model.connectForm().tokenProperty().set("not-the-token-at-all");
            model.connectForm().fingerprintProperty().set(agent.group(2));
        });
        robot.clickOn("#attach-connect");
        pulseUntil(60, "the wrong token refused", () -> !model.errorProperty().get().isEmpty());
        String refused = onFx(() -> model.errorProperty().get());
        assertEquals(1, refused.lines().count(), refused);
        assertTrue(refused.contains("wrong token"), refused);
        assertEquals(1, (int) onFx(() -> model.sessionsProperty().get()), "nothing connected");

        String token = Files.readString(tokenFile);
        fx(() -> model.connectForm().tokenProperty().set(token));
        robot.clickOn("#attach-connect");
        String localJvm = SideBySide.jvmLabel(local.pid(), "VtTarget");
        String remoteJvm = SideBySide.jvmLabel(listening.pid(), "VtTarget");
        pulseUntil(120, "both JVMs' mounts in the lanes", () -> {
            RunRecording r = view.lanes().recording();
            return TargetJvms.mountsOf(r, localJvm) >= 5 && TargetJvms.mountsOf(r, remoteJvm) >= 5;
        });
        String status = onFx(() -> model.statusProperty().get());
        assertTrue(status.startsWith("2 JVMs side by side"), status);
        assertTrue(status.contains("(VtTarget) at " + agent.group(1)), "the connected JVM's line names its agent: " + status);
        assertEquals("", onFx(() -> model.connectForm().tokenProperty().get()), "the token is not kept");
        assertFalse(onFx(() -> view.lookup("#attach-connect-form").isVisible()), "the form closes once connected");

        robot.clickOn("#attach-stop");
        pulseUntil(120, "both detached", () -> model.state() == AttachViewModel.State.IDLE);
        assertEquals("", onFx(() -> model.errorProperty().get()));
        assertTrue(local.isAlive() && listening.isAlive(), "both run on");
    }

    /** The agent's line on the JVM's stderr: its address and its certificate's SHA-256 (made on a thread of its own). */
    private static Matcher listeningLine(Path stderr) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(Files.exists(stderr) ? Files.readString(stderr) : "");
            if (m.find()) {
                return m;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the agent did not say it listens: " + Files.readString(stderr));
    }

    /** The window's pulse, as the main window calls it, until {@code done} holds on the FX thread. */
    private void pulseUntil(double seconds, String what, java.util.function.BooleanSupplier done) {
        waitFor(seconds, what, () -> {
            view.pulse(System.nanoTime());
            return done.getAsBoolean();
        });
    }

    private JvmEntry listed(Process p) {
        return model.listedJvms().jvms().stream().filter(j -> j.pid() == p.pid()).findFirst().orElse(null);
    }

    @SuppressWarnings("unchecked")
    private void select(FxRobot robot, Process p) {
        fx(() -> {
            TableView<JvmEntry> table = (TableView<JvmEntry>) view.lookup("#attach-jvms");
            table.getSelectionModel().select(listed(p));
            table.scrollTo(listed(p));
        });
        waitFor(30, "the row selected", () -> model.listedJvms().selectedProperty().get() != null
                && model.listedJvms().selectedProperty().get().pid() == p.pid());
    }

    /** VtTarget on a pool of {@code parallelism} carriers, once it says READY. */
    private Process target(Path dir, int parallelism) throws Exception {
        return targets.start(dir, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism), "VtTarget", dir.resolve("target.err"));
    }

    /** VtTarget on one carrier, with {@code agentFlag} when not null (its stderr then in listening.err), once READY. */
    private Process oneCarrierTarget(Path dir, String agentFlag) throws Exception {
        List<String> flags = new ArrayList<>(List.of("-Djdk.virtualThreadScheduler.parallelism=1"));
        if (agentFlag != null) {
            flags.add(0, agentFlag);
        }
        return targets.start(dir, Path.of(System.getProperty("java.home"), "bin", "java").toString(), flags, "VtTarget",
                dir.resolve(agentFlag != null ? "listening.err" : "target.err"));
    }
}
