package loomscope.ui.yourcode;

import java.nio.file.Path;

import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.ui.app.MainWindow;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunOnCatalog;
import loomscope.ui.theme.AppTheme;

/**
 * The main window as the your-code tests use it: 1600×900, dark, a "Run on" list of its own (no JDK discovered),
 * kept in the test's own temporary folder.
 */
final class TestWindow {
    private TestWindow() { }

    static MainWindow show(Stage stage, MainViewModel model, Path tempDir) {
        MainWindow view = MainWindow.of(model, new RunOnCatalog(tempDir.resolve("jdks.txt"), JobThreads.jobs()));
        Scene scene = new Scene(view.view(), 1600, 900);
        AppTheme.DARK.applyTo(scene);
        stage.setScene(scene);
        stage.show();
        return view;
    }
}
