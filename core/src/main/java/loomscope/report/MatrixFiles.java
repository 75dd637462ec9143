package loomscope.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import javax.imageio.ImageIO;

import loomscope.matrix.MatrixCell;
import loomscope.matrix.MatrixPlan;
import loomscope.io.AtomicOutput;

/** The pinning matrix's files in one folder: {@code matrix.md}, {@code matrix.csv}, {@code matrix.png}. */
public final class MatrixFiles {

    public static final List<String> NAMES = List.of("matrix.md", "matrix.csv", "matrix.png");

    private MatrixFiles() { }

    /** The files that already exist in {@code folder} (checked before any run: nothing of anyone's is overwritten). */
    public static List<Path> existing(Path folder) {
        List<Path> found = new ArrayList<>();
        for (String name : NAMES) {
            Path p = folder.resolve(name);
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                found.add(p);
            }
        }
        return found;
    }

    /** Writes the three files, each under a temporary name first, never over an existing file; returns them. */
    public static List<Path> write(Path folder, MatrixPlan plan, List<MatrixCell> cells, String subtitle) throws IOException {
        Path dir = ExportFolder.prepare(folder);
        String heading = "# What still pins today\n\n" + subtitle + "\n\n";
        List<Path> written = new ArrayList<>();
        written.add(AtomicOutput.write(dir.resolve("matrix.md"), false, p ->
                Files.writeString(p, heading + MatrixTables.markdown(plan, cells), StandardCharsets.UTF_8)));
        written.add(AtomicOutput.write(dir.resolve("matrix.csv"), false, p ->
                Files.writeString(p, MatrixTables.csv(plan, cells), StandardCharsets.UTF_8)));
        var image = new MatrixPictureRenderer().render(plan, cells, subtitle);
        written.add(AtomicOutput.write(dir.resolve("matrix.png"), false, p -> {
            if (!ImageIO.write(image, "png", p.toFile())) {
                throw new IOException("no PNG writer in this JDK");
            }
        }));
        return written;
    }
}
