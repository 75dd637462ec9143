package loomscope.report;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Optional;

/**
 * A card's pixels plus the texts drawn on it.
 *
 * @param lanes where each carrier's lane went, in pixels (a card with {@link TimingCard#lanes()}); else empty
 */
public record RenderedCard(CardSize size, BufferedImage image, List<DrawnText> texts, List<Rectangle> lanes) {

    public RenderedCard {
        texts = List.copyOf(texts);
        lanes = List.copyOf(lanes);
    }

    public Optional<DrawnText> text(String role) {
        return texts.stream().filter(t -> t.role().equals(role)).findFirst();
    }
}
