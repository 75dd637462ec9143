package loomscope.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The defects of issue #14, found by feeding bad input to the CLI, one test (or two) each. Workloads are tiny:
 * a test that fails here fails in seconds, not after a 27 s run.
 */
class Issue14Test {

    static final String[] TINY = {"--threads", "10", "--cpu-iterations", "0", "--sleep-ms", "0"};

    @TempDir
    Path dir;

    private static String[] args(String command, String... more) {
        String[] all = new String[1 + TINY.length + more.length];
        all[0] = command;
        System.arraycopy(TINY, 0, all, 1, TINY.length);
        System.arraycopy(more, 0, all, 1 + TINY.length, more.length);
        return all;
    }

    // 1. --thread-dump deleted the folder it was given

    @Test
    void defect1ThreadDumpIntoAnEmptyFolderIsRefusedAndTheFolderKept() throws Exception {
        CliScratch scratch = CliScratch.in(dir);
        Map<String, String> before = scratch.fingerprint();
        CliScratch.Result r = CliScratch.inProcess(args("run", "--thread-dump", dir.resolve("empty-dir").toString()));
        scratch.assertRefused(r, before, "--thread-dump", "--thread-dump EMPTY_DIR");
        assertTrue(Files.isDirectory(dir.resolve("empty-dir")));
    }

    @Test
    void defect1ThreadDumpToAnEmptyPathIsRefusedAndTheWorkingFolderKept() throws Exception {
        // a real process whose working folder is an empty folder of ours: "" resolves to it
        Path cwd = Files.createDirectory(dir.resolve("cwd"));
        CliScratch scratch = new CliScratch(cwd);
        Map<String, String> before = scratch.fingerprint();
        for (String option : List.of("--thread-dump", "--save-jfr")) {
            CliScratch.Result r = scratch.inProcessOfItsOwn(args("run", option, ""));
            assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(option) && r.err().contains("empty"), r.err());
            assertTrue(Files.isDirectory(cwd), "the working folder is still there");
            assertEquals(before, scratch.fingerprint());
        }
    }

    @Test
    void defect1AnExistingFileIsNeverOverwrittenAndOutputsAppearWhole() throws Exception {
        CliScratch scratch = CliScratch.in(dir);
        Map<String, String> before = scratch.fingerprint();
        CliScratch.Result refused = CliScratch.inProcess(args("run", "--thread-dump", scratch.sentinel().toString()));
        scratch.assertRefused(refused, before, "--thread-dump", "--thread-dump EXISTING_FILE");

        Path dump = dir.resolve("dump.json");
        Path jfr = dir.resolve("run.jfr");
        CliScratch.Result r = CliScratch.inProcess(args("run", "--thread-dump", dump.toString(), "--save-jfr", jfr.toString()));
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.readString(dump).contains("\"threadDump\""), "HotSpot's JSON dump");
        assertTrue(Files.size(jfr) > 0);
        try (var files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".part")
                    || f.getFileName().toString().startsWith(".loomscope-probe")).toList(), "no temporary file left");
        }
    }

    // 2. export hung on a long title

    @Test
    void defect2AHundredThousandCharacterTitleIsRefusedAtOnce() throws Exception {
        CliScratch scratch = CliScratch.in(dir);
        Map<String, String> before = scratch.fingerprint();
        CliScratch.Result r = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> CliScratch.inProcess(
                args("export", "--title", "t".repeat(100_000), "--out", dir.resolve("cards").toString())));
        scratch.assertRefused(r, before, "--title", "--title of 100,000 characters");
    }

    // 6. output paths were checked only after the run

    @Test
    void defect6OutputPathsUnderProcAreRefusedBeforeTheRun() throws Exception {
        for (String option : List.of("--save-jfr", "--thread-dump")) {
            CliScratch.Result r = CliScratch.inProcess(args("run", option, "/proc/x"));
            assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), option + ": " + r.err());
            assertEquals("", r.out(), "refused before the run: " + r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("loomscope: " + option + ": "), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
    }

    @Test
    void defect6AFileThatCannotBeWrittenAfterTheRunStillPrintsTheResults() throws Exception {
        // the target is free when checked and taken (by "the user") while the run goes: the run's results are
        // printed, the user's file is kept, and the failure is one line without an exception's name
        Path dump = dir.resolve("dump.json");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> LoomScopeCli.execute(
                new String[] {"run", "--threads", "200", "--cpu-iterations", "0", "--sleep-ms", "10", "--probes", "none",
                        "--thread-dump", dump.toString()},
                new PrintWriter(out, true), new PrintWriter(err, true)));
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!out.toString().contains("Launching") && !exit.isDone() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        Files.writeString(dump, CliScratch.SENTINEL_TEXT);   // 200 pinned 10 ms sleeps on one carrier: 2 s to go
        assertEquals(1, exit.get().intValue(), err.toString());
        assertTrue(out.toString().contains("All 200 tasks completed."), out.toString());
        assertTrue(out.toString().contains("Total execution time: "), out.toString());
        assertFalse(out.toString().contains("Thread dump (HotSpot JSON)"), out.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
        assertTrue(err.toString().startsWith("loomscope: --thread-dump: could not write " + dump), err.toString());
        assertFalse(err.toString().contains("Exception"), err.toString());
        assertEquals(CliScratch.SENTINEL_TEXT, Files.readString(dump), "the user's file is kept");
    }

    // 9. values accepted on one path and refused on another

    @Test
    void defect9SnapshotRateIsRefusedWithJdkAsWithout() {
        String java = Path.of(System.getProperty("java.home")).toString();
        for (String rate : List.of("0", "NaN", "1000")) {
            for (String[] a : List.of(args("run", "--snapshot-rate", rate),
                    args("run", "--jdk", java, "--probes", "snapshots", "--snapshot-rate", rate))) {
                CliScratch.Result r = CliScratch.inProcess(a);
                assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), String.join(" ", a) + ": " + r.err() + r.out());
                assertTrue(r.err().startsWith("loomscope: --snapshot-rate must be more than 0 and at most 10"), r.err());
            }
        }
    }

    @Test
    void defect9PlatformThreadsAreBoundedAndTheMessageSaysWhy() {
        CliScratch.Result r = CliScratch.inProcess("run", "--thread-kind", "platform", "--threads", "10001",
                "--cpu-iterations", "0", "--sleep-ms", "0");
        assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), r.err());
        assertTrue(r.err().startsWith("loomscope: --threads must be 1..10,000 for platform threads"), r.err());
        assertEquals("", r.out());
        CliScratch.Result virtual = CliScratch.inProcess("run", "--threads", "10001", "--cpu-iterations", "0",
                "--sleep-ms", "0", "--probes", "none", "--json");
        assertEquals(0, virtual.exit(), "10,001 virtual threads are fine: " + virtual.err());
    }

    @Test
    void defect9ValuesFromARunsFileAreHeldToTheRulesOfARun() throws Exception {
        String[][] bad = {{"threads", "-5"}, {"threads", "0"}, {"wallMillis", "1e308"}, {"wallMillis", "-1"},
            {"lock", "\"warp-drive\""}, {"parallelism", "0"}, {"threadKind", "\"green\""}};
        for (String[] field : bad) {
            CliScratch scratch = CliScratch.in(Files.createTempDirectory(dir, field[0]));
            Path runs = Files.writeString(scratch.dir().resolve("runs.json"), BadInputSuiteTest.run(field[0], field[1]));
            Map<String, String> before = scratch.fingerprint();
            CliScratch.Result r = CliScratch.inProcess("export", "--from", runs.toString(),
                    "--out", scratch.dir().resolve("cards").toString());
            scratch.assertRefused(r, before, "\"" + field[0] + "\"", field[0] + " = " + field[1]);
            assertTrue(r.err().startsWith("loomscope: --from: "), r.err());
        }
        // the same file with good values is exported: the refusals above are about the values
        Path good = Files.writeString(dir.resolve("good.json"), BadInputSuiteTest.run(null, null));
        CliScratch.Result r = CliScratch.inProcess("export", "--from", good.toString(), "--out", dir.resolve("cards").toString());
        assertEquals(0, r.exit(), r.err());
    }

    // 10. bench and export refused late

    @Test
    void defect10BenchRefusesABadCellBeforeTheHeaderOrAnyCell() {
        CliScratch.Result r = CliScratch.inProcess(args("bench", "--repeats", "1", "--modes", "none", "--parallelism", "1,99"));
        assertEquals(LoomScopeCli.BAD_INPUT, r.exit(), r.err());
        assertEquals("", r.out(), "no header, no cell");
        assertTrue(r.err().startsWith("loomscope: --parallelism must be 1..64, was 99"), r.err());
    }

    @Test
    void defect10ExportReadsFromBeforeCreatingOut() throws Exception {
        CliScratch scratch = CliScratch.in(dir);
        Path runs = Files.writeString(dir.resolve("runs.json"), "{\"lock\":");
        Map<String, String> before = scratch.fingerprint();
        CliScratch.Result r = CliScratch.inProcess("export", "--from", runs.toString(), "--out", dir.resolve("new").toString());
        assertFalse(Files.exists(dir.resolve("new")), "no empty folder left");
        scratch.assertRefused(r, before, "--from", "--from TRUNCATED");
    }
}
