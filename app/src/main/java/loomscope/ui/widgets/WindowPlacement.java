package loomscope.ui.widgets;

import java.util.List;

import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * Where a window goes on the screens there are now. A remembered window: a monitor unplugged since, a smaller
 * resolution, or a position saved half off the screen (seen: x = -140 on a 1920 px screen) must not start the app
 * with its Run button out of sight. A window opened beside the main one: JavaFX centres it on its owner, which puts
 * a tall one's title bar above the screen's top (the attach window over a 1280 x 720 main window). The window moves
 * onto the screen it overlaps most (the first one if none), shrunk to fit that screen if it must be.
 */
public final class WindowPlacement {
    private WindowPlacement() { }

    /** Each time {@code stage} is shown (FX thread), it is moved and shrunk onto the screen it overlaps most. */
    public static void keepOnScreen(Stage stage) {
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, e -> {
            Rectangle2D placed = onScreen(new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()),
                    Screen.getScreens().stream().map(Screen::getVisualBounds).toList());
            stage.setWidth(placed.getWidth());
            stage.setHeight(placed.getHeight());
            stage.setX(placed.getMinX());
            stage.setY(placed.getMinY());
        });
    }

    public static Rectangle2D onScreen(Rectangle2D window, List<Rectangle2D> screens) {
        if (screens.isEmpty()) {
            return window;
        }
        Rectangle2D best = screens.get(0);
        double bestArea = 0;
        for (Rectangle2D s : screens) {
            double area = overlap(window.getMinX(), window.getMaxX(), s.getMinX(), s.getMaxX())
                    * overlap(window.getMinY(), window.getMaxY(), s.getMinY(), s.getMaxY());
            if (area > bestArea) {
                best = s;
                bestArea = area;
            }
        }
        double width = Math.min(window.getWidth(), best.getWidth());
        double height = Math.min(window.getHeight(), best.getHeight());
        double x = clamp(window.getMinX(), best.getMinX(), best.getMaxX() - width);
        double y = clamp(window.getMinY(), best.getMinY(), best.getMaxY() - height);
        return new Rectangle2D(x, y, width, height);
    }

    private static double overlap(double min1, double max1, double min2, double max2) {
        return Math.max(0, Math.min(max1, max2) - Math.max(min1, min2));
    }

    private static double clamp(double v, double min, double max) {
        return Math.max(min, Math.min(v, max));
    }
}
