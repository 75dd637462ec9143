package loomscope.dist;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The dependencies sorted into the two places of the image. JavaFX and AtlantaFX are linked into the runtime as
 * named modules (JavaFX will not start a window from the class path, and there its natives load from the runtime
 * as from JavaFX's own jmods); picocli, Jackson and our classes stay on the class path in the app folder, which is
 * also what a child JVM (--jdk, --jvm-arg, the window's "Run on") is given.
 */
record AppJars(List<Path> modulePath, List<String> moduleNames, List<Path> classPath) {

    static AppJars sort(List<Path> dependencies) throws IOException {
        List<Path> modulePath = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<Path> classPath = new ArrayList<>();
        for (Path jar : dependencies) {
            if (!Files.isRegularFile(jar)) {
                throw new IllegalArgumentException("the class path names " + jar + ", which is not a jar file");
            }
            if (!hasClasses(jar)) {
                continue;   // openjfx's platform-less jars: a manifest only, the classes are in the -linux/-mac/-win ones
            }
            ModuleDescriptor module = ModuleFinder.of(jar).findAll().stream()
                    .map(ModuleReference::descriptor).findFirst().orElse(null);
            if (module != null && !module.isAutomatic() && linkedIntoRuntime(module.name())) {
                modulePath.add(jar);
                names.add(module.name());
            } else {
                classPath.add(jar);
            }
        }
        if (!names.contains("javafx.graphics")) {
            throw new IllegalArgumentException("no JavaFX platform jar (javafx-graphics-<platform>) on the class path");
        }
        return new AppJars(List.copyOf(modulePath), List.copyOf(names), List.copyOf(classPath));
    }

    static boolean linkedIntoRuntime(String moduleName) {
        return moduleName.startsWith("javafx.") || moduleName.equals("atlantafx.base");
    }

    static String joined(List<Path> paths) {
        return String.join(File.pathSeparator, paths.stream().map(Path::toString).toList());
    }

    /** Our compiled classes and resources as one jar (jpackage wants a main jar; Maven's own comes later). */
    static void jarClasses(Path classes, Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        try (OutputStream file = Files.newOutputStream(jar);
             JarOutputStream out = new JarOutputStream(file, manifest);
             Stream<Path> all = Files.walk(classes)) {
            for (Path p : all.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(p).toString().replace(File.separatorChar, '/');
                if (name.equals(JarFile.MANIFEST_NAME)) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
    }

    private static boolean hasClasses(Path jar) throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            return j.stream().anyMatch(e -> e.getName().endsWith(".class"));
        }
    }
}
