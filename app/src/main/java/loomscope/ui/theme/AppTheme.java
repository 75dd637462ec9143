package loomscope.ui.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import atlantafx.base.theme.Theme;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Scene;
import loomscope.picture.PictureTheme;

/**
 * The three looks: AtlantaFX Primer dark (default), Primer light, and a high-contrast variant for washed-out
 * projectors (Primer dark plus overrides in app.css under {@code .root.high-contrast}).
 * The user-agent stylesheet is global in JavaFX, so the current theme is app-wide too.
 */
public enum AppTheme {
    DARK("Dark", new PrimerDark(), null, PictureTheme.DARK),
    LIGHT("Light", new PrimerLight(), "light", PictureTheme.LIGHT),
    HIGH_CONTRAST("High contrast", new PrimerDark(), "high-contrast", PictureTheme.HIGH_CONTRAST);

    public static final String APP_CSS = AppTheme.class.getResource("/loomscope/ui/app.css").toExternalForm();

    private static final ReadOnlyObjectWrapper<AppTheme> CURRENT = new ReadOnlyObjectWrapper<>(DARK);

    private final String label;
    private final Theme atlantaTheme;
    private final String rootStyleClass;
    private final PictureTheme picture;

    AppTheme(String label, Theme atlantaTheme, String rootStyleClass, PictureTheme picture) {
        this.label = label;
        this.atlantaTheme = atlantaTheme;
        this.rootStyleClass = rootStyleClass;
        this.picture = picture;
    }

    public String label() { return label; }

    /** The picture's colours in this theme: the canvases' and the exports' (app.css holds the same for its chrome). */
    public PictureTheme picture() { return picture; }

    /** The CSS class under which app.css gives this theme's looked-up colours ({@code .root.light}), or null for {@code .root}. */
    public String rootStyleClass() { return rootStyleClass; }

    /** Canvases listen to this to re-resolve their colours once per change (never per frame). */
    public static ReadOnlyObjectProperty<AppTheme> currentProperty() { return CURRENT.getReadOnlyProperty(); }

    public static AppTheme current() { return CURRENT.get(); }

    public AppTheme next() { return values()[(ordinal() + 1) % values().length]; }

    /** Makes this the app's theme and styles {@code scene} with it (call on the FX thread). */
    public void applyTo(Scene scene) {
        Application.setUserAgentStylesheet(atlantaTheme.getUserAgentStylesheet());
        if (!scene.getStylesheets().contains(APP_CSS)) {
            scene.getStylesheets().add(APP_CSS);
        }
        if (scene.getRoot() != null) {
            for (AppTheme t : values()) {
                if (t.rootStyleClass != null) {
                    scene.getRoot().getStyleClass().remove(t.rootStyleClass);
                }
            }
            if (rootStyleClass != null) {
                scene.getRoot().getStyleClass().add(rootStyleClass);
            }
        }
        CURRENT.set(this);
    }

    @Override
    public String toString() { return label; }
}
