package loomscope.ui.controls;

import atlantafx.base.theme.Styles;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.geometry.Pos;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import loomscope.ui.run.RunInputs;
import loomscope.scenario.Scenario;
import loomscope.scenario.Scenarios;

/**
 * The scenario of the next run, one of {@link Scenarios#ALL}, on one row with its title; choosing one sets N and P
 * to its defaults (the view model does). What the chosen scenario shows, and whose write-up it comes from, is a
 * label the controls place where a scenario's choices (the seed's lock mode) would be.
 */
public final class ScenarioChooser extends HBox {
    private static final String YOUR_CODE = "your code";
    private final ComboBox<Scenario> choice = new ComboBox<>();
    private final Label shows = new Label();

    public ScenarioChooser(ControlsViewModel model) {
        super(10);
        setAlignment(Pos.CENTER_LEFT);
        Label title = new Label("Scenario");
        title.getStyleClass().add(Styles.TEXT_BOLD);
        choice.setId("scenario-choice");
        choice.getItems().setAll(RunInputs.CHOOSABLE);
        choice.setConverter(new StringConverter<>() {
            @Override
            public String toString(Scenario s) {
                return label(s);
            }

            @Override
            public Scenario fromString(String name) {
                return YOUR_CODE.equals(name) ? RunInputs.YOUR_CODE : Scenarios.byName(name);
            }
        });
        choice.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(Scenario s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : label(s));
                setTooltip(empty || s == null ? null : tip(s));
            }
        });
        choice.setVisibleRowCount(RunInputs.CHOOSABLE.size());
        choice.valueProperty().bindBidirectional(model.scenarioProperty());
        Tooltip tip = new Tooltip();
        tip.setShowDelay(Duration.millis(300));
        tip.setShowDuration(Duration.seconds(30));
        tip.setWrapText(true);
        tip.setMaxWidth(560);
        choice.setTooltip(tip);
        shows.setId("scenario-shows");
        shows.setWrapText(true);
        shows.getStyleClass().add("scenario-shows");
        model.scenarioProperty().addListener((o, a, s) -> describe(s, tip));
        describe(model.scenarioProperty().get(), tip);
        getChildren().addAll(title, choice);
    }

    /** The name in the list: a scenario's own, "your code" for the task edited in the window. */
    static String label(Scenario s) {
        return s == null ? "" : RunInputs.YOUR_CODE.equals(s) ? YOUR_CODE : s.name();
    }

    private void describe(Scenario s, Tooltip tip) {
        tip.setText(text(s));
        shows.setText(s == null ? "" : s.shows() + "\nFrom: " + s.source().author());
    }

    private static Tooltip tip(Scenario s) {
        Tooltip t = new Tooltip(text(s));
        t.setWrapText(true);
        t.setMaxWidth(560);
        t.setShowDelay(Duration.millis(300));
        return t;
    }

    private static String text(Scenario s) {
        return s == null ? "" : s.name() + ": " + s.shows() + "\n\n" + s.source().author() + ", " + s.source().title()
                + "\nPublished: " + s.source().figures();
    }

    /** What the chosen scenario shows and whose write-up it is from; the controls place it. */
    Label shows() { return shows; }

    public ComboBox<Scenario> choice() { return choice; }
}
