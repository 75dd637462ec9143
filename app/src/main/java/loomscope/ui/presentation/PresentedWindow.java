package loomscope.ui.presentation;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.scene.Node;
import loomscope.scenario.Scenario;
import loomscope.ui.recordingview.RecordingView;

/**
 * What presentation mode rearranges of the window it presents: the parts it hides, the lanes it enlarges and the
 * places it puts the code. The main window is one; presentation mode knows it only through this.
 */
public interface PresentedWindow {
    ReadOnlyDoubleProperty widthProperty();

    double getWidth();

    /** The window's bottom part (the replay bar), hidden on stage. */
    Node getBottom();

    /** The header above the lanes: the presenter's own on stage. */
    void setTop(Node top);

    void setControlsVisible(boolean visible);

    void setSidePanelVisible(boolean visible);

    /** A part beside the lanes (the code on stage), or none. */
    void setBesideLanes(Node beside);

    RecordingView recordingView();

    /** The window's editor of your code, moved beside the lanes while your code is chosen. */
    Node yourCodeView();

    ReadOnlyObjectProperty<Scenario> chosenScenarioProperty();
}
