package loomscope.ui.controls;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import atlantafx.base.theme.Styles;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.StringProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import loomscope.ui.run.RunInputs;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;

/**
 * N and the chosen scenario's parameters, drawn from its {@link ScenarioParam}s alone: a text field per number or
 * text, one row each, and a {@link ChoiceInput} per choice (the seed's lock mode), a slider that stands on the
 * scenario's row ({@link #choiceArea}, {@link #choiceHeads}) rather than in this grid. The rows are rebuilt when the
 * scenario changes; a field the model's input error names is marked.
 */
public final class ScenarioParamsGrid extends GridPane {
    private final ControlsViewModel model;
    private final TextField threadsField = new TextField();
    /** The rows below N: the input and the words the error line names it by. */
    private final List<Row> rows = new ArrayList<>();
    /** The bindings of the rows on show, undone when the scenario changes. */
    private final List<Runnable> unbind = new ArrayList<>();
    /** Every choice input made so far, by scenario and parameter: kept, like the text each one follows. */
    private final Map<String, ChoiceInput> choiceInputs = new HashMap<>();
    /** The chosen scenario's choice inputs, in its order. */
    private final List<ChoiceInput> choices = new ArrayList<>();
    /** The sliders (and their notes) of the chosen scenario's choices. */
    private final VBox choiceArea = new VBox(6);
    /** Each choice's title and, in the compact controls, its list: on the scenario's row. */
    private final HBox choiceHeads = new HBox(8);
    private final ReadOnlyBooleanWrapper hasChoices = new ReadOnlyBooleanWrapper(this, "hasChoices");

    private record Row(Control input, String name) { }

    /** Each input under its name, side by side (the compact controls), rather than one row each. */
    private boolean inOneRow;
    private boolean wide = true;

    ScenarioParamsGrid(ControlsViewModel model) {
        super(10, 6);
        this.model = model;
        setId("scenario-params");
        threadsField.setId("threads-field");
        threadsField.textProperty().bindBidirectional(model.threadsTextProperty());
        field(threadsField);
        choiceHeads.setAlignment(Pos.CENTER_LEFT);
        model.scenarioProperty().addListener((o, a, s) -> build(s));
        model.inputErrorProperty().addListener((o, a, b) -> markInvalid());
        build(model.scenarioProperty().get());
    }

    private void build(Scenario scenario) {
        unbind.forEach(Runnable::run);
        unbind.clear();
        rows.clear();
        choices.clear();
        getChildren().clear();
        place(0, "Virtual threads N", threadsField);
        int r = 1;
        for (ScenarioParam p : RunInputs.paramsWithInputs(scenario)) {
            if (p instanceof ScenarioParam.Choice c) {
                choices.add(choiceInputs.computeIfAbsent(scenario.name() + "/" + c.name(),
                        k -> new ChoiceInput(c, model.paramTextProperty(scenario, c.name()))));
                continue;
            }
            Control input = input(scenario, p);
            input.setId("param-" + p.name());
            input.setTooltip(new Tooltip(p.description() + " (" + p.allowedText() + ", default " + p.defaultText() + ")"));
            rows.add(new Row(input, p.name()));
            place(r++, p.name(), input);
        }
        showChoices();
        markInvalid();
    }

    /** The chosen scenario's choices: a slider each, or in the compact controls a list on the scenario's row. */
    private void showChoices() {
        choiceArea.getChildren().clear();
        choiceHeads.getChildren().clear();
        for (ChoiceInput c : choices) {
            c.fit(wide);
            Region gap = new Region();
            gap.setMinWidth(14);
            choiceHeads.getChildren().addAll(gap, c.title());
            if (inOneRow) {
                choiceHeads.getChildren().add(c.list());
            } else {
                choiceArea.getChildren().add(c.box());
            }
        }
        hasChoices.set(!choices.isEmpty());
    }

    /** Side by side, each input under its name (a short window), or one row each. */
    void setInOneRow(boolean oneRow) {
        if (oneRow != inOneRow) {
            inOneRow = oneRow;
            build(model.scenarioProperty().get());
        }
    }

    /** Long choice sliders with their notes on a wide window, shorter ones without notes otherwise. */
    void fitChoices(boolean wideWindow) {
        wide = wideWindow;
        choices.forEach(c -> c.fit(wideWindow));
    }

    /** The chosen scenario's choice sliders, each with its note: placed under the scenario's row. */
    Node choiceArea() { return choiceArea; }

    /** The chosen scenario's choice titles (and lists, when compact): placed on the scenario's row. */
    Node choiceHeads() { return choiceHeads; }

    /** Whether the chosen scenario has a choice: then its slider stands where another's "what it shows" line does. */
    ReadOnlyBooleanProperty hasChoicesProperty() { return hasChoices.getReadOnlyProperty(); }

    /** The slider of the chosen scenario's choice {@code param} ("lock"), or null. */
    Slider choiceSlider(String param) {
        return choices.stream().filter(c -> c.choice().name().equals(param)).map(ChoiceInput::slider).findFirst()
                .orElse(null);
    }

    private void place(int index, String name, Control input) {
        if (inOneRow) {
            add(bold(name), index, 0);
            add(input, index, 1);
        } else {
            addRow(index, bold(name), input);
        }
    }

    private Control input(Scenario scenario, ScenarioParam p) {
        StringProperty text = model.paramTextProperty(scenario, p.name());
        TextField f = field(new TextField());
        f.textProperty().bindBidirectional(text);
        unbind.add(() -> f.textProperty().unbindBidirectional(text));
        return f;
    }

    private TextField field(TextField f) {
        f.setPrefColumnCount(7);
        f.setOnAction(e -> model.run());
        return f;
    }

    private void markInvalid() {
        String error = model.inputErrorProperty().get();
        threadsField.pseudoClassStateChanged(Styles.STATE_DANGER, error.contains("Virtual threads"));
        for (Row row : rows) {
            row.input().pseudoClassStateChanged(Styles.STATE_DANGER, names(error, row.name()));
        }
    }

    /** Whether the error line names {@code name} as the subject of a sentence ("wait-ms must be ..."). */
    private static boolean names(String error, String name) {
        return error.startsWith(name + " ") || error.contains("  " + name + " ");
    }

    private static Node bold(String text) {
        Label l = new Label(text);
        l.getStyleClass().add(Styles.TEXT_BOLD);
        return l;
    }
}
