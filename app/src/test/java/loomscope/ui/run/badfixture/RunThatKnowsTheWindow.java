package loomscope.ui.run.badfixture;

import loomscope.ui.mainwindow.MainViewModel;

/** Bad on purpose: a run of the window that knows the main window (the compare view runs through it too). */
public final class RunThatKnowsTheWindow {
    private RunThatKnowsTheWindow() { }

    public static void stop(MainViewModel window) { window.stop(); }
}
