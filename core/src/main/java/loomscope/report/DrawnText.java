package loomscope.report;

import java.awt.Rectangle;

/**
 * One string the renderer put on a card, with where its ink landed in image pixels. Lets tests (and
 * anyone checking legibility) ask "is the time on the card, and how tall is it" without OCR.
 *
 * @param role what the text is for, e.g. {@code "time"}, {@code "bar-value"}
 * @param pixelBounds the text's visual bounds in the image, after scaling
 * @param pixelSize the font size in image pixels
 */
public record DrawnText(String role, String text, Rectangle pixelBounds, double pixelSize) { }
