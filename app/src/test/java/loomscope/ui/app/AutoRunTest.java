package loomscope.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import org.junit.jupiter.api.Test;

/**
 * Issue #14, defect 8: {@code --autorun --exit-after-run} with a value the model refuses never ran and never
 * exited. Plain JUnit: the model's refusal needs no window.
 */
class AutoRunTest {

    @Test
    void aRefusedRunEndsAnExitingAutorunWithExitCodeTwo() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        model.threadsTextProperty().set("0");   // e.g. brought in by something other than the checked options
        int[] exit = {-1};
        AutoRun.of(model, WindowOptions.parse(List.of("--autorun=3", "--exit-after-run")), code -> exit[0] = code).first();
        assertEquals(AutoRun.FAILED, exit[0]);
        assertTrue(model.errorMessageProperty().get().contains("Virtual threads N"), model.errorMessageProperty().get());
    }

    @Test
    void withoutExitAfterRunTheWindowStaysAndShowsWhy() {
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        model.threadsTextProperty().set("0");
        int[] exit = {-1};
        AutoRun.of(model, WindowOptions.parse(List.of("--autorun")), code -> exit[0] = code).first();
        assertEquals(-1, exit[0], "not closed");
        assertTrue(!model.errorMessageProperty().get().isEmpty());
    }
}
