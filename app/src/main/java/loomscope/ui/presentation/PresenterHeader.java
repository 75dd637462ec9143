package loomscope.ui.presentation;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextBoundsType;
import loomscope.runs.RunTarget;
import loomscope.probe.CauseReport;
import loomscope.recording.RunRecording;
import loomscope.report.HistoryEntry;
import loomscope.report.TimeText;
import loomscope.scenario.Scenarios;
import loomscope.ui.application.ApplicationCaption;
import loomscope.ui.run.RunState;
import loomscope.ui.talktrack.Chapter;
import loomscope.ui.talktrack.ChapterJvms;
import loomscope.ui.talktrack.ChapterNavigator;
import loomscope.ui.talktrack.ChapterRunTarget;
import loomscope.ui.widgets.LayoutBarrier;
import loomscope.workload.WorkloadConfig;

/**
 * The top of the presentation screen: chapter title and narration on the left, the run's clock (96 px)
 * and what is running on the right. Everything else in presentation mode is lanes, thread field and, for a
 * chapter that shows it, the code that runs ({@link PresentationMode} places it beside the lanes).
 */
public final class PresenterHeader extends HBox {
    /** The clock dims while its time belongs to a run the settings have moved on from. */
    private static final PseudoClass STALE = PseudoClass.getPseudoClass("stale");
    private static final double CLOCK_WIDTH = 480;
    private static final int TITLE_LINES = 2;
    private static final int NARRATION_LINES = 3;
    /** The longest caption: "last run: …" with a lowered run's note, wrapped at the clock's width. */
    private static final int CAPTION_LINES = 3;
    private final Label chapter = new Label();
    private final Label narration = new Label();
    private final Label standIn = new Label();
    private final Label runsOn = new Label();
    private final Label clock = new Label();
    private final Label config = new Label();
    private final Label site = new Label();
    /** A site's frame and reason can be long: two lines at most, so that the lanes keep their room. */
    private static final int SITE_LINES = 2;

    public PresenterHeader(PresentedRun model, ChapterNavigator chapters) {
        this(model, chapters, new SimpleObjectProperty<>());
    }

    /**
     * {@code selectedSite}: the site chosen in the Where table, shown under the narration while one is chosen, so that
     * the room reads which place in the code the framed mounts are.
     */
    public PresenterHeader(PresentedRun model, ChapterNavigator chapters,
                           ObservableValue<CauseReport.Site> selectedSite) {
        getStyleClass().add("presenter-header");
        setId("presenter-header");
        chapter.getStyleClass().add("presenter-chapter");
        chapter.setId("presenter-chapter");
        // title and narration wrap inside what the clock leaves: no text may push them off-screen
        chapter.setWrapText(true);
        chapter.setMinWidth(0);
        capLines(chapter, TITLE_LINES);
        narration.getStyleClass().add("presenter-narration");
        narration.setId("presenter-narration");
        narration.setWrapText(true);
        capLines(narration, NARRATION_LINES);
        standIn.getStyleClass().add("presenter-stand-in");
        standIn.setId("presenter-stand-in");
        standIn.managedProperty().bind(standIn.textProperty().isNotEmpty());
        standIn.visibleProperty().bind(standIn.managedProperty());
        runsOn.getStyleClass().add("presenter-runs-on");
        runsOn.setId("presenter-runs-on");
        runsOn.setWrapText(true);
        // which JVM the next run goes to, whenever that is not simply this one (or the chapter wanted another)
        runsOn.textProperty().bind(Bindings.createStringBinding(() -> {
            Chapter.ChapterSetup s = chapters.setupProperty().get();
            boolean chapterWantsAnother = s != null && s.chapter().runOn() != ChapterRunTarget.THIS_JVM;
            boolean elsewhere = model.runOnProperty().get().startsAJvm();
            return (chapterWantsAnother && !s.isStandIn()) || elsewhere
                    ? ChapterJvms.describe(model.runOnProperty().get()) : "";
        }, chapters.setupProperty(), model.runOnProperty()));
        runsOn.managedProperty().bind(runsOn.textProperty().isNotEmpty());
        runsOn.visibleProperty().bind(runsOn.managedProperty());
        clock.getStyleClass().add("presenter-clock");
        clock.setId("presenter-clock");
        clock.textProperty().bind(model.elapsedSecondsProperty().asString("%.2f s"));
        config.getStyleClass().add("presenter-clock-caption");
        config.setId("presenter-config");
        // as wide as the clock at most: a longer caption (a lowered run says so) wraps instead of widening the header,
        // and its three lines are kept free all the time, so that the header does not grow (and the lanes shrink,
        // re-laying out the window) just as a lowered run starts
        config.setMaxWidth(CLOCK_WIDTH);
        config.setWrapText(true);
        config.minHeightProperty().bind(Bindings.createDoubleBinding(
                () -> heightOfLines(config, CAPTION_LINES), config.fontProperty(), config.paddingProperty()));
        // the caption names the run the clock belongs to, not the inputs: after a chapter change the clock
        // still shows the previous chapter's time, and must not stand under the new chapter's settings
        BooleanBinding stale = Bindings.createBooleanBinding(
                () -> !model.state().isActive() && model.runningConfig() != null && !model.nextRunRepeatsLast(),
                model.stateProperty(), model.inputsRevisionProperty(), model.runOnProperty());
        config.textProperty().bind(Bindings.createStringBinding(() -> caption(model, stale.get()),
                stale, model.stateProperty(), model.recordingProperty()));
        stale.addListener((o, was, now) -> clock.pseudoClassStateChanged(STALE, now));
        clock.pseudoClassStateChanged(STALE, stale.get());

        chapters.setupProperty().addListener((o, was, now) -> show(chapters));
        show(chapters);
        // the narration stands only over the chapter's own run: any other run on screen is said to be off script
        narration.textProperty().bind(Bindings.createStringBinding(() -> narration(chapters.setupProperty().get(), model),
                chapters.setupProperty(), model.stateProperty(), model.inputsRevisionProperty(), model.recordingProperty()));

        site.getStyleClass().add("presenter-runs-on");
        site.setId("presenter-site");
        site.setWrapText(true);
        capLines(site, SITE_LINES);
        site.textProperty().bind(Bindings.createStringBinding(() -> siteText(selectedSite.getValue()), selectedSite));
        site.managedProperty().bind(site.textProperty().isNotEmpty());
        site.visibleProperty().bind(site.managedProperty());

        VBox words = new VBox(4, chapter, narration, runsOn, standIn, site);
        words.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(words, Priority.ALWAYS);
        words.setMaxWidth(Double.MAX_VALUE);
        // the clock changes every frame: behind a fixed-size barrier so that it never re-lays out the window
        VBox time = new VBox(0, new LayoutBarrier(clock, CLOCK_WIDTH, 124), config);
        time.setAlignment(Pos.CENTER_RIGHT);
        time.setMinWidth(USE_PREF_SIZE);
        getChildren().addAll(words, time);
    }

    /** "Where: pinned 12× at shop.Native.callback:7 (Native or VM frame on stack)", or "" with no site chosen. */
    static String siteText(CauseReport.Site site) {
        if (site == null) {
            return "";
        }
        return String.format(Locale.ROOT, "Where: %s %,d\u00d7 at %s%s", site.kind(), site.count(), site.frame(),
                site.reason() == null ? "" : " (" + site.reason() + ")");
    }

    private void show(ChapterNavigator chapters) {
        Chapter.ChapterSetup setup = chapters.setupProperty().get();
        chapter.setText(chapters.heading());
        standIn.setText(setup == null || !setup.isStandIn() ? "" : setup.standInLabel());
    }

    /**
     * The chapter's narration while the run on screen (or, before one and once the settings moved on, the next run) is
     * the chapter's own; else "off script: " and what it is, so that the story of one run never stands over another.
     */
    static String narration(Chapter.ChapterSetup setup, PresentedRun model) {
        if (setup == null) {
            return "";
        }
        // a run whose settings the presenter has moved on from (a new chapter) is "last run" under the dimmed clock:
        // the chapter's words are judged against what runs next
        boolean movedOn = !model.state().isActive() && !model.nextRunRepeatsLast();
        WorkloadConfig shown = model.state() == RunState.IDLE || model.runningConfig() == null || movedOn
                ? model.configFromInputsQuietly() : model.runningConfig();
        if (shown == null || onScript(shown, setup)) {
            return setup.chapter().narration();
        }
        return "off script: " + describe(shown).replace('\u00a0', ' ');
    }

    /** Whether {@code config} is the run {@code setup} asks for: its scenario and values, P and N (your code: a snippet's). */
    static boolean onScript(WorkloadConfig config, Chapter.ChapterSetup setup) {
        if (config.parallelism() != setup.parallelism() || config.threads() != setup.threads()) {
            return false;
        }
        if (setup.chapter().snippet() != null && !setup.isStandIn()) {
            return config.scenario().yourCodeClass() != null;
        }
        if (!config.scenario().name().equals(setup.scenario().scenario().name())) {
            return false;
        }
        Map<String, String> values = config.scenario().values();
        return setup.values().entrySet().stream().allMatch(e -> e.getValue().equals(values.get(e.getKey())));
    }

    /**
     * "synchronized · P 1 · N 5,000 · JDK 25.0.3" for the run going or just ended; "last run: …" once the settings moved
     * on; the next run's settings before any run (the clock then reads 0.00 s, which claims nothing).
     */
    static String caption(PresentedRun model, boolean stale) {
        WorkloadConfig shown = model.runningConfig();
        if (shown == null || model.state() == RunState.IDLE) {
            WorkloadConfig next = model.configFromInputsQuietly();
            return next == null ? "" : "next: " + describe(next);
        }
        RunRecording run = model.recordingProperty().get();
        // an application's run is told by its facts (its source), not by the task-file config it is kept under
        String application = run != null && run.config() == shown ? ApplicationCaption.of(run) : null;
        if (application != null) {
            return (stale ? "last run: " : "") + application;
        }
        String jvm = run == null ? "" : " · JDK\u00a0" + TimeText.jdk(run.jdkVersion());
        return (stale ? "last run: " : "") + describe(shown) + jvm
                + (model.runShare().lowersCarriers() ? " · " + HistoryEntry.LOWERED_NOTE_SHORT : "");
    }

    /** At most {@code lines} lines, the rest cut with "…": the lanes below keep their room whatever the text. */
    private static void capLines(Label label, int lines) {
        label.setMinHeight(0);
        label.maxHeightProperty().bind(Bindings.createDoubleBinding(
                () -> heightOfLines(label, lines), label.fontProperty(), label.paddingProperty()));
    }

    private static double heightOfLines(Label label, int lines) {
        Text probe = new Text(String.join("\n", Collections.nCopies(lines, "Xg")));
        probe.setFont(label.getFont());
        probe.setBoundsType(TextBoundsType.LOGICAL_VERTICAL_CENTER);   // as a Label lays out its text
        double padding = label.getPadding().getTop() + label.getPadding().getBottom();
        return Math.ceil(probe.getLayoutBounds().getHeight() + padding);
    }

    /**
     * The run's scenario as it names itself in a caption ({@code Scenario#captionItems}), then P and N. Non-breaking
     * spaces inside each item: a wrapped caption breaks between items, never inside "N 5,000".
     */
    private static String describe(WorkloadConfig c) {
        StringBuilder s = new StringBuilder();
        for (String item : Scenarios.of(c).captionItems(Scenarios.params(c))) {
            s.append(s.isEmpty() ? "" : " · ").append(item.replace(' ', '\u00a0'));
        }
        return s + String.format(Locale.ROOT, " · P\u00a0%d · N\u00a0%,d", c.parallelism(), c.threads());
    }

    Label clock() { return clock; }

    Label caption() { return config; }
}
