package loomscope.ui.presentation;

import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.ui.talktrack.Chapter;
import loomscope.ui.talktrack.ChapterNavigator;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.widgets.LayoutBarrier;

/**
 * The speaker's second window, for the laptop screen: this chapter's notes, what comes next, the talk's
 * elapsed time and the run's clock. Created on first use; the stage keys work here too.
 */
public final class SpeakerNotesWindow {
    private final Stage stage = new Stage();
    private final Label chapter = new Label();
    private final Label standIn = new Label();
    private final Label narration = new Label();
    private final Label notes = new Label();
    private final Label next = new Label();

    public SpeakerNotesWindow(Window owner, PresentedRun model, ChapterNavigator chapters, TalkClock talkClock, String stageCss) {
        chapter.getStyleClass().add("notes-chapter");
        chapter.setId("notes-chapter");
        standIn.getStyleClass().add("notes-stand-in");
        standIn.managedProperty().bind(standIn.textProperty().isNotEmpty());
        narration.getStyleClass().add("notes-narration");
        narration.setWrapText(true);
        notes.getStyleClass().add("notes-text");
        notes.setId("notes-text");
        notes.setWrapText(true);
        next.getStyleClass().add("notes-next");
        next.setId("notes-next");
        next.setWrapText(true);

        Label talk = new Label();
        talk.getStyleClass().add("notes-clock");
        talk.setId("notes-talk-clock");
        talk.textProperty().bind(Bindings.concat("talk ", talkClock.textProperty()));
        Label run = new Label();
        run.getStyleClass().add("notes-run-clock");
        run.textProperty().bind(Bindings.createStringBinding(() -> String.format("run %.2f s · %s",
                model.elapsedSecondsProperty().get(), model.state().name().toLowerCase()),
                model.elapsedSecondsProperty(), model.stateProperty()));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox clocks = new HBox(24, talk, gap, new LayoutBarrier(run, 340, 36));
        clocks.setStyle("-fx-alignment: baseline-left;");
        chapter.setWrapText(true);
        VBox top = new VBox(6, clocks, chapter);

        ScrollPane notesScroll = new ScrollPane(notes);
        notesScroll.setFitToWidth(true);
        VBox.setVgrow(notesScroll, Priority.ALWAYS);
        VBox body = new VBox(14, standIn, narration, notesScroll, next);
        BorderPane content = new BorderPane(body, top, null, null, null);
        content.getStyleClass().add("notes-window");
        BorderPane.setMargin(body, new Insets(14, 0, 0, 0));

        Scene scene = new Scene(content, 900, 640);
        scene.getStylesheets().addAll(AppTheme.APP_CSS, stageCss);
        stage.setScene(scene);
        stage.setTitle("LoomScope - speaker notes");
        if (owner != null) {
            stage.initOwner(owner);
        }
        chapters.setupProperty().addListener((o, was, now) -> show(chapters));
        show(chapters);
    }

    public Scene scene() {
        return stage.getScene();
    }

    public void toggle() {
        if (stage.isShowing()) {
            stage.hide();
        } else {
            stage.show();
        }
    }

    public boolean isShowing() {
        return stage.isShowing();
    }

    private void show(ChapterNavigator chapters) {
        Chapter.ChapterSetup setup = chapters.setupProperty().get();
        chapter.setText(chapters.heading());
        standIn.setText(setup != null && setup.isStandIn() ? setup.standInLabel() : "");
        narration.setText(setup == null ? "" : setup.chapter().narration());
        notes.setText(setup == null ? "" : bulleted(setup.chapter().notes()));
        Chapter upcoming = chapters.upcoming();
        next.setText(upcoming == null ? "Last chapter." : "Next: " + upcoming.number() + "  " + upcoming.title()
                + "  (" + upcoming.runs() + ", P " + upcoming.parallelism() + ", N " + upcoming.threads() + ")\n"
                + upcoming.narration());
    }

    private static String bulleted(String notes) {
        StringBuilder out = new StringBuilder();
        for (String line : notes.split("\n")) {
            if (!line.isBlank()) {
                out.append(out.isEmpty() ? "" : "\n\n").append("•  ").append(line.strip());
            }
        }
        return out.toString();
    }
}
