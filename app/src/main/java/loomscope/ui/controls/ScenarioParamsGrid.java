package loomscope.ui.controls;

import java.util.ArrayList;
import java.util.List;

import atlantafx.base.theme.Styles;
import javafx.beans.property.Property;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Control;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.scenario.Scenario;
import loomscope.scenario.ScenarioParam;

/**
 * N and the chosen scenario's parameters, one row each: for the seed its CPU iterations and sleep, for another
 * scenario its own {@link ScenarioParam}s (a text field for a number, a list for a choice). The rows are rebuilt
 * when the scenario changes; a field the model's input error names is marked.
 */
public final class ScenarioParamsGrid extends GridPane {
    private final MainViewModel model;
    private final TextField threadsField = new TextField();
    private final TextField cpuField = new TextField();
    private final TextField sleepField = new TextField();
    /** The rows below N: the input and the words the error line names it by. */
    private final List<Row> rows = new ArrayList<>();
    /** The bindings of the rows on show, undone when the scenario changes. */
    private final List<Runnable> unbind = new ArrayList<>();

    private record Row(Control input, String name) { }

    /** Each input under its name, side by side (the compact controls), rather than one row each. */
    private boolean inOneRow;

    ScenarioParamsGrid(MainViewModel model) {
        super(10, 6);
        this.model = model;
        setId("scenario-params");
        threadsField.setId("threads-field");
        cpuField.setId("cpu-field");
        sleepField.setId("sleep-field");
        threadsField.textProperty().bindBidirectional(model.threadsTextProperty());
        cpuField.textProperty().bindBidirectional(model.cpuTextProperty());
        sleepField.textProperty().bindBidirectional(model.sleepTextProperty());
        for (TextField f : new TextField[] {threadsField, cpuField, sleepField}) {
            field(f);
        }
        model.scenarioProperty().addListener((o, a, s) -> build(s));
        model.inputErrorProperty().addListener((o, a, b) -> markInvalid());
        build(model.scenarioProperty().get());
    }

    private void build(Scenario scenario) {
        unbind.forEach(Runnable::run);
        unbind.clear();
        rows.clear();
        getChildren().clear();
        place(0, "Virtual threads N", threadsField);
        if (RunInputs.SEED.equals(scenario)) {
            rows.add(new Row(cpuField, "CPU iterations"));
            rows.add(new Row(sleepField, "Sleep ms"));
            place(1, "CPU iterations", cpuField);
            place(2, "Sleep ms", sleepField);
        } else {
            int r = 1;
            for (ScenarioParam p : RunInputs.paramsWithInputs(scenario)) {
                Control input = input(scenario, p);
                input.setId("param-" + p.name());
                input.setTooltip(new Tooltip(p.description() + " (" + p.allowedText() + ", default " + p.defaultText() + ")"));
                rows.add(new Row(input, p.name()));
                place(r++, p.name(), input);
            }
        }
        markInvalid();
    }

    /** Side by side, each input under its name (a short window), or one row each. */
    void setInOneRow(boolean oneRow) {
        if (oneRow != inOneRow) {
            inOneRow = oneRow;
            build(model.scenarioProperty().get());
        }
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
        StringProperty text = model.inputs().paramTextProperty(scenario, p.name());
        if (p instanceof ScenarioParam.Choice c) {
            ComboBox<String> box = new ComboBox<>();
            box.getItems().setAll(c.allowed());
            Property<String> value = box.valueProperty();
            value.bindBidirectional(text);
            unbind.add(() -> value.unbindBidirectional(text));
            return box;
        }
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
