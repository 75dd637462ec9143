package loomscope.ui.app;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import loomscope.host.JitPriority;
import loomscope.ui.mainwindow.MainView;
import loomscope.ui.probe.ProbeUi;
import loomscope.ui.run.MainViewModel;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.theme.AppTheme;

/** The LoomScope window: `mvn javafx:run`. Sized for a 1920x1080 projector, usable down to 1280x720. */
public final class LoomScopeApp extends Application {
    private MainViewModel model;
    private OnStage.Context stageContext;

    /** Runs before the window, off the FX thread: start flags, remembered settings, the talk track. */
    @Override
    public void init() {
        stageContext = OnStage.Context.prepare(getParameters().getRaw(), SettingsStore.forUser(), getHostServices());
    }

    @Override
    public void start(Stage stage) {
        model = new MainViewModel();
        stageContext.restore(model); // remembered settings first, so that explicit launch options win
        LaunchOptions options = LaunchOptions.of(getParameters().getNamed(), getParameters().getUnnamed());
        AppTheme theme = options.applyTo(model);
        if (!getParameters().getNamed().containsKey("theme")) {
            theme = stageContext.rememberedTheme();
        }
        MainView view = new MainView(model);
        ProbeUi.install(view);
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        StackPane root = new StackPane(view);
        Scene scene = new Scene(root, Math.min(1920, screen.getWidth()), Math.min(1080, screen.getHeight()));
        theme.applyTo(scene);
        stage.setTitle("LoomScope - carrier lanes (JDK " + Runtime.version().feature() + ")");
        stage.setMinWidth(1280);
        stage.setMinHeight(720);
        stage.setScene(scene);
        OnStage onStage = OnStage.install(stage, view, root, stageContext);
        stage.show();
        onStage.shown();
        if (!options.autorun()) {
            // discovery starts a JVM per runtime found: not while --autorun measures the window
            view.discoverRunTargets();
        }
        if (getParameters().getUnnamed().contains("--compare")) {
            // (screenshots, talks); before the warm-up, which takes the window's scene off the stage for a while
            view.openCompare();   // mvn javafx:run -Djavafx.args=--compare
        }
        WindowWarmUp warmUp = !options.warmUp() ? null
                : onStage.presentation().isPresenting()
                        // the audience sees the presenter's view, not the copy's ordinary one: drawn off-screen
                        ? WindowWarmUp.startFor(model, theme, scene.getWidth(), scene.getHeight())
                        : WindowWarmUp.startOn(stage, model, theme);
        if (warmUp != null) {
            warmUp.whenRunsDone(JitPriority::lowerCompilerThreads); // the window's code is compiled: the rest waits
        }
        if (options.autorun()) {
            int[] runsLeft = {options.autoruns() - 1};
            model.history().addListener((javafx.collections.ListChangeListener<loomscope.ui.history.HistoryRow>) c -> {
                if (runsLeft[0]-- > 0) {
                    Platform.runLater(model::run);   // once per finished run: after the model has settled
                } else if (options.exitAfterRun()) {
                    Platform.exit();
                }
            });
            if (warmUp != null) {
                warmUp.whenOver(() -> {
                    if (!model.stateProperty().get().isActive()) {
                        model.run();
                    }
                });
            } else {
                model.run();
            }
        }
    }

    @Override
    public void stop() {
        if (model != null) {
            model.stop();
        }
    }

    public static void main(String[] args) {
        launch(args);
    }
}
