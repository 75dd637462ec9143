package loomscope.ui.app;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.prefs.BackingStoreException;

import javafx.application.HostServices;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Screen;
import javafx.stage.Stage;
import loomscope.recording.RunRecording;
import loomscope.recording.TimeAxis;
import loomscope.report.RunRange;
import loomscope.report.TimingCard;
import loomscope.runs.RunTarget;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;
import loomscope.taskfile.StarterSnippets;
import loomscope.ui.export.AnimatedExportViewModel;
import loomscope.ui.export.AnimatedExportWindow;
import loomscope.ui.export.ExportViewModel;
import loomscope.ui.export.FxExportSurface;
import loomscope.ui.export.HistoryTimes;
import loomscope.ui.export.Toast;
import loomscope.ui.job.JobThreads;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.presentation.PresentationMode;
import loomscope.ui.presentation.PresenterHeader;
import loomscope.ui.presentation.ShortcutsOverlay;
import loomscope.ui.presentation.SpeakerNotesWindow;
import loomscope.ui.presentation.StageToolbar;
import loomscope.ui.presentation.TalkClock;
import loomscope.ui.settings.SettingsStore;
import loomscope.ui.settings.StageSettings;
import loomscope.ui.talktrack.Chapter;
import loomscope.ui.talktrack.ChapterJvms;
import loomscope.ui.talktrack.ChapterNavigator;
import loomscope.ui.talktrack.ChapterRunTarget;
import loomscope.ui.talktrack.TalkTrackLoader;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.widgets.WindowPlacement;
import loomscope.workload.RunLimits;

/**
 * Puts LoomScope on stage: the talk track, presentation mode, the keys, exports and remembered
 * settings, hooked onto the main window from outside. {@link Context#prepare} runs before the window
 * (off the FX thread: it reads files); {@link #install} wires the window; {@link #shown} follows show().
 */
public final class OnStage {

    static final String STAGE_CSS = OnStage.class.getResource("/loomscope/ui/presentation/stage.css").toExternalForm();

    /** What the stage needs from outside the window; made before the window exists. */
    public record Context(WindowOptions options, SettingsStore store, StageSettings settings, TalkTrackLoader.Loaded talk,
                          Consumer<Path> openFolder, List<String> problems) {

        /** Reads settings (forgetting them first with --reset-settings) and the talk track the options name. */
        public static Context prepare(WindowOptions options, SettingsStore store, HostServices host) {
            List<String> problems = new ArrayList<>();
            if (options.resetSettings()) {
                try {
                    store.reset();
                } catch (BackingStoreException e) {
                    problems.add("could not reset the settings: " + e.getMessage());
                }
            }
            TalkTrackLoader.Loaded talk = TalkTrackLoader.load(options.chapters());
            if (talk.problem() != null) {
                problems.add(talk.problem());
            }
            Consumer<Path> open = host == null ? folder -> { } : folder -> host.showDocument(folder.toUri().toString());
            return new Context(options, store, store.load(), talk, open, List.copyOf(problems));
        }

        /**
         * Puts the remembered scenario and its parameters, lock, P and N into the model (the scenario first: choosing
         * it sets its default N and P); call before explicit launch options are applied.
         */
        public void restore(MainViewModel model) {
            Scenario scenario = Scenarios.byName(settings.scenario());
            model.scenarioProperty().set(scenario);
            settings.params().forEach((name, value) -> model.inputs().paramTextProperty(scenario, name).set(value));
            model.lockModeProperty().set(settings.lock());
            model.parallelismProperty().set(settings.parallelism());
            model.threadsTextProperty().set(Integer.toString(settings.threads()));
        }

        /** The theme the window had when it closed. */
        public AppTheme rememberedTheme() {
            return settings.highContrast() ? AppTheme.HIGH_CONTRAST : baseTheme(settings.theme());
        }
    }

    private final Stage stage;
    private final MainWindow view;
    private final Context context;
    private final ChapterNavigator chapters;
    private final PresentationMode presentation;
    private final ExportViewModel export;
    private final AnimatedExportViewModel animated;
    private boolean standInsSaid;
    private final Toast toast;
    private final ShortcutsOverlay overlay = new ShortcutsOverlay();
    private final TalkClock talkClock = new TalkClock();
    private final StageKeys keys;
    private SpeakerNotesWindow notes;
    private AppTheme baseTheme;
    /** What was last handed to the store: the fallback for values that cannot be read right now. */
    private StageSettings remembered;

    private OnStage(Stage stage, MainWindow view, StackPane root, Context context) {
        this.stage = stage;
        this.view = view;
        this.context = context;
        MainViewModel model = view.model();
        Scene scene = stage.getScene();
        scene.getStylesheets().add(STAGE_CSS);

        StageSettings s = context.settings();
        remembered = s;
        // the window applied its theme (remembered or --theme); H toggles high contrast over a base theme
        baseTheme = AppTheme.current() != AppTheme.HIGH_CONTRAST ? AppTheme.current() : baseTheme(s.theme());
        if (s.window().hasPosition()) {
            // a remembered window; a first start keeps the app's own size (the screen, up to 1920x1080)
            Rectangle2D placed = WindowPlacement.onScreen(new Rectangle2D(
                    s.window().x(), s.window().y(), s.window().width(), s.window().height()),
                    Screen.getScreens().stream().map(Screen::getVisualBounds).toList());
            stage.setX(placed.getMinX());
            stage.setY(placed.getMinY());
            stage.setWidth(placed.getWidth());
            stage.setHeight(placed.getHeight());
            stage.setMaximized(s.window().maximized());
        }

        ChapterJvms jvms = new ChapterJvms(view.runOnCatalog());
        chapters = new ChapterNavigator(context.talk().track(), Set.of(ChapterRunTarget.THIS_JVM), setup -> {
            apply(model, setup, jvms);
            if (setup.chapter().snippet() != null && !setup.isStandIn()) {
                view.yourCodeView().model().snippets().openNamed(setup.chapter().snippet());
            }
        });
        chapters.restore(s.chapter());
        jvms.follow(chapters);
        // the launch output names every chapter that cannot run as written here, once the JDKs are known
        view.runOnCatalog().discoveringProperty().addListener((o, was, now) -> {
            if (was && !now && !standInsSaid) {
                standInsSaid = true;
                Path folder = view.yourCodeView().model().snippets().folderProperty().get();
                context.talk().track().standInLines(jvms.reachable(), name -> StarterSnippets.byFileName(name) != null
                        || folder != null && Files.isRegularFile(folder.resolve(name))).forEach(System.out::println);
            }
        });
        toast = new Toast(context.openFolder());
        export = new ExportViewModel(new FxExportSurface(scene, toast), new HistoryTimes(model.history()), s.exportFolder(),
                () -> AppTheme.current().picture(), JobThreads.jobs(), Platform::runLater);
        view.setCardExport(export::exportCard);
        presentation = new PresentationMode(stage, view.view(), view.code(), root, new PresenterHeader(model, chapters, view.where().selectedProperty()), talkClock, chapters);
        root.getChildren().addAll(toast, overlay);
        keys = new StageKeys(model, chapters, presentation, export, overlay, this::toggleNotes, this::toggleHighContrast,
                view.recordingView()::toggleWholeRun);
        animated = new AnimatedExportViewModel(JobThreads.jobs(), () -> model.recordingProperty().get(),
                () -> export.folderProperty().get(), () -> AppTheme.current().picture());
        view.addPulseHook(nanos -> animated.pulse());
        // the exports take what the lanes show: their visible range of the run on show
        Supplier<TimeAxis> visible = () -> {
            LanesCanvas.LaneGeometry shown = view.recordingView().lanes().geometry();
            RunRecording r = model.recordingProperty().get();
            return shown == null || r == null ? null : RunRange.visible(r, shown.axis());
        };
        animated.setVisibleRange(visible);
        export.setVisibleLanes(() -> {
            TimeAxis range = visible.get();
            return range == null ? null : new TimingCard.Lanes(model.recordingProperty().get(), range);
        });
        AnimatedExportWindow animatedWindow = new AnimatedExportWindow(animated, context.openFolder());
        Runnable showAnimated = () -> animatedWindow.show(stage);
        keys.setExportAnimated(showAnimated);
        keys.setTimeKeys(view.recordingView()::timeKey);
        keys.install(scene);
        StageToolbar toolbar = new StageToolbar(chapters, presentation, export, this::toggleNotes, overlay);
        toolbar.addAnimatedExport(showAnimated);
        view.controls().addTools(toolbar);
        rememberChanges(model);
    }

    /** Wires the stage onto a window whose scene is set (root = the scene's root, holding the view). */
    public static OnStage install(Stage stage, MainWindow view, StackPane root, Context context) {
        return new OnStage(stage, view, root, context);
    }

    /** After {@code stage.show()}: presenter start, and any problem with flags or chapters, visibly. */
    public void shown() {
        if (context.options().presenter()) {
            presentation.enter();
        }
        if (!context.problems().isEmpty()) {
            toast.error(String.join("  ", context.problems()));
        }
    }

    private static void apply(MainViewModel model, Chapter.ChapterSetup setup, ChapterJvms jvms) {
        RunTarget where = jvms.resolve(setup.target());
        model.runOnProperty().set(where != null ? where : new RunTarget.ThisJvm());
        Scenario scenario = setup.scenario().scenario();
        model.scenarioProperty().set(scenario);   // first: choosing a scenario sets its own N and P
        setup.values().forEach((name, value) -> model.inputs().setParam(scenario, name, value));
        model.parallelismProperty().set(setup.parallelism());
        model.threadsTextProperty().set(Integer.toString(setup.threads()));
    }

    private void toggleHighContrast() {
        if (AppTheme.current() == AppTheme.HIGH_CONTRAST) {
            baseTheme.applyTo(stage.getScene());
        } else {
            baseTheme = AppTheme.current();
            AppTheme.HIGH_CONTRAST.applyTo(stage.getScene());
        }
    }

    private void toggleNotes() {
        if (notes == null) {
            notes = new SpeakerNotesWindow(stage, view.model(), chapters, talkClock, STAGE_CSS);
            keys.install(notes.scene());
        }
        notes.toggle();
    }

    /** Every change goes to the in-memory preferences at once; the JDK writes them to disk off this thread. */
    private void rememberChanges(MainViewModel model) {
        Runnable remember = () -> {
            remembered = snapshot();
            context.store().remember(remembered);
        };
        // the scenario, its parameters, lock, P, N, CPU and sleep
        model.inputs().onChange(remember);
        chapters.indexProperty().addListener((o, a, b) -> remember.run());
        export.folderProperty().addListener((o, a, b) -> remember.run());
        AppTheme.currentProperty().addListener((o, a, b) -> remember.run());
        stage.setOnHidden(e -> remember.run());
        // your code's snippet folder: brought back, listed off the FX thread, remembered when another is chosen
        var snippets = view.yourCodeView().model().snippets();
        snippets.folderProperty().set(context.store().snippetFolder());
        snippets.folderProperty().addListener((o, a, b) -> context.store().rememberSnippetFolder(b));
        // and the file your code came from: opened again (read off the FX thread) unless --task-file named one
        Path last = context.store().snippetFile();
        if (last != null && snippets.fileProperty().get() == null
                && model.scenarioProperty().get().runsYourCode()) {
            snippets.open(last);
        }
        snippets.fileProperty().addListener((o, a, b) -> {
            if (b != null) {
                context.store().rememberSnippetFile(b);
            }
        });
    }

    private StageSettings snapshot() {
        MainViewModel model = view.model();
        StageSettings previous = remembered;
        int threads;
        try {
            threads = Integer.parseInt(model.threadsTextProperty().get().replace(",", "").replace("_", "").strip());
        } catch (NumberFormatException halfTyped) {
            threads = previous.threads();
        }
        boolean highContrast = AppTheme.current() == AppTheme.HIGH_CONTRAST;
        StageSettings.WindowBounds window = stage.isFullScreen() || presentation.isPresenting() || stage.isIconified()
                ? previous.window()
                : new StageSettings.WindowBounds(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), stage.isMaximized());
        return new StageSettings(highContrast ? baseTheme.name() : AppTheme.current().name(), highContrast,
                model.lockModeProperty().get(), model.parallelismProperty().get(),
                threads < 1 || threads > RunLimits.WINDOW_MAX_THREADS ? previous.threads() : threads,
                Math.max(0, chapters.index()), export.folderProperty().get(), window,
                model.scenarioProperty().get().name(), model.inputs().paramTexts(model.scenarioProperty().get()));
    }

    static AppTheme baseTheme(String name) {
        for (AppTheme t : AppTheme.values()) {
            if (t.name().equalsIgnoreCase(name) && t != AppTheme.HIGH_CONTRAST) {
                return t;
            }
        }
        return AppTheme.DARK;
    }

    public PresentationMode presentation() { return presentation; }

    public ChapterNavigator chapters() { return chapters; }

    public ExportViewModel export() { return export; }

    /** The animated export of the run on show (Shift+S). */
    public AnimatedExportViewModel animatedExport() { return animated; }

    public boolean notesShowing() { return notes != null && notes.isShowing(); }

    /** The toast's text and whether it shows an error (for tests and the notes window). */
    public String toastText() { return toast.isVisible() ? toast.text() : ""; }

    public boolean toastIsError() { return toast.isVisible() && toast.isError(); }
}
