package loomscope.ui.attach;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static loomscope.ui.UiTestSupport.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import loomscope.attach.AgentJar;
import loomscope.attach.JvmEntry;
import loomscope.attach.SideBySide;
import loomscope.recording.RunRecording;
import loomscope.ui.theme.AppTheme;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Connect… in the window: a JVM whose agent listens ({@code listen=127.0.0.1:0}, 127.0.0.1 standing in for another
 * host) is connected to from the form, over TLS, beside a JVM attached from the list: both on one axis. A wrong token
 * first is one line, and nothing is connected.
 */
@ExtendWith(ApplicationExtension.class)
class AttachConnectTest {
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

    @Test
    void aListeningJvmIsConnectedFromTheFormBesideAnAttachedOne(FxRobot robot, @TempDir Path dir) throws Exception {
        TargetSources.compile(dir);
        Path tokenFile = Files.writeString(dir.resolve("token"), HexFormat.of().formatHex(new byte[16]).replace('0', '7'));
        Process local = target(dir, null);
        Process listening = target(dir, "-javaagent:" + AgentJar.locate() + "=listen=127.0.0.1:0,tokenfile=" + tokenFile);
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
            model.connectAddressProperty().set(agent.group(1));
            model.connectTokenProperty().set("not-the-token-at-all");
            model.connectFingerprintProperty().set(agent.group(2));
        });
        robot.clickOn("#attach-connect");
        pulseUntil(60, "the wrong token refused", () -> !model.errorProperty().get().isEmpty());
        String refused = onFx(() -> model.errorProperty().get());
        assertEquals(1, refused.lines().count(), refused);
        assertTrue(refused.contains("wrong token"), refused);
        assertEquals(1, (int) onFx(() -> model.sessionsProperty().get()), "nothing connected");

        String token = Files.readString(tokenFile);
        fx(() -> model.connectTokenProperty().set(token));
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
        assertEquals("", onFx(() -> model.connectTokenProperty().get()), "the token is not kept");
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

    private void pulseUntil(double seconds, String what, java.util.function.BooleanSupplier done) {
        waitFor(seconds, what, () -> {
            view.pulse(System.nanoTime());
            return done.getAsBoolean();
        });
    }

    private JvmEntry listed(Process p) {
        return model.jvms().stream().filter(j -> j.pid() == p.pid()).findFirst().orElse(null);
    }

    /** VtTarget on one carrier, with {@code agentFlag} when not null (its stderr then in listening.err), once READY. */
    private Process target(Path dir, String agentFlag) throws Exception {
        List<String> flags = new ArrayList<>(List.of("-Djdk.virtualThreadScheduler.parallelism=1"));
        if (agentFlag != null) {
            flags.add(0, agentFlag);
        }
        return targets.start(dir, Path.of(System.getProperty("java.home"), "bin", "java").toString(), flags, "VtTarget",
                dir.resolve(agentFlag != null ? "listening.err" : "target.err"));
    }
}
