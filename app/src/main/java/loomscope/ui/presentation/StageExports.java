package loomscope.ui.presentation;

import java.nio.file.Path;

import javafx.beans.property.ObjectProperty;

/**
 * What the stage toolbar's export button needs of the exports: the toolbar's own interface, which the export's view
 * model implements, so that presentation binds to no other feature's view model (docs/architecture.md).
 */
public interface StageExports {

    /** The timing cards, the window's PNG and the history: the button's click (S). */
    void exportAll();

    /** The history tables alone. */
    void exportHistory();

    /** Where exports go; the toolbar's menu chooses it. */
    ObjectProperty<Path> folderProperty();
}
