package loomscope.ui.controls;

import java.util.List;

import atlantafx.base.theme.Styles;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import loomscope.scenario.ScenarioParam;

/**
 * The input of one {@link ScenarioParam.Choice} (the seed's lock mode): a discrete slider with the values as tick
 * labels and the chosen value's note under it, and its compact twin, a list for the short projector's one row.
 * Both follow the parameter's text as typed; a text that names no value leaves them where they are. Made once per
 * scenario and parameter and kept: the text outlives the scenario being chosen, and so does this.
 */
final class ChoiceInput {
    private final ScenarioParam.Choice choice;
    private final Slider slider;
    private final Label summary = new Label();
    private final ComboBox<String> list = new ComboBox<>();
    private final Label title;
    private final VBox box;
    private final Tooltip tip = new Tooltip();

    ChoiceInput(ScenarioParam.Choice choice, StringProperty text) {
        this.choice = choice;
        List<String> values = choice.allowed();
        slider = new Slider(0, values.size() - 1, Math.max(0, values.indexOf(choice.defaultValue())));
        slider.setId(choice.name() + "-slider");
        slider.setMajorTickUnit(1);
        slider.setMinorTickCount(0);
        slider.setBlockIncrement(1);
        slider.setSnapToTicks(true);
        slider.setShowTickMarks(true);
        slider.setShowTickLabels(true);
        slider.setLabelFormatter(new Ticks(values));
        summary.setWrapText(true);
        tip.setShowDelay(Duration.millis(300));
        tip.setShowDuration(Duration.seconds(30));
        tip.setWrapText(true);
        tip.setMaxWidth(520);
        slider.setTooltip(tip);
        list.setId(choice.name() + "-choice");
        list.getItems().setAll(values);
        list.setTooltip(tip);
        title = new Label(choice.title());
        title.getStyleClass().add(Styles.TEXT_BOLD);
        box = new VBox(4, slider, summary);
        box.setId(choice.name() + "-box");
        // the last tick label ("native-frame") is centred on the slider's end and overhangs it
        box.setPadding(new Insets(0, 56, 0, 0));

        slider.valueProperty().addListener((o, a, b) -> {
            String value = valueAt(b.doubleValue());
            if (!value.equals(text.get())) {
                text.set(value);
            }
        });
        list.valueProperty().addListener((o, a, value) -> {
            if (value != null && !value.equals(text.get())) {
                text.set(value);
            }
        });
        text.addListener((o, a, value) -> show(value));
        show(text.get());
    }

    /** Shows {@code typed} when it is one of the values (in any case, as the parameter's check reads it). */
    private void show(String typed) {
        ScenarioParam.Checked checked = choice.check(typed);
        if (!checked.ok()) {
            return;
        }
        String value = checked.value();
        if (!valueAt(slider.getValue()).equals(value)) {
            slider.setValue(choice.allowed().indexOf(value));
        }
        if (!value.equals(list.getValue())) {
            list.setValue(value);
        }
        String note = choice.note(value);
        tip.setText(note.isEmpty() ? value + ": " + choice.description() : value + ": " + note);
        summary.setText(note.replace("\n", "  "));
    }

    private String valueAt(double position) {
        return Ticks.valueAt(choice.allowed(), position);
    }

    ScenarioParam.Choice choice() { return choice; }

    Slider slider() { return slider; }

    /** The slider and the note under it. */
    VBox box() { return box; }

    /** What the scenario's row calls it ("Lock mode"). */
    Label title() { return title; }

    /** The compact controls' list. */
    ComboBox<String> list() { return list; }

    /** Long sliders on a wide window; under 1,700 px the note's lines would push the window too high. */
    void fit(boolean wide) {
        slider.setPrefWidth(wide ? 720 : 560);
        summary.setMaxWidth(wide ? 720 : 560);
        summary.setVisible(wide);
        summary.setManaged(wide);
    }

    /** Tick labels of a discrete slider: slider value i is value i of the choice. */
    static final class Ticks extends StringConverter<Double> {
        private final List<String> values;

        Ticks(List<String> values) {
            this.values = List.copyOf(values);
        }

        static String valueAt(List<String> values, double position) {
            int i = (int) Math.round(position);
            return values.get(Math.max(0, Math.min(values.size() - 1, i)));
        }

        @Override
        public String toString(Double position) {
            return position == null ? "" : valueAt(values, position);
        }

        @Override
        public Double fromString(String value) {
            return (double) values.indexOf(value);
        }
    }
}
