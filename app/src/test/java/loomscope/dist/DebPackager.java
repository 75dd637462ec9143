package loomscope.dist;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
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
            // jpackage's own package is unpacked again at once (withTheImagesTimes), so its dpkg-deb compresses
            // nothing: its default xz took 30 s and both cores here for an image of 93 MB.
            JdkTool.named("jpackage").runAsProcess(Map.of("DPKG_DEB_COMPRESSOR_TYPE", "none"), List.of(
                    "--type", "deb",
                    "--app-image", withoutCaches(image, work.resolve("image")).toString(),
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
            deb = withTheImagesTimes(deb, image, work);
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

    /**
     * The image as jpackage gets it: linked (or copied) file by file, without the launchers' AOT caches, which
     * {@link #withTheImagesTimes} adds back. Compressed by jpackage's xz, 85 MB of caches doubled the package's time.
     */
    private static Path withoutCaches(Path image, Path copy) throws IOException {
        try (Stream<Path> files = Files.walk(image)) {
            for (Path f : files.toList()) {
                Path to = copy.resolve(image.relativize(f).toString());
                if (Files.isDirectory(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(to);
                } else if (!f.getFileName().toString().endsWith(".aot")) {
                    try {
                        Files.createLink(to, f);
                    } catch (IOException | UnsupportedOperationException notHere) {
                        Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES, java.nio.file.LinkOption.NOFOLLOW_LINKS);
                    }
                }
            }
        }
        return copy;
    }

    /**
     * jpackage copies the image into the package with new modification times, and the launchers' AOT caches
     * ({@link AotTraining}) hold their jars' times: every installed launcher would find its cache stale. So the
     * package is unpacked, each file of the image gets its time back, the caches are added, and it is packed again
     * (gzip at level 1: xz took minutes here for the caches' 85 MB).
     */
    private static Path withTheImagesTimes(Path deb, Path image, Path work) throws IOException {
        Path unpacked = work.resolve("unpacked");
        dpkgDeb(List.of("dpkg-deb", "-R", deb.toString(), unpacked.toString()));
        Path installed = unpacked.resolve(INSTALL_DIR.substring(1)).resolve(AppImageBuilder.NAME);
        try (Stream<Path> files = Files.walk(image)) {
            for (Path original : files.filter(Files::isRegularFile).toList()) {
                Path f = installed.resolve(image.relativize(original).toString());
                if (original.getFileName().toString().endsWith(".aot")) {
                    Files.copy(original, f, StandardCopyOption.COPY_ATTRIBUTES);
                } else if (Files.isRegularFile(f)) {
                    Files.setLastModifiedTime(f, Files.getLastModifiedTime(original));
                }
            }
        }
        Path repacked = work.resolve(deb.getFileName());
        dpkgDeb(List.of("fakeroot", "dpkg-deb", "--root-owner-group", "-Zgzip", "-z1", "-b", unpacked.toString(),
                repacked.toString()));
        return repacked;
    }

    private static void dpkgDeb(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        try {
            if (p.waitFor() != 0) {
                throw new IOException(String.join(" ", command) + " failed: " + output.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", command), e);
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
