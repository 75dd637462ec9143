package loomscope.ui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/** Placeholder window; the carrier-lanes window replaces it. */
public final class LoomScopeApp extends Application {
    @Override
    public void start(Stage stage) {
        stage.setTitle("LoomScope");
        stage.setScene(new Scene(new Label("LoomScope"), 640, 400));
        stage.show();
    }

    public static void main(String[] args) {
        launch(args);
    }
}
