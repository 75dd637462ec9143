package loomscope.ui.attach;

import java.util.List;
import java.util.function.Function;

import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import loomscope.attach.JvmEntry;
import loomscope.probe.MountInspector;
import loomscope.recording.RunRecording;
import loomscope.ui.probe.InspectorPanel;
import loomscope.ui.recordingview.RecordingView;
import loomscope.ui.theme.AppTheme;
import loomscope.ui.widgets.WindowPlacement;

/**
 * The attach window: this user's JVMs as JMC's JVM browser lists them, what attaching costs the target, Attach and
 * Stop, and the target's carriers as lanes of their own; Attach while attached puts another JVM's beside them, on one
 * time axis (a client and its server), and the list stays for that. Own lanes, not the main window's: an attach lives apart
 * from the main window's run (which may go on meanwhile, with its own Run/Stop, progress and history); the whole
 * session reaches the main window when it ends, as a finished run. Binds to {@link AttachViewModel}, nothing more;
 * the main window's pulse calls {@link #pulse(long)}.
 */
public final class AttachView extends BorderPane {
    /**
     * What attaching costs, in the words and figures of docs/attach.md ("What it costs the target"), measured there;
     * shown before anyone attaches.
     */
    static final String COST = """
            Attaching loads LoomScope's agent into the running JVM. The JDK prints its four-line warning "A Java agent \
            has been loaded dynamically" on the target's stderr (and "Sharing is only supported for boot loader \
            classes": CDS is off for classes it loads later). Loading any agent (or starting JFR) slows every mount for \
            the rest of the JVM's life, attached or not: the JDK's JVMTI switches its mount notifications on (+73–83 ns \
            of carrier CPU per episode on JDK 25, measured); while \
            attached the hooks add +80–96 ns per episode where the carrier has a core to itself, more on a busy \
            machine (docs/attach.md, docs/performance.md). After Stop these stay: the agent's classes (doing \
            nothing), the JDK's "Attach Listener" thread, and JFR's two threads and its folder in /tmp (JFR keeps \
            them once started; a target killed with kill -9 leaves the folder). The agent takes at most 1/64 of the \
            target's heap (512 kB to 16 MB) and lets it go at Stop.""";
    static final String RECOMMEND = """
            Better: start the application with -javaagent:loomscope-agent.jar=… (`loomscope attach --wait` prints the \
            flag; or =save=FILE.loomrun to open later; recorded from its start, no warning) or with \
            -XX:+EnableDynamicAgentLoading (no warning; the cost stays).""";

    /** A lane's least height: its name (9 px at the smallest) and its mounts stay readable. */
    static final double MIN_LANE_HEIGHT = 18;
    /** An attach follows now showing the last this many seconds (issue #46). */
    static final double FOLLOW_SECONDS = 10;
    private final InspectorPanel inspector = new InspectorPanel();
    /** The list's height before an attach, and while attached (its header and two rows, then it scrolls: room for the lanes). */
    static final double LIST_HEIGHT = 175;
    static final double LIST_HEIGHT_ATTACHED = 132;

    private final AttachViewModel model;
    private final RecordingView lanes = new RecordingView();
    private final TableView<JvmEntry> table = new TableView<>(null);

    public AttachView(AttachViewModel model) {
        this.model = model;
        getStyleClass().add("attach-view");
        table.setItems(model.listedJvms().jvms());
        table.setId("attach-jvms");
        table.getColumns().add(column("PID", 90, j -> Long.toString(j.pid())));
        table.getColumns().add(column("Main class", 380, JvmEntry::mainClass));
        table.getColumns().add(column("Java", 110, JvmEntry::javaVersion));
        TableColumn<JvmEntry, String> container = column("Container", 260, j -> j.place() == null ? "-" : j.place());
        container.visibleProperty().bind(model.listedJvms().containersListedProperty());
        table.getColumns().add(container);
        table.getColumns().add(column("Attachable", 620, j -> j.attachable() ? "yes" : "no: " + j.refusal()));
        table.setPrefHeight(LIST_HEIGHT);
        model.stateProperty().addListener((o, was, now) ->
                table.setPrefHeight(now == AttachViewModel.State.IDLE ? LIST_HEIGHT : LIST_HEIGHT_ATTACHED));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> model.listedJvms().selectedProperty().set(now));
        model.listedJvms().selectedProperty().addListener((o, was, now) -> {
            if (now != table.getSelectionModel().getSelectedItem()) {
                table.getSelectionModel().select(now);
            }
        });

        Button refresh = new Button("Refresh");
        refresh.setId("attach-refresh");
        refresh.setOnAction(e -> model.refresh());
        // the list it refreshes is hidden while the first attach goes in and while detaching
        refresh.disableProperty().bind(Bindings.createBooleanBinding(() -> !listShown(model.state()), model.stateProperty()));
        Button attach = new Button("Attach");
        attach.setId("attach-attach");
        attach.setDefaultButton(true);
        attach.setOnAction(e -> model.attach());
        attach.disableProperty().bind(model.canAttachProperty().not());
        attach.textProperty().bind(Bindings.when(model.stateProperty().isEqualTo(AttachViewModel.State.ATTACHED))
                .then("Attach beside").otherwise("Attach"));
        Button stop = new Button("Stop (detach)");
        stop.setId("attach-stop");
        stop.setOnAction(e -> model.stop());
        stop.disableProperty().bind(Bindings.createBooleanBinding(() -> model.state() == AttachViewModel.State.IDLE
                || model.state() == AttachViewModel.State.DETACHING, model.stateProperty()));
        ToggleButton connectOpen = new ToggleButton("Connect…");
        connectOpen.setId("attach-connect-open");
        connectOpen.setTooltip(new Tooltip("Record a JVM on another host whose agent listens (listen=HOST:PORT), "
                + "through a tunnel: ssh -L, kubectl port-forward"));
        connectOpen.selectedProperty().bindBidirectional(model.connectForm().shownProperty());
        Label error = new Label();
        error.setId("attach-error");
        error.getStyleClass().addAll("status-message", "error");
        error.textProperty().bind(model.errorProperty());
        // the line is cut to the window's width (a refusal names a 64-digit fingerprint): the whole of it on hover
        Tooltip whole = new Tooltip();
        whole.setWrapText(true);
        whole.setMaxWidth(700);
        whole.textProperty().bind(model.errorProperty());
        error.setTooltip(whole);
        Label status = new Label();
        status.setId("attach-status");
        status.getStyleClass().add("status-message");
        status.textProperty().bind(model.statusProperty());
        for (ButtonBase b : List.of(refresh, attach, stop, connectOpen)) {
            b.setMinWidth(Region.USE_PREF_SIZE);   // a long error line shrank them to "…"
        }
        HBox buttons = new HBox(12, refresh, attach, stop, connectOpen, error);
        buttons.setAlignment(Pos.CENTER_LEFT);

        Label cost = wrapped(COST);
        cost.setId("attach-cost");
        Label recommend = wrapped(RECOMMEND);
        recommend.setId("attach-recommend");
        Label gaps = new Label();
        gaps.setId("attach-gaps");
        gaps.getStyleClass().addAll("status-message", "warning");
        gaps.textProperty().bind(model.gapsProperty());
        gaps.visibleProperty().bind(model.gapsProperty().isNotEmpty());
        gaps.managedProperty().bind(gaps.visibleProperty());
        // what attaching costs: said before an attach; while one lasts the lanes take the room (at 1280×720 the text
        // and the list left them a third of the window). The list, shorter, stays while attached: another JVM is
        // attached beside from it
        for (Node beforeAttach : List.of(cost, recommend)) {
            beforeAttach.visibleProperty().bind(model.stateProperty().isEqualTo(AttachViewModel.State.IDLE));
            beforeAttach.managedProperty().bind(beforeAttach.visibleProperty());
        }
        table.visibleProperty().bind(Bindings.createBooleanBinding(() -> listShown(model.state()), model.stateProperty()));
        table.managedProperty().bind(table.visibleProperty());
        Node connectForm = connectForm();
        connectForm.visibleProperty().bind(model.connectForm().shownProperty().and(
                Bindings.createBooleanBinding(() -> listShown(model.state()), model.stateProperty())));
        connectForm.managedProperty().bind(connectForm.visibleProperty());
        VBox top = new VBox(8, cost, recommend, table, buttons, connectForm, status, gaps);
        top.setPadding(new Insets(10, 14, 6, 14));
        setTop(top);
        lanes.setPadding(new Insets(0, 14, 10, 14));
        // a JVM of 64 or more carriers: every lane keeps 18 px (its name and mounts readable) and the lanes scroll
        lanes.setMinLaneHeight(MIN_LANE_HEIGHT);
        ScrollPane scroll = new ScrollPane(lanes);
        scroll.setFitToWidth(true);
        scroll.setFitToHeight(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.setId("attach-lanes-scroll");
        setCenter(scroll);
        model.timelineProperty().addListener((o, was, now) -> lanes.show(now));
        // an attach follows now with the last 10 s; a click on a mount puts its stack in the inspector beside the lanes
        lanes.setFollowSeconds(FOLLOW_SECONDS);
        // the lanes are rebuilt as finished recordings of the newest episodes: following is the last 10 s, not the whole
        lanes.lanes().setFitFinished(false);
        inspector.setId("attach-inspector");
        inspector.setPrefWidth(360);
        inspector.setPadding(new Insets(0, 14, 10, 0));
        inspector.setVisible(false);
        inspector.managedProperty().bind(inspector.visibleProperty());
        setRight(inspector);
        lanes.addMountClickListener(this::inspect);
        sceneProperty().addListener((o, was, scene) -> {
            if (scene != null) {
                lanes.installTimeKeys(scene);
            }
        });
    }

    /**
     * Connect…'s row: the listening agent's address (the tunnel's near end), its token (masked: a demo's screen is
     * seen by a room) and its certificate's SHA-256, as the agent printed them; Connect joins it to the lanes.
     */
    private Node connectForm() {
        TextField address = new TextField();
        address.setId("attach-connect-address");
        address.setPromptText("HOST:PORT, e.g. 127.0.0.1:7071");
        address.setPrefColumnCount(20);
        address.textProperty().bindBidirectional(model.connectForm().addressProperty());
        PasswordField token = new PasswordField();
        token.setId("attach-connect-token");
        token.setPromptText("token");
        token.setPrefColumnCount(14);
        token.textProperty().bindBidirectional(model.connectForm().tokenProperty());
        TextField fingerprint = new TextField();
        fingerprint.setId("attach-connect-fingerprint");
        fingerprint.setPromptText("certificate SHA-256 (64 hex digits)");
        fingerprint.setPrefColumnCount(30);
        fingerprint.textProperty().bindBidirectional(model.connectForm().fingerprintProperty());
        HBox.setHgrow(fingerprint, Priority.ALWAYS);
        Button connect = new Button("Connect");
        connect.setId("attach-connect");
        connect.setMinWidth(Region.USE_PREF_SIZE);
        connect.setOnAction(e -> model.connect());
        connect.disableProperty().bind(model.canConnectProperty().not());
        Label agentAt = new Label("Agent at");
        agentAt.setMinWidth(Region.USE_PREF_SIZE);
        HBox row = new HBox(8, agentAt, address, token, fingerprint, connect);
        row.setId("attach-connect-form");
        row.setAlignment(Pos.CENTER_LEFT);
        return row;
    }

    /** The list is shown before an attach and while attached; not while the first goes in, nor while detaching. */
    private static boolean listShown(AttachViewModel.State state) {
        return state == AttachViewModel.State.IDLE || state == AttachViewModel.State.ATTACHED;
    }

    private static Label wrapped(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        return l;
    }

    private static TableColumn<JvmEntry, String> column(String title, double width,
                                                        Function<JvmEntry, String> value) {
        TableColumn<JvmEntry, String> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(value.apply(cell.getValue())));
        return c;
    }

    /** Once per frame (the main window's pulse): the model's jobs, then the lanes. */
    public void pulse(long nanos) {
        model.pulse(nanos);
        if (getScene() != null && getScene().getWindow() != null && getScene().getWindow().isShowing()) {
            lanes.showLive();
        }
    }

    public RecordingView lanes() { return lanes; }

    /** The inspector beside the lanes: the clicked mount's thread, times, class and stack. */
    public InspectorPanel inspector() { return inspector; }

    /** The mount a click or a key selected, in the inspector; a click that found none hides it. */
    private void inspect(int lane, int mount) {
        RunRecording r = lanes.recording();
        if (r == null || lane < 0 || lane >= r.carriers().length || mount < 0 || mount >= r.carriers()[lane].size()) {
            inspector.setVisible(false);
            return;
        }
        inspector.showMount(MountInspector.of(r, r.carriers()[lane], mount), r.runStart());
        inspector.setVisible(true);
    }

    /** The window over {@code owner}; closing it detaches (the target runs on). */
    public static Stage open(Window owner, AttachView view) {
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
        }
        // never larger than the screen: at 1280×720 a 1500×950 window lost its top and left edges
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(view, Math.min(1500, screen.getWidth() * 0.95), Math.min(950, screen.getHeight() * 0.92));
        AppTheme.current().applyTo(scene);
        stage.setTitle("LoomScope - attach to a running JVM: its carriers live");
        stage.setScene(scene);
        WindowPlacement.keepOnScreen(stage);
        stage.setOnHidden(e -> view.model.stop());
        HBox.setHgrow(view.table, Priority.ALWAYS);
        return stage;
    }
}
