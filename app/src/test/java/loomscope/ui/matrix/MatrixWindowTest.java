package loomscope.ui.matrix;

import static loomscope.ui.UiTestSupport.fx;
import static loomscope.ui.UiTestSupport.onFx;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javafx.event.Event;
import javafx.scene.control.Button;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;
import loomscope.jdks.JdkInstall;
import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.runs.RunTarget;
import loomscope.scenario.Scenarios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The matrix window on the Headless glass platform: the grid fills per pulse, a disagreement is framed, Esc closes. */
@ExtendWith(ApplicationExtension.class)
class MatrixWindowTest {

    private static final RunTarget.ChildJvm JDK21 = RunTarget.ChildJvm.of(
            new JdkInstall(Path.of("/opt/fake-21"), "21.0.8", 21, "Test", "test"));

    private final List<MatrixCell.Measured> opened = new ArrayList<>();
    private MatrixViewModel model;
    private MatrixWindow window;

    @Start
    void start(Stage stage) {
        // jobs run at once on the FX thread: the test steps the pulse itself
        model = new MatrixViewModel(Runnable::run, () -> List.of(JDK21), (scenario, jvm, threads, p, stop) ->
                new MatrixCell.Measured(scenario.name(), MatrixPlan.columnName(jvm), List.of(), threads, 2L * threads,
                        threads - 1, "in SeedTask.holdAndSleep", 250, 0, "1 pinned mounts without a JFR event", null,
                        List.of()), cell -> opened.add(cell));
        window = new MatrixWindow(stage, model);
        window.show();
    }

    @Test
    void theGridFillsAClickOpensACellAndEscCloses() {
        fx(() -> lookup("#matrix-start").fire());
        for (int frame = 0; frame < 100 && onFx(() -> model.runningProperty().get()); frame++) {
            fx(model::pulse);
        }
        int cells = Scenarios.ALL.size();
        assertEquals(cells, (int) onFx(() -> window.view().shownCells()));
        Button first = lookup("#matrix-cell-0");
        assertTrue(first.getStyleClass().contains("disagrees"), "a cell that disagrees with JFR is framed");
        assertFalse(first.isDisabled());
        fx(first::fire);
        assertEquals(1, opened.size());
        assertEquals("seed", opened.get(0).scenario());

        fx(() -> Event.fireEvent(window.view(), new KeyEvent(KeyEvent.KEY_PRESSED, "", "", KeyCode.ESCAPE,
                false, false, false, false)));
        assertFalse(onFx(() -> window.stage().isShowing()), "Esc closes the matrix window");
    }

    private Button lookup(String id) {
        return onFx(() -> (Button) window.stage().getScene().lookup(id));
    }
}
