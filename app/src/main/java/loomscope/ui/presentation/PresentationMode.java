package loomscope.ui.presentation;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Screen;
import javafx.stage.Stage;
import loomscope.ui.code.CodeView;
import loomscope.ui.code.CodeViewModel;
import loomscope.ui.lanes.LanesCanvas;
import loomscope.ui.talktrack.ChapterNavigator;

/**
 * Full screen with only the lanes, the thread field, the clock and the chapter: the window's controls,
 * side panel and replay bar are hidden, but every key keeps working (they are scene filters).
 */
public final class PresentationMode {
    /** The code beside the lanes takes this share of the screen's width, at most {@link #CODE_MAX_WIDTH}. */
    private static final double CODE_SHARE = 0.4;
    private static final double CODE_MAX_WIDTH = 820;
    private static final double YOUR_CODE_SHARE = 0.46;
    private static final double YOUR_CODE_MAX_WIDTH = 900;
    /**
     * Narrower than this the lanes need the whole width: at 1280×720 their 28 px legends wrap, and lanes, field and
     * header no longer fit the height beside a code pane (LongTextLayoutTest). A 1920 px projector has the room.
     */
    static final double CODE_MIN_SCREEN_WIDTH = 1600;
    private final Stage stage;
    private final PresentedWindow view;
    private final Parent root;
    private final PresenterHeader header;
    private final TalkClock talkClock;
    private final ReadOnlyBooleanWrapper presenting = new ReadOnlyBooleanWrapper(false);
    private final CodeView code;
    /** Your code's editor, in large type beside the lanes while "your code" is chosen. */
    private final VBox yourCode = new VBox();
    private final BooleanBinding chapterShowsCode;
    private Rectangle2D windowed;
    private boolean coveredByHand;

    /**
     * @param codeShown the code the window's code pane shows (the chosen scenario's real source), shown in large type
     *                  beside the lanes
     * @param chapters  whose current chapter says whether the big screen shows that code
     */
    public PresentationMode(Stage stage, PresentedWindow view, CodeViewModel codeShown, Parent root, PresenterHeader header,
                            TalkClock talkClock, ChapterNavigator chapters) {
        this.stage = stage;
        this.view = view;
        this.root = root;
        this.header = header;
        this.talkClock = talkClock;
        this.code = new CodeView(codeShown);
        code.setId("presenter-code");
        code.getStyleClass().add("presenter-code-pane");
        code.prefWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.min(CODE_MAX_WIDTH, view.getWidth() * CODE_SHARE), view.widthProperty()));
        code.setMaxWidth(CODE_MAX_WIDTH);
        chapterShowsCode = Bindings.createBooleanBinding(() -> chapters.setupProperty().get() != null
                && chapters.setupProperty().get().chapter().showsCode(), chapters.setupProperty());
        chapterShowsCode.addListener((o, was, now) -> placeCode());
        yourCode.getStyleClass().add("presenter-code-pane");
        yourCode.setId("presenter-your-code");
        // your code is edited on stage: a little more room than the read-only code gets
        yourCode.prefWidthProperty().bind(Bindings.createDoubleBinding(
                () -> Math.min(YOUR_CODE_MAX_WIDTH, view.getWidth() * YOUR_CODE_SHARE), view.widthProperty()));
        yourCode.setMaxWidth(YOUR_CODE_MAX_WIDTH);
        view.chosenScenarioProperty().addListener((o, was, now) -> placeCode());
        view.widthProperty().addListener((o, was, now) -> {
            if ((was.doubleValue() >= CODE_MIN_SCREEN_WIDTH) != (now.doubleValue() >= CODE_MIN_SCREEN_WIDTH)) {
                placeCode();
            }
        });
    }

    /** The code beside the lanes while presenting a chapter that shows it on a wide screen; the side panel otherwise. */
    private void placeCode() {
        boolean room = view.getWidth() >= CODE_MIN_SCREEN_WIDTH;
        boolean yours = view.chosenScenarioProperty().get().runsYourCode();
        if (presenting.get() && room && yours) {
            VBox.setVgrow(view.yourCodeView(), Priority.ALWAYS);
            yourCode.getChildren().setAll(view.yourCodeView());
            view.setBesideLanes(yourCode);
        } else {
            yourCode.getChildren().clear();
            view.setBesideLanes(presenting.get() && chapterShowsCode.get() && room ? code : null);
        }
        if (presenting.get()) {
            view.setSidePanelVisible(false);
        }
    }

    /** The code pane of the big screen (tests: its text is the window's). */
    public CodeView code() { return code; }

    /** The lanes' time labels while presenting: readable from the back of the room, as the other texts are. */
    static final double PRESENTING_AXIS_TEXT = 28;

    public void toggle() {
        if (presenting.get()) {
            leave();
        } else {
            enter();
        }
    }

    public void enter() {
        if (presenting.get()) {
            return;
        }
        view.setControlsVisible(false);
        view.setTop(header);
        view.setSidePanelVisible(false);
        setBottomShown(false);
        root.getStyleClass().add("presenting");
        // Esc is ours (leave presentation), not the stage's; no "press Esc" banner over the first slide
        stage.setFullScreenExitKeyCombination(KeyCombination.NO_MATCH);
        stage.setFullScreenExitHint("");
        windowed = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        stage.setFullScreen(true);
        // Without a window manager (a bare X server, some kiosk setups) full screen is silently ignored:
        // then cover the screen ourselves, once the request has had its pulse to take effect.
        Platform.runLater(this::coverScreenIfFullScreenWasIgnored);
        // a focused text field would swallow Space and digits; the lanes take focus instead
        view.recordingView().requestFocus();
        view.recordingView().lanes().setAxisTextSize(PRESENTING_AXIS_TEXT);
        talkClock.start();
        presenting.set(true);
        placeCode();
    }

    public void leave() {
        if (!presenting.get()) {
            return;
        }
        stage.setFullScreen(false);
        if (coveredByHand && windowed != null) {
            stage.setX(windowed.getMinX());
            stage.setY(windowed.getMinY());
            stage.setWidth(windowed.getWidth());
            stage.setHeight(windowed.getHeight());
        }
        coveredByHand = false;
        root.getStyleClass().remove("presenting");
        view.recordingView().lanes().setAxisTextSize(LanesCanvas.AXIS_TEXT);
        presenting.set(false);
        placeCode();
        view.setControlsVisible(true);
        view.setSidePanelVisible(true);
        setBottomShown(true);
    }

    private void coverScreenIfFullScreenWasIgnored() {
        if (!presenting.get()) {
            return;
        }
        Rectangle2D screen = Screen.getScreensForRectangle(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight())
                .stream().findFirst().orElse(Screen.getPrimary()).getBounds();
        if (stage.getWidth() < screen.getWidth() - 1 || stage.getHeight() < screen.getHeight() - 1) {
            coveredByHand = true;
            stage.setX(screen.getMinX());
            stage.setY(screen.getMinY());
            stage.setWidth(screen.getWidth());
            stage.setHeight(screen.getHeight());
        }
    }

    private void setBottomShown(boolean shown) {
        Node bottom = view.getBottom();
        if (bottom != null) {
            bottom.setVisible(shown);
            bottom.setManaged(shown);
        }
    }

    public ReadOnlyBooleanProperty presentingProperty() { return presenting.getReadOnlyProperty(); }

    public boolean isPresenting() { return presenting.get(); }
}
