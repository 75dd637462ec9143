package loomscope.ui.application;

import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The facts of an application's run, in the side panel where a run of ours has its timing and bounds: main class,
 * where it ran, its Java, how it was reached, how long it was recorded, its carriers, its mounts by cause and its top
 * sites. Bound to {@link ApplicationViewModel}, nothing else.
 */
public final class ApplicationView extends VBox {
    private final ApplicationViewModel model;
    private final GridPane grid = new GridPane();
    private final VBox sites = new VBox(2);

    public ApplicationView(ApplicationViewModel model) {
        this.model = model;
        getStyleClass().add("side-panel");
        setId("application-facts");
        setSpacing(6);
        Label title = new Label();
        title.getStyleClass().add("section-title");
        title.setId("application-title");
        title.setWrapText(true);
        title.textProperty().bind(model.titleProperty());
        grid.setHgap(12);
        grid.setVgap(3);
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(USE_PREF_SIZE);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        grid.getColumnConstraints().addAll(names, values);
        Label sitesTitle = new Label("Top sites (all of them in Where)");
        sitesTitle.getStyleClass().add("text-muted");
        sites.setId("application-sites");
        model.facts().addListener((ListChangeListener<ApplicationViewModel.Fact>) c -> fillFacts());
        model.topSites().addListener((ListChangeListener<String>) c -> fillSites());
        getChildren().addAll(title, grid, sitesTitle, sites);
        visibleProperty().bind(model.applicationProperty());
        managedProperty().bind(model.applicationProperty());
    }

    private void fillFacts() {
        grid.getChildren().clear();
        int row = 0;
        for (ApplicationViewModel.Fact f : model.facts()) {
            Label name = new Label(f.name());
            name.getStyleClass().add("text-muted");
            Label value = new Label(f.value());
            value.setWrapText(true);
            value.setId("application-fact-" + row);
            grid.addRow(row++, name, value);
        }
    }

    private void fillSites() {
        sites.getChildren().clear();
        if (model.topSites().isEmpty()) {
            sites.getChildren().add(new Label("No carrier was held at a site the witnesses named."));
        }
        for (String s : model.topSites()) {
            Label l = new Label(s);
            l.setWrapText(true);
            sites.getChildren().add(l);
        }
    }
}
