package loomscope.ui.probe;

import javafx.scene.Parent;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.VBox;

/** The probes' block in the side panel: the verified summary on top, the pinned-threads table and the inspector as tabs. */
final class ProbeSidePanel extends VBox {
    private final TabPane tabs = new TabPane();
    private final Tab pinnedTab;
    private final Tab inspectorTab;

    ProbeSidePanel(VerifiedPanel verified, PinnedThreadsPanel pinned, InspectorPanel inspector) {
        setSpacing(4);
        pinnedTab = new Tab("Pinned threads (JFR)", pinned);
        inspectorTab = new Tab("Inspector", inspector);
        for (Tab t : new Tab[] {pinnedTab, inspectorTab}) {
            t.setClosable(false);
        }
        tabs.setId("probe-tabs");
        tabs.getTabs().addAll(pinnedTab, inspectorTab);
        // the side panel fits its viewport's height: without a minimum the tabs would be squeezed to nothing
        tabs.setMinHeight(320);
        tabs.setPrefHeight(320);
        getChildren().addAll(verified, tabs);
    }

    /** Selects the inspector and scrolls the side panel so that it shows (it sits below the fold on 1080p). */
    void showInspector() {
        tabs.getSelectionModel().select(inspectorTab);
        for (Parent p = getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane scroll && scroll.getContent() != null) {
                double contentH = scroll.getContent().getLayoutBounds().getHeight();
                double viewportH = scroll.getViewportBounds().getHeight();
                double tabsBottom = scroll.getContent().sceneToLocal(tabs.localToScene(0, tabs.getHeight())).getY();
                if (contentH > viewportH) {
                    double wanted = Math.max(0, tabsBottom - viewportH) / (contentH - viewportH);
                    scroll.setVvalue(Math.max(scroll.getVvalue(), Math.min(1, wanted)));
                }
                return;
            }
        }
    }
}
