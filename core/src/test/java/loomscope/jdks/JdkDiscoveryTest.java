package loomscope.jdks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import loomscope.cli.LoomScopeCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding runtimes, reading their versions, refusing what cannot run the workload, remembering added paths. */
class JdkDiscoveryTest {

    @TempDir
    Path tmp;

    private final JdkInspector inspector = new JdkInspector();

    /** A fake runtime: bin/java (a script that never runs, since the release file answers) and a release file. */
    private Path fakeJdk(Path home, String version) throws IOException {
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\nexit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + "\"\nIMPLEMENTOR=\"Test Vendor\"\n");
        return home;
    }

    @Test
    void bogusPathsAreRefusedWithAReason() throws IOException {
        JdkCheck missing = inspector.inspect(tmp.resolve("nope"), "test");
        assertEquals(tmp.resolve("nope") + " does not exist", ((JdkCheck.Refused) missing).reason());

        Files.createDirectories(tmp.resolve("empty"));
        JdkCheck empty = inspector.inspect(tmp.resolve("empty"), "test");
        assertTrue(((JdkCheck.Refused) empty).reason().contains("is not a JDK or JRE: it has no bin/java"));

        JdkCheck old = inspector.inspect(fakeJdk(tmp.resolve("jdk17"), "17.0.2"), "test");
        assertTrue(((JdkCheck.Refused) old).reason().endsWith("is Java 17.0.2; LoomScope needs Java 21 or newer (final virtual threads)"));

        JdkCheck ancient = inspector.inspect(fakeJdk(tmp.resolve("jdk8"), "1.8.0_392"), "test");
        assertTrue(((JdkCheck.Refused) ancient).reason().contains("is Java 1.8.0_392"));
    }

    @Test
    void releaseFileGivesVersionAndVendorAndAnyPathInsideWorks() throws IOException {
        Path home = fakeJdk(tmp.resolve("jdk-21.0.1"), "21.0.1");
        for (Path p : List.of(home, home.resolve("bin"), home.resolve("bin/java"))) {
            JdkInstall jdk = assertInstanceOf(JdkCheck.Accepted.class, inspector.inspect(p, "test")).jdk();
            assertEquals(home, jdk.home());
            assertEquals("21.0.1", jdk.version());
            assertEquals(21, jdk.feature());
            assertEquals("Test Vendor", jdk.vendor());
            assertTrue(jdk.pinsOnSynchronized());
        }
    }

    @Test
    void withoutReleaseFileTheLauncherIsAsked() throws IOException {
        JdkInstall real = TestJdks.jdk21();
        Path home = tmp.resolve("runtime-without-release");
        Files.createDirectories(home.resolve("bin"));
        Files.createSymbolicLink(home.resolve("bin/java"), real.javaLauncher());
        JdkInstall jdk = assertInstanceOf(JdkCheck.Accepted.class, inspector.inspect(home, "test")).jdk();
        assertTrue(jdk.version().startsWith("21.0."), jdk.version());
        assertEquals(21, jdk.feature());
    }

    @Test
    void discoveryLooksWhereToolsInstallAndDeduplicates() throws IOException {
        Path userHome = tmp.resolve("home");
        Path sdkman = fakeJdk(userHome.resolve(".sdkman/candidates/java/21.0.1-tem"), "21.0.1");
        Files.createSymbolicLink(userHome.resolve(".sdkman/candidates/java/current"), sdkman);
        fakeJdk(userHome.resolve(".jdks/temurin-24"), "24.0.2");
        fakeJdk(userHome.resolve(".jdks/old"), "11.0.20");
        Path javaHome = fakeJdk(tmp.resolve("java-home"), "22.0.1");
        Path added = fakeJdk(tmp.resolve("added"), "23");
        JdkDiscovery.Places places = new JdkDiscovery.Places(Map.of("JAVA_HOME", javaHome.toString()), userHome,
                "Linux", null, List.of(tmp.resolve("no-jdk21-here")), List.of(added));

        JdkDiscovery.Found found = new JdkDiscovery(places, inspector).discover();

        assertTrue(found.usable().stream().anyMatch(j -> j.home().equals(sdkman) && j.foundBy().equals("SDKMAN!")));
        assertTrue(found.usable().stream().anyMatch(j -> j.version().equals("24.0.2") && j.foundBy().equals("~/.jdks")));
        assertTrue(found.usable().stream().anyMatch(j -> j.home().equals(javaHome) && j.foundBy().equals("JAVA_HOME")));
        assertTrue(found.usable().stream().anyMatch(j -> j.home().equals(added) && j.foundBy().equals("added by you")));
        assertEquals(1, found.usable().stream().filter(j -> j.version().equals("21.0.1")).count());
        assertTrue(found.refused().stream().anyMatch(r -> r.reason().contains("Java 11.0.20")));
        assertTrue(found.refused().stream().noneMatch(r -> r.reason().contains("no-jdk21-here")), "absent hints are not news");
        for (int i = 1; i < found.usable().size(); i++) {
            assertTrue(found.usable().get(i - 1).feature() >= found.usable().get(i).feature(), "newest first");
        }
    }

    @Test
    void addedPathsAreRememberedAndRefusalsAreNot() throws IOException {
        Path file = tmp.resolve("conf/jdks.txt");
        UserJdkPaths paths = new UserJdkPaths(file, inspector);
        Path good = fakeJdk(tmp.resolve("good"), "21.0.2");
        assertTrue(paths.add(good).accepted());
        assertFalse(paths.add(tmp.resolve("bogus")).accepted());
        assertTrue(paths.add(good.resolve("bin")).accepted());
        assertEquals(List.of(good), new UserJdkPaths(file, inspector).paths());
        paths.remove(good);
        assertEquals(List.of(), new UserJdkPaths(file, inspector).paths());
    }

    @Test
    void legacyLockingPresetOnlyWhereItChangesSomething() {
        assertTrue(LegacyLocking.offeredFor(TestJdks.thisJdk()), "JDK 25.0.3 still honours " + LegacyLocking.FLAG);
        assertFalse(LegacyLocking.offeredFor(TestJdks.jdk21()), "JDK 21 pins anyway");
    }

    @Test
    void cliRefusesABogusJdkWithExitTwoAndOneLine() {
        StringWriter err = new StringWriter();
        int code = LoomScopeCli.execute(new String[] {"run", "--jdk", tmp.resolve("nope").toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(LoomScopeCli.BAD_INPUT, code);
        assertEquals("loomscope: --jdk: " + tmp.resolve("nope") + " does not exist", err.toString().strip());
    }
}
