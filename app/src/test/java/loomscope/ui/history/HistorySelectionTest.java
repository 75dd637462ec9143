package loomscope.ui.history;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.stage.Stage;
import loomscope.recording.RecordedRun;
import loomscope.recording.RunRecording;
import loomscope.recording.RunSummary;
import loomscope.scenario.SeedScenario;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Two runs selected to compare stay selected when one of their rows is made again (its run classed after its end,
 * ClassedRow): the table unselects a replaced item, and the comparison was gone (CI saw it in MainWindowTest).
 */
@ExtendWith(ApplicationExtension.class)
class HistorySelectionTest {
    private final ObservableList<HistoryRow> history = FXCollections.observableArrayList();
    private HistoryView view;

    @Start
    void start(Stage stage) {
        view = new HistoryView(history);
        stage.setScene(new Scene(view, 600, 500));
        stage.sizeToScene();
        stage.show();
    }

    private static RunRecording run(int threads) throws InterruptedException {
        RecordedRun run = RecordedRun.start(SeedScenario.config().withThreads(threads).withParallelism(2));
        assertTrue(run.await(60_000));
        return run.recording();
    }

    @Test
    void aRowMadeAgainKeepsTheSelectionAndTheComparison() throws InterruptedException {
        RunRecording first = run(100);
        RunRecording second = run(300);
        fx(() -> {
            history.add(new HistoryRow(1, RunSummary.of(first)));
            history.add(new HistoryRow(2, RunSummary.of(second)));
            view.table().getSelectionModel().selectAll();
        });
        assertTrue(onFx(view::comparisonText).contains("as long as"), onFx(view::comparisonText));

        fx(() -> history.set(1, new HistoryRow(2, RunSummary.of(second)).withUnsureMounts(1)));   // as ClassedRow does

        assertEquals(2, (int) onFx(() -> view.table().getSelectionModel().getSelectedItems().size()));
        assertTrue(onFx(view::comparisonText).contains("as long as"), onFx(view::comparisonText));
    }
}
