package loomscope.report;

import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Optional;

/** A card's pixels plus the texts drawn on it. */
public record RenderedCard(CardSize size, BufferedImage image, List<DrawnText> texts) {

    public RenderedCard {
        texts = List.copyOf(texts);
    }

    public Optional<DrawnText> text(String role) {
        return texts.stream().filter(t -> t.role().equals(role)).findFirst();
    }
}
