package loomscope.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder of ours a child writes its temp files into: removed whole, and nothing outside it. */
class ChildLeftoversTest {

    @TempDir
    Path dir;

    @Test
    void cleanUpRemovesOurFolderOnlyAndFollowsNoLink() throws Exception {
        Path base = Files.createDirectories(dir.resolve("temp"));
        Path users = Files.writeString(dir.resolve("users-file.txt"), "the user's");
        Path usersFolder = Files.createDirectories(dir.resolve("users-folder"));
        Files.writeString(usersFolder.resolve("inside.txt"), "the user's");
        ChildLeftovers leftovers = ChildLeftovers.create(base);
        Path ours = leftovers.jfrRepository();
        assertTrue(ours.startsWith(base) && ours.getFileName().toString().startsWith("loomscope-child-"), ours.toString());
        Path repo = Files.createDirectories(ours.resolve("2026_11_25_17_33_49_3994"));
        Files.writeString(repo.resolve("chunk.jfr"), "x");
        Files.createSymbolicLink(ours.resolve("link-to-file"), users);
        Files.createSymbolicLink(ours.resolve("link-to-folder"), usersFolder);
        leftovers.cleanUp();
        leftovers.cleanUp();   // twice: the shutdown hook and the run's end may both call it
        assertFalse(Files.exists(ours), "ours is gone");
        assertTrue(Files.exists(base), "the temp dir itself stays");
        assertEquals("the user's", Files.readString(users));
        assertEquals("the user's", Files.readString(usersFolder.resolve("inside.txt")));
    }

    @Test
    void aFlightRecorderOptionsOfTheUsersKeepsOurRepository() throws Exception {
        ChildLeftovers leftovers = ChildLeftovers.create(dir);
        String repository = "repository=" + leftovers.jfrRepository().toAbsolutePath();
        assertEquals(List.of("-XX:FlightRecorderOptions:" + repository,
                "-Dloomscope.child.scratch=" + leftovers.jfrRepository().toAbsolutePath()), leftovers.childFlags());
        assertEquals(List.of("-Xmx64m", "-XX:FlightRecorderOptions:stackdepth=96," + repository,
                        "-XX:FlightRecorderOptions=stackdepth=96," + repository, "-XX:FlightRecorderOptions:repository=/theirs"),
                leftovers.userFlags(List.of("-Xmx64m", "-XX:FlightRecorderOptions:stackdepth=96",
                        "-XX:FlightRecorderOptions=stackdepth=96", "-XX:FlightRecorderOptions:repository=/theirs")));
        leftovers.cleanUp();
    }
}
