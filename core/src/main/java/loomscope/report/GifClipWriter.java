package loomscope.report;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * An animated GIF through the JDK's own ImageIO. Each frame is mapped onto one fixed 256-colour palette (the
 * clip's own colours first, then blends of the text and background for antialiased edges, then a colour cube),
 * and only the rectangle that changed since the previous frame is stored: the lanes and field change, the rest
 * of a frame does not, which keeps a 20 s clip to a few megabytes.
 */
final class GifClipWriter implements ClipSink {
    private final ImageWriter writer;
    private final ImageOutputStream out;
    private final IndexColorModel palette;
    private final int[] paletteRgb;
    private final Map<Integer, Byte> nearest = new HashMap<>();
    private final int delayCentis;
    private byte[] previous;
    private int frames;

    GifClipWriter(Path file, int fps, ClipColours colours) throws IOException {
        this.writer = ImageIO.getImageWritersByFormatName("gif").next();
        this.out = ImageIO.createImageOutputStream(file.toFile());
        if (out == null) {
            throw new IOException("cannot write " + file);
        }
        writer.setOutput(out);
        this.paletteRgb = buildPalette(colours);
        byte[] r = new byte[256];
        byte[] gr = new byte[256];
        byte[] b = new byte[256];
        for (int i = 0; i < 256; i++) {
            r[i] = (byte) (paletteRgb[i] >> 16);
            gr[i] = (byte) (paletteRgb[i] >> 8);
            b[i] = (byte) paletteRgb[i];
        }
        this.palette = new IndexColorModel(8, 256, r, gr, b);
        this.delayCentis = Math.max(2, Math.round(100f / fps));
        writer.prepareWriteSequence(null);
    }

    private static int[] buildPalette(ClipColours colours) {
        int[] rgb = new int[256];
        int n = 0;
        for (Color c : colours.all()) {
            rgb[n++] = c.getRGB() & 0xFFFFFF;
        }
        Color bg = colours.background;
        Color[] inks = {colours.text, colours.muted};
        for (Color ink : inks) {
            for (int step = 1; step < 16; step++) {
                rgb[n++] = blend(bg, ink, step / 16.0);
            }
        }
        for (int rr = 0; rr < 6 && n < 256; rr++) {
            for (int gg = 0; gg < 6 && n < 256; gg++) {
                for (int bb = 0; bb < 6 && n < 256; bb++) {
                    rgb[n++] = (rr * 51) << 16 | (gg * 51) << 8 | (bb * 51);
                }
            }
        }
        return rgb;
    }

    private static int blend(Color a, Color b, double f) {
        int r = (int) Math.round(a.getRed() + (b.getRed() - a.getRed()) * f);
        int g = (int) Math.round(a.getGreen() + (b.getGreen() - a.getGreen()) * f);
        int bl = (int) Math.round(a.getBlue() + (b.getBlue() - a.getBlue()) * f);
        return r << 16 | g << 8 | bl;
    }

    @Override
    public void frame(BufferedImage frame) throws IOException {
        int w = frame.getWidth();
        int h = frame.getHeight();
        int[] pixels = ((DataBufferInt) frame.getRaster().getDataBuffer()).getData();
        byte[] indices = new byte[w * h];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = indexOf(pixels[i] & 0xFFFFFF);
        }
        int[] box = previous == null ? new int[] {0, 0, w, h} : changed(indices, previous, w, h);
        previous = indices;
        if (box == null) {
            box = new int[] {0, 0, 1, 1};   // nothing changed: a 1-pixel frame keeps the timing
        }
        BufferedImage part = new BufferedImage(box[2], box[3], BufferedImage.TYPE_BYTE_INDEXED, palette);
        byte[] target = ((DataBufferByte) part.getRaster().getDataBuffer()).getData();
        for (int row = 0; row < box[3]; row++) {
            System.arraycopy(indices, (box[1] + row) * w + box[0], target, row * box[2], box[2]);
        }
        writer.writeToSequence(new IIOImage(part, null, metadata(part, box[0], box[1])), null);
        frames++;
    }

    private byte indexOf(int rgb) {
        Byte known = nearest.get(rgb);
        if (known != null) {
            return known;
        }
        int best = 0;
        long bestDistance = Long.MAX_VALUE;
        for (int i = 0; i < paletteRgb.length; i++) {
            int p = paletteRgb[i];
            long dr = ((p >> 16) & 0xFF) - ((rgb >> 16) & 0xFF);
            long dg = ((p >> 8) & 0xFF) - ((rgb >> 8) & 0xFF);
            long db = (p & 0xFF) - (rgb & 0xFF);
            long d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
            if (d < bestDistance) {
                bestDistance = d;
                best = i;
            }
        }
        byte b = (byte) best;
        nearest.put(rgb, b);
        return b;
    }

    /** {x, y, w, h} of what differs, or null. */
    private static int[] changed(byte[] now, byte[] before, int w, int h) {
        int minX = w;
        int minY = h;
        int maxX = -1;
        int maxY = -1;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            for (int x = 0; x < w; x++) {
                if (now[row + x] != before[row + x]) {
                    minX = Math.min(minX, x);
                    maxX = Math.max(maxX, x);
                    minY = Math.min(minY, y);
                    maxY = y;
                }
            }
        }
        return maxX < 0 ? null : new int[] {minX, minY, maxX - minX + 1, maxY - minY + 1};
    }

    private IIOMetadata metadata(BufferedImage part, int x, int y) throws IOException {
        IIOMetadata meta = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(part), null);
        String format = meta.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
        IIOMetadataNode descriptor = child(root, "ImageDescriptor");
        descriptor.setAttribute("imageLeftPosition", Integer.toString(x));
        descriptor.setAttribute("imageTopPosition", Integer.toString(y));
        descriptor.setAttribute("imageWidth", Integer.toString(part.getWidth()));
        descriptor.setAttribute("imageHeight", Integer.toString(part.getHeight()));
        IIOMetadataNode control = child(root, "GraphicControlExtension");
        control.setAttribute("disposalMethod", "doNotDispose");
        control.setAttribute("userInputFlag", "FALSE");
        control.setAttribute("transparentColorFlag", "FALSE");
        control.setAttribute("delayTime", Integer.toString(delayCentis));
        control.setAttribute("transparentColorIndex", "0");
        if (frames == 0) {
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode loop = new IIOMetadataNode("ApplicationExtension");
            loop.setAttribute("applicationID", "NETSCAPE");
            loop.setAttribute("authenticationCode", "2.0");
            loop.setUserObject(new byte[] {1, 0, 0});   // loop for ever
            apps.appendChild(loop);
        }
        meta.setFromTree(format, root);
        return meta;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }

    @Override
    public void finish() throws IOException {
        writer.endWriteSequence();
        out.flush();
    }

    @Override
    public void close() throws IOException {
        writer.dispose();
        out.close();
    }
}
