package loomscope.dist;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Packs a built app image as a Debian package with jpackage: the image under {@code /opt/loomscope}, a desktop entry
 * for the window (jpackage's {@code --linux-shortcut}; the CLI's entry, which jpackage makes too, is hidden) and {@code /usr/bin/loomscope-cli} linked by our own
 * {@code postinst} (jpackage puts no command on the PATH; the link is made only where no other file has that name,
 * and {@code prerm} removes only a link into the package). The scripts are jpackage's templates with our lines added,
 * kept in {@code src/test/resources/loomscope/dist/deb}. jpackage needs {@code dpkg-deb} and {@code fakeroot}.
 */
final class DebPackager {
    /** jpackage's templates it takes from the resource folder by name: the scripts, and the window's desktop entry. */
    private static final List<String> SCRIPTS = List.of("postinst", "prerm",
            AppImageBuilder.NAME + ".desktop", AppImageBuilder.CLI_LAUNCHER + ".desktop");

    /** Where the package puts the image: jpackage's default for Linux, given explicitly as the scripts name it. */
    static final String INSTALL_DIR = "/opt";
    private static final String APP_DIR = INSTALL_DIR + "/" + AppImageBuilder.NAME;

    private DebPackager() { }

    /** Whether this machine can build a .deb: Linux with dpkg-deb and fakeroot on the PATH; else why not. */
    static String whyNot() {
        if (AppImageBuilder.isMac() || AppImageBuilder.isWindows()) {
            return "a .deb is built on Linux only";
        }
        for (String tool : List.of("dpkg-deb", "fakeroot")) {
            if (!onPath(tool)) {
                return "no " + tool + " on the PATH (apt-get install " + (tool.equals("fakeroot") ? "fakeroot" : "dpkg") + ")";
            }
        }
        return null;
    }

    /** Builds {@code loomscope_VERSION_ARCH.deb} from {@code image} into the folder {@code out}; returns its path. */
    static Path pack(Path image, String version, Path out) throws IOException {
        Path work = Files.createTempDirectory(out, "deb.tmp-");
        try {
            Path resources = Files.createDirectory(work.resolve("resources"));
            for (String script : SCRIPTS) {
                try (InputStream in = DebPackager.class.getResourceAsStream("deb/" + script)) {
                    if (in == null) {
                        throw new IllegalStateException("the packaging script deb/" + script + " is missing from the class path");
                    }
                    String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                    Files.writeString(resources.resolve(script), text.replace("@APP_DIR@", APP_DIR));
                }
            }
            Path dest = Files.createDirectory(work.resolve("dest"));
            JdkTool.named("jpackage").run(List.of(
                    "--type", "deb",
                    "--app-image", image.toString(),
                    "--name", AppImageBuilder.NAME,
                    "--app-version", version,
                    "--vendor", "LoomScope",
                    "--description", "Virtual-thread pinning and JEP 491, recorded from real runs",
                    "--linux-package-name", AppImageBuilder.NAME,
                    "--linux-deb-maintainer", "loomscope@localhost",
                    "--linux-app-category", "devel",
                    "--linux-menu-group", "Development",
                    "--linux-shortcut",   // the desktop entries; the CLI's is hidden (NoDisplay), jpackage makes one per launcher
                    "--install-dir", INSTALL_DIR,
                    "--resource-dir", resources.toString(),
                    "--dest", dest.toString()));
            Path deb;
            try (Stream<Path> made = Files.list(dest)) {
                deb = made.filter(p -> p.getFileName().toString().endsWith(".deb")).findFirst()
                        .orElseThrow(() -> new IllegalStateException("jpackage made no .deb in " + dest));
            }
            Path target = out.resolve(deb.getFileName());
            if (Files.exists(target) && !Files.isRegularFile(out.resolve(AppImageBuilder.MARKER))) {
                throw new IllegalArgumentException(target + " exists in a folder this builder did not make: not replacing it");
            }
            Files.move(deb, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return target;
        } finally {
            Trees.delete(work);
        }
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
