package loomscope.ui.export;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Function;

import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.StringConverter;
import loomscope.report.CardSize;
import loomscope.report.ClipFormat;
import loomscope.ui.widgets.WindowPlacement;

/**
 * The animated export dialog (Shift+S, or "Animated replay…"): format, size and speed of the clip, its plan in one
 * line, a progress bar and Cancel. It stays open while the clip is drawn; the window goes on meanwhile.
 */
public final class AnimatedExportWindow {
    private final AnimatedExportViewModel model;
    private final Consumer<Path> openFolder;
    private Stage stage;
    private Label plan;

    public AnimatedExportWindow(AnimatedExportViewModel model, Consumer<Path> openFolder) {
        this.model = model;
        this.openFolder = openFolder;
    }

    /** Shows it (built on first use), over {@code owner}. */
    public void show(Window owner) {
        if (stage == null) {
            stage = build(owner);
        }
        plan.setText(model.plan());
        stage.show();
        stage.toFront();
    }

    private Stage build(Window owner) {
        ComboBox<ClipFormat> format = new ComboBox<>();
        format.getItems().addAll(ClipFormat.values());
        format.setConverter(converter(f -> {
            String missing = AnimatedExportViewModel.missingTool(f);
            return f.extension().toUpperCase(Locale.ROOT) + (missing != null ? " (needs ffmpeg)" : "");
        }));
        format.valueProperty().bindBidirectional(model.formatProperty());
        format.setTooltip(new Tooltip("GIF plays anywhere and needs nothing installed; MP4 and WebM are smaller and "
                + "smoother and need ffmpeg on the PATH"));
        ComboBox<CardSize> size = new ComboBox<>();
        size.getItems().addAll(CardSize.HD, CardSize.FULL_HD);
        size.setConverter(converter(CardSize::label));
        size.valueProperty().bindBidirectional(model.sizeProperty());
        TextField speed = new TextField();
        speed.setPromptText("default");
        speed.setPrefColumnCount(6);
        speed.setTooltip(new Tooltip("Seconds of clip per second of run: 20 makes a 1 s run a 20 s clip. Empty: 20, "
                + "less for long runs so the clip stays within a minute."));
        Label speedError = new Label();
        speedError.getStyleClass().add("error");
        speed.textProperty().addListener((o, was, text) -> {
            speedError.setText("");
            if (text.isBlank()) {
                model.slowdownProperty().set(null);
            } else {
                try {
                    model.slowdownProperty().set(Double.parseDouble(text.strip()));
                } catch (NumberFormatException e) {
                    speedError.setText("a number, e.g. 20");
                }
            }
            plan.setText(model.plan());
        });
        model.formatProperty().addListener((o, a, b) -> plan.setText(model.plan()));
        model.sizeProperty().addListener((o, a, b) -> plan.setText(model.plan()));

        GridPane grid = new GridPane(12, 8);
        grid.addRow(0, new Label("Format"), format);
        grid.addRow(1, new Label("Size"), size);
        grid.addRow(2, new Label("Slower by"), new HBox(8, speed, speedError));
        plan = new Label();
        plan.setWrapText(true);
        plan.setMaxWidth(460);
        ProgressBar bar = new ProgressBar();
        bar.setMaxWidth(Double.MAX_VALUE);
        bar.progressProperty().bind(model.progressProperty());
        bar.visibleProperty().bind(model.runningProperty());
        Button start = new Button("Write clip");
        start.setDefaultButton(true);
        start.setOnAction(e -> model.start());
        start.disableProperty().bind(model.runningProperty());
        Button cancel = new Button("Cancel");
        cancel.setOnAction(e -> model.cancel());
        cancel.disableProperty().bind(model.runningProperty().not());
        Button open = new Button("Open folder");
        open.setOnAction(e -> {
            if (model.writtenProperty().get() != null) {
                openFolder.accept(model.writtenProperty().get().getParent());
            }
        });
        open.disableProperty().bind(model.writtenProperty().isNull());
        Label message = new Label();
        message.setWrapText(true);
        message.setMaxWidth(460);
        message.textProperty().bind(model.messageProperty());
        Label intro = new Label("An animated replay of the run on show, every frame drawn from its recording.");
        intro.setWrapText(true);
        intro.setMaxWidth(460);
        VBox root = new VBox(12, intro, grid, plan, bar, new HBox(8, start, cancel, open), message);
        root.setPadding(new Insets(16));
        root.setPrefWidth(500);
        Stage s = new Stage();
        s.initOwner(owner);
        s.setTitle("LoomScope - animated replay");
        Scene scene = new Scene(root);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        s.setScene(scene);
        WindowPlacement.keepOnScreen(s);
        return s;
    }

    private static <T> StringConverter<T> converter(Function<T, String> text) {
        return new StringConverter<>() {
            @Override public String toString(T t) { return t == null ? "" : text.apply(t); }

            @Override public T fromString(String s) { return null; }
        };
    }
}
