package loomscope.ui.app;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.util.Duration;
import loomscope.host.HostPolicy;
import loomscope.host.JitPriority;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.theme.AppTheme;
import picocli.CommandLine;

/** The LoomScope window: `mvn javafx:run`. Sized for a 1920x1080 projector, usable down to 1280x720. */
public final class LoomScopeApp extends Application {
    /** What the process exits with once the window is gone: 2 when an autorun could not run. */
    private static volatile int exitCode;
    private MainViewModel model;
    private WindowOptions options;
    private OnStage.Context stageContext;

    /** Runs before the window, off the FX thread: options (checked in main already), settings, the talk track. */
    @Override
    public void init() {
        options = WindowOptions.parse(getParameters().getRaw());
        stageContext = OnStage.Context.prepare(options, SettingsStore.forUser(), getHostServices());
    }

    /**
     * One launch line when the window's first frame is laid out and about to be drawn: the time since the JVM started
     * (docs/performance.md measures it so), what a user waits for after typing the command. On a small machine the
     * first frame is the warm-up's copy of the window, which the warm-up puts on the stage: whichever scene the stage
     * holds draws it.
     */
    private static void sayFirstFrame(Stage stage) {
        boolean[] said = new boolean[1];
        Consumer<Scene> watch = new Consumer<>() {
            @Override
            public void accept(Scene scene) {
                Runnable[] once = new Runnable[1];
                once[0] = () -> {
                    scene.removePostLayoutPulseListener(once[0]);
                    if (!said[0]) {
                        said[0] = true;
                        System.out.printf(Locale.ROOT, "LoomScope: first frame %.2f s after the JVM started%n",
                                ManagementFactory.getRuntimeMXBean().getUptime() / 1e3);
                    }
                };
                scene.addPostLayoutPulseListener(once[0]);
            }
        };
        watch.accept(stage.getScene());
        stage.sceneProperty().addListener((o, was, now) -> {
            if (now != null && !said[0]) {
                watch.accept(now);
            }
        });
    }

    @Override
    public void start(Stage stage) {
        HostPolicy host = HostPolicy.forThisMachine(options.host());
        System.out.println("LoomScope " + host.describe());
        model = new MainViewModel(JobThreads.runStarters(), host);
        stageContext.restore(model); // remembered settings first, so that explicit launch options win
        options.applyTo(model);
        AppTheme theme = options.theme() != null ? options.theme() : stageContext.rememberedTheme();
        MainWindow view = MainWindow.of(model);
        view.installProbes();
        if (options.taskFile() != null) {
            view.yourCodeView().model().snippets().adopt(options.taskFile());
        }
        if (options.opened() != null) {
            view.savedRuns().show(options.opened(), options.openPath());
        }
        view.overlay().setHostNote(host.describe());
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        StackPane root = new StackPane(view.view());
        Scene scene = new Scene(root, Math.min(1920, screen.getWidth()), Math.min(1080, screen.getHeight()));
        theme.applyTo(scene);
        stage.setTitle("LoomScope - carrier lanes (JDK " + Runtime.version().feature() + ")");
        // the smallest size the layout is made for, unless the screen is smaller (a projector's 1280 x 720 less its
        // task bar): a minimum larger than the screen puts the window's edge, and its status line, off it
        stage.setMinWidth(Math.min(1280, screen.getWidth()));
        stage.setMinHeight(Math.min(720, screen.getHeight()));
        stage.setScene(scene);
        OnStage onStage = OnStage.install(stage, view, root, stageContext);
        sayFirstFrame(stage);
        stage.show();
        onStage.shown();
        if (!options.autorun() && options.attachTarget() == null) {
            // discovery starts a JVM per runtime found: not while --autorun or --attach measures the window
            view.discoverRunTargets();
        }
        if (options.compare()) {
            // (screenshots, talks); before the warm-up, which takes the window's scene off the stage for a while
            view.openCompare();   // mvn javafx:run -Djavafx.args=--compare
        }
        // an attach at start waits for the warm-up, which the target's load can make last minutes: cut short then
        Duration cap = options.attachTarget() != null ? WindowWarmUp.CAP : Duration.INDEFINITE;
        WindowWarmUp warmUp = !options.warmUp() || !host.warmUp() ? null
                : onStage.presentation().isPresenting()
                        // the audience sees the presenter's view, not the copy's ordinary one: drawn off-screen
                        ? WindowWarmUp.startFor(model, theme, scene.getWidth(), scene.getHeight(), cap)
                        : WindowWarmUp.startOn(stage, model, theme, cap, WindowWarmUp.plan());
        if (warmUp != null) {
            System.out.println("LoomScope warm-up: real runs in a copy of the window before the first timed run (any key skips)");
        }
        if (warmUp != null) {
            // an attach from the window, like a run, ends the warm-up, and waits for its run to wind down
            warmUp.yieldTo(view);
        }
        if (warmUp != null && host.lowersJit()) {
            warmUp.whenRunsDone(JitPriority::lowerCompilerThreads); // the window's code is compiled: the rest waits
        }
        if (options.attachTarget() != null) {
            Runnable attach = () -> view.attachAtStart(options.attachTargets(), !options.exitAfterRun() ? null : code -> {
                exitCode = code;
                Platform.exit();
            });
            if (warmUp != null) {
                warmUp.whenOver(attach);   // the warm-up's runs would take the target's CPU, and its window is a copy
            } else {
                attach.run();
            }
        }
        if (options.autorun()) {
            AutoRun auto = AutoRun.of(model, options, code -> {
                exitCode = code;
                Platform.exit();
            });
            if (warmUp != null) {
                warmUp.whenOver(auto::first);
            } else {
                auto.first();
            }
        }
    }

    @Override
    public void stop() {
        if (model != null) {
            model.stop();
        }
    }

    /**
     * Checks the options before any window exists: {@code --help} prints them, anything refused ends the launch
     * with one line naming it and exit code 2.
     */
    public static void main(String[] args) {
        List<String> given = List.of(args);
        if (WindowOptions.asksForHelp(given)) {
            System.out.print(WindowOptions.usage());
            return;
        }
        try {
            WindowOptions.parse(given);
        } catch (CommandLine.ParameterException e) {
            System.err.println("loomscope: " + WindowOptions.oneLine(e));
            System.exit(AutoRun.FAILED);
        }
        JobThreads.startNow();   // here, on the launch's main thread: the FX thread starts none
        launch(args);
        if (exitCode != 0) {
            System.exit(exitCode);
        }
    }
}
