package loomscope.ui.app;

import java.util.List;

import javafx.geometry.Rectangle2D;

/**
 * Where a remembered window goes on the screens there are now: a monitor unplugged since, a smaller resolution,
 * or a position saved half off the screen (seen: x = -140 on a 1920 px screen) must not start the app with its
 * Run button out of sight. The window moves onto the screen it overlaps most (the first one if none), shrunk to
 * fit that screen if it must be.
 */
final class WindowPlacement {
    private WindowPlacement() { }

    static Rectangle2D onScreen(Rectangle2D window, List<Rectangle2D> screens) {
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
