package loomscope.cli;

import loomscope.testing.Jdk21;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import loomscope.report.Unwritable;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input, table-driven, for {@code run}, {@code bench} and {@code export}: each must exit 2 with one line on
 * stderr naming the option or field, no stack trace, nothing printed, and nothing created, changed or deleted in
 * the scratch folder it points at (a sentinel file and folder sit beside every target). In-process through
 * picocli; runs that would start are tiny (10 threads, no CPU work, no sleep) so that a regression fails fast.
 */
class BadInputSuiteTest {

    @TempDir
    Path root;

    /** One bad input: {@code {dir}} in an argument is the scratch folder; {@code setUp} writes files into it first. */
    record Case(String names, List<String> args, SetUp setUp) {
        String label() {
            String shown = String.join(" ", args);
            return (shown.length() > 120 ? shown.substring(0, 120) + "…" : shown) + "  -> names " + names;
        }
    }

    interface SetUp {
        void into(Path dir) throws Exception;
    }

    private final List<Case> cases = new ArrayList<>();

    private void bad(String names, String... args) {
        cases.add(new Case(names, List.of(args), dir -> { }));
    }

    private void badWith(SetUp setUp, String names, String... args) {
        cases.add(new Case(names, List.of(args), setUp));
    }

    /** {@code export --from} a file holding {@code json}, into a folder that must not appear. */
    private void badFrom(String names, String json) {
        badWith(dir -> Files.writeString(dir.resolve("runs.json"), json), names,
                "export", "--from", "{dir}/runs.json", "--out", "{dir}/cards");
    }

    /** A valid run as `run --json` prints it, with one field replaced by {@code raw} (JSON), or removed if null. */
    static String run(String field, String raw) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("jdkVersion", "\"25.0.1+8-LTS\"");
        fields.put("lock", "\"synchronized\"");
        fields.put("parallelism", "1");
        fields.put("threads", "100");
        fields.put("scheduler", "\"pool\"");
        fields.put("threadKind", "\"virtual\"");
        fields.put("cpuIterations", "0");
        fields.put("sleepMillis", "5");
        fields.put("completed", "100");
        fields.put("cancelled", "false");
        fields.put("wallMillis", "520.5");
        fields.put("cpuMillisPerTask", "0.01");
        fields.put("sleepMillisMeasured", "5.1");
        fields.put("boundPinnedMillis", "501");
        fields.put("boundUnpinnedMillis", "6");
        fields.put("mounts", "200");
        fields.put("pinnedMounts", "100");
        fields.put("pinnedThreads", "100");
        fields.put("carriersUsed", "1");
        fields.put("carriersAddedByPool", "0");
        fields.put("maxLockHolders", "1");
        if (field != null) {
            if (raw == null) {
                fields.remove(field);
            } else {
                fields.put(field, raw);
            }
        }
        StringBuilder json = new StringBuilder("{");
        fields.forEach((k, v) -> json.append(json.length() > 1 ? "," : "").append('"').append(k).append("\":").append(v));
        return json.append('}').toString();
    }

    @TestFactory
    Stream<DynamicTest> everyBadInputIsRefusedCleanly() throws Exception {
        numbers();
        enumsAndOptions();
        outputPaths();
        bench();
        export();
        fromFiles();
        savedRuns();
        scenarios();
        issue24CliAndExport();
        matrix();
        System.out.println("bad-input suite (cli): " + cases.size() + " inputs");
        int[] n = {0};
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.label(), () -> check(c, root.resolve("case-" + n[0]++))));
    }

    private static void check(Case c, Path dir) throws Exception {
        Files.createDirectories(dir);
        CliScratch scratch = CliScratch.in(dir);
        c.setUp().into(dir);
        Map<String, String> before = scratch.fingerprint();
        String[] args = tiny(c.args().stream().map(a -> a.replace("{dir}", dir.toString())).toList(), dir);
        CliScratch.Result r = CliScratch.inProcess(args);
        scratch.assertRefused(r, before, c.names(), String.join(" ", c.args()));
    }

    /** The smallest workload, unless the case is about one of its options: a wrongly accepted run ends at once. */
    static String[] tiny(List<String> args, Path dir) {
        List<String> all = new ArrayList<>(args);
        if (args.isEmpty() || !List.of("run", "bench", "export").contains(args.get(0))) {
            return all.toArray(String[]::new);
        }
        if (args.contains("--task-file") || args.get(0).equals("export") && args.contains("--from") && !args.contains("--lock")) {
            // no workload options of ours: a task file refuses the seed's, and --from alone makes no run to shrink
            return all.toArray(String[]::new);
        }
        // another scenario than the seed refuses the seed's options: only --threads is its to shrink
        boolean seedOptions = !args.contains("--scenario") || args.contains("seed");
        String[][] defaults = seedOptions ? new String[][] {{"--threads", "10"}, {"--cpu-iterations", "0"}, {"--sleep-ms", "0"}}
                : new String[][] {{"--threads", "10"}};
        for (String[] option : defaults) {
            boolean given = args.stream().anyMatch(a -> a.equals(option[0]) || a.startsWith(option[0] + "="));
            if (!given) {
                all.addAll(1, Arrays.asList(option));
            }
        }
        if (args.get(0).equals("export") && args.stream().noneMatch(a -> a.startsWith("--out"))) {
            all.addAll(1, List.of("--out", dir.resolve("never-made").toString()));   // never ~/Pictures
        }
        if (args.get(0).equals("bench") && args.stream().noneMatch(a -> a.startsWith("--repeats"))) {
            all.addAll(1, List.of("--repeats", "1"));
        }
        return all.toArray(String[]::new);
    }

    private void numbers() {
        for (String command : List.of("run", "bench", "export")) {
            for (String v : List.of("0", "-1", "-2147483648", "2000001", "99999999999", "abc", "NaN", "1.5", "", "1e3")) {
                bad("--threads", command, "--threads", v);
            }
        }
        bad("--threads", "run", "--thread-kind", "platform", "--threads", "10001");
        bad("--threads", "run", "--thread-kind", "platform", "--threads", "2000000");
        bad("--threads", "bench", "--thread-kind", "platform", "--threads", "2000000");
        bad("--threads", "export", "--thread-kind", "platform", "--threads", "50000");
        for (String v : List.of("-1", "100000001", "abc", "NaN", "")) {
            bad("--cpu-iterations", "run", "--cpu-iterations", v);
        }
        for (String v : List.of("-1", "60001", "1e9", "abc", "")) {
            bad("--sleep-ms", "run", "--sleep-ms", v);
        }
        for (String v : List.of("0", "-1", "65", "1000000", "abc", "", "1,2")) {
            bad("--parallelism", "run", "--parallelism", v);
        }
        for (String v : List.of("0", "-1", "NaN", "Infinity", "-Infinity", "1000", "10.5", "abc", "")) {
            bad("--snapshot-rate", "run", "--snapshot-rate", v);
        }
        String java = Path.of(System.getProperty("java.home")).toString();
        for (String v : List.of("0", "NaN", "1000")) {
            bad("--snapshot-rate", "run", "--jdk", java, "--probes", "snapshots", "--snapshot-rate", v);
        }
        bad("--threads", "run", "--jdk", java, "--thread-kind", "platform", "--threads", "2000000");
        for (String v : List.of("0", "-1", "NaN", "Infinity", "3600.001", "abc", "")) {
            bad("--every", "run", "--every", v);
        }
        bad("--every", "run", "--jdk", java, "--every", "0");
    }

    private void enumsAndOptions() {
        bad("--lock", "run", "--lock", "foo");
        bad("--lock", "run", "--lock", "");
        bad("--lock", "run", "--lock", "synchronized,none");
        bad("--scheduler", "run", "--scheduler", "fjp");
        bad("--scheduler", "run", "--scheduler", "");
        bad("--thread-kind", "run", "--thread-kind", "green");
        bad("--thread-kind", "run", "--thread-kind", "");
        bad("--probes", "run", "--probes", "everything");
        bad("--probes", "run", "--probes", "");
        bad("--bogus", "run", "--bogus");
        bad("-x", "run", "-x");
        bad("extra", "run", "extra");
        bad("--threads", "run", "--threads");
        bad("--lock", "run", "--lock");
        bad("--save-jfr", "run", "--save-jfr");
        bad("--thread-dump", "run", "--thread-dump");
        bad("--jdk", "run", "--jdk");
        bad("--threads", "run", "--threads", "10", "--threads", "20");
        bad("--lock", "run", "--lock", "none", "--lock", "none");
        bad("--json", "run", "--json", "--json");
        bad("--save-jfr", "run", "--save-jfr", "{dir}/a.jfr", "--save-jfr", "{dir}/b.jfr");
        bad("--jdk", "run", "--jdk", "{dir}/no-such-jdk");
        bad("--jdk", "run", "--jdk", "{dir}/empty-dir");
        bad("--jdk", "run", "--jdk", "{dir}/sentinel.txt");
        bad("--save-jfr", "run", "--jdk", Path.of(System.getProperty("java.home")).toString(), "--save-jfr", "{dir}/x.jfr");
        bad("--thread-dump", "run", "--jvm-arg=-Xint", "--thread-dump", "{dir}/x.json");
        bad("nosuchcommand", "nosuchcommand");
    }

    private void scenarios() {
        bad("--scenario", "run", "--scenario", "nope");
        bad("--scenario", "run", "--scenario", "");
        bad("--scenario", "run", "--scenario");
        bad("--scenario", "run", "--scenario", "waves", "--scenario", "seed");
        bad("--param", "run", "--scenario", "object-wait", "--param", "wait-ms=0");
        bad("--param", "run", "--scenario", "object-wait", "--param", "wait-ms=abc");
        bad("--param", "run", "--scenario", "object-wait", "--param", "wait-ms");
        bad("--param", "run", "--scenario", "object-wait", "--param", "lock=none");
        bad("--param", "run", "--scenario", "waves", "--param", "sleep-ms=60001");
        bad("--param", "run", "--scenario", "seed", "--param", "lock=spin");
        bad("--param", "run", "--param", "lock=spin");
        bad("--param", "run", "--scenario", "seed", "--lock", "none", "--param", "lock=none");
        bad("--lock", "run", "--scenario", "object-wait", "--lock", "none");
        bad("--cpu-iterations", "run", "--scenario", "class-init", "--cpu-iterations", "5");
        bad("--sleep-ms", "run", "--scenario", "cart-service", "--sleep-ms", "5");
        bad("--threads", "run", "--scenario", "waves", "--threads", "0");
        bad("--parallelism", "run", "--scenario", "waves", "--parallelism", "65");
        bad("--threads", "run", "--scenario", "producer-consumer", "--threads", "1");
        java.nio.file.Path jdk21 = loomscope.testing.Jdk21.find();
        if (jdk21 != null) {
            bad("native-frame", "run", "--scenario", "native-frame", "--jdk", jdk21.toString());
        }
    }

    /**
     * Issue 24's CLI and export inputs (options given twice, options that would be ignored, the hidden task-file
     * scenario, task files on platform threads or the JDK's scheduler). Saved-run inputs are in their own block.
     */
    private void issue24CliAndExport() {
        bad("--size", "export", "--animate", "--size", "1280x720", "--size", "1920x1080", "--out", "{dir}/cards");
        bad("--size", "export", "--animate", "--size", "both", "--size", "both", "--out", "{dir}/cards");
        bad("--param", "run", "--scenario", "object-wait", "--param", "wait-ms=10", "--param", "wait-ms=20");
        bad("--param", "run", "--scenario", "object-wait", "--param", "wait-ms=10", "--param", "wait-ms=10");
        bad("--param", "bench", "--scenario", "object-wait", "--param", "wait-ms=10", "--param", "wait-ms=20");
        bad("--scenario", "run", "--scenario", "task-file", "--param", "class=Task", "--param", "classes={dir}/sentinel-dir");
        bad("--scenario", "run", "--scenario", " TASK-FILE ", "--param", "class=Task", "--param", "classes={dir}");
        bad("--scenario", "bench", "--scenario", "task-file", "--param", "class=Task", "--param", "classes={dir}");
        bad("--speed", "export", "--speed", "2", "--out", "{dir}/cards");
        bad("--fps", "export", "--fps", "10", "--out", "{dir}/cards");
        bad("--size", "export", "--size", "both", "--out", "{dir}/cards");
        for (String runOption : List.of("--threads", "--parallelism", "--cpu-iterations", "--sleep-ms")) {
            badWith(dir -> Files.writeString(dir.resolve("runs.json"), run(null, null)), runOption,
                    "export", "--from", "{dir}/runs.json", runOption, "1", "--out", "{dir}/cards");
        }
        badWith(dir -> Files.writeString(dir.resolve("runs.json"), run(null, null)), "--scheduler",
                "export", "--from", "{dir}/runs.json", "--scheduler", "default", "--out", "{dir}/cards");
        badWith(dir -> Files.writeString(dir.resolve("runs.json"), run(null, null)), "--thread-kind",
                "export", "--from", "{dir}/runs.json", "--thread-kind", "platform", "--out", "{dir}/cards");
        badWith(dir -> Files.writeString(dir.resolve("runs.json"), run(null, null)), "--threads",
                "export", "--animate", "--from", "{dir}/runs.json", "--threads", "10", "--out", "{dir}/cards");
        SetUp task = dir -> Files.writeString(dir.resolve("Task.java"), "public class Task { public void run(int i) { } }");
        badWith(task, "--thread-kind", "run", "--task-file", "{dir}/Task.java", "--thread-kind", "platform");
        badWith(task, "--scheduler", "run", "--task-file", "{dir}/Task.java", "--scheduler", "default");
        // names too long for the file system: refused before the run, not after it (27 s of work lost on JDK 21)
        bad("--save", "run", "--save", "{dir}/" + "a".repeat(249) + ".loomrun");
        bad("--save", "run", "--save", "{dir}/" + "é".repeat(130) + ".loomrun");
        bad("--save-jfr", "run", "--save-jfr", "{dir}/" + "j".repeat(300) + ".jfr");
        bad("--thread-dump", "run", "--thread-dump", "{dir}/" + "t".repeat(252) + ".json");
        // a path the JDK cannot make (a NUL here; an accent under LANG=C in PathEncodingTest): our words, not picocli's
        bad("--out", "export", "--out", "{dir}/a\u0000b");
        bad("--save", "run", "--save", "{dir}/a\u0000b.loomrun");
        bad("--from", "export", "--from", "{dir}/a\u0000b.json");
    }

    private void outputPaths() throws Exception {
        Path unwritable = Unwritable.folder(Files.createTempDirectory(root, "ro"));
        for (String option : List.of("--save-jfr", "--thread-dump")) {
            bad(option, "run", option, " ");
            bad(option, "run", option, "{dir}/empty-dir");
            bad(option, "run", option, "{dir}/sentinel-dir");
            bad(option, "run", option, "{dir}/sentinel.txt");
            bad(option, "run", option, "{dir}/no/such/folder/x.out");
            bad(option, "run", option, "{dir}/sentinel.txt/x.out");
            bad(option, "run", option, "/proc/x");
            bad(option, "run", option, "/proc/self/x");
            bad(option, "run", option, "/");
            bad(option, "run", option, unwritable.resolve("x.out").toString());
        }
        bad("--save-jfr", "run", "--probes", "snapshots", "--save-jfr", "{dir}/x.jfr");
        bad("--save-jfr", "run", "--probes", "none", "--save-jfr", "{dir}/x.jfr");
        bad("--thread-dump", "run", "--save-jfr", "{dir}/same", "--thread-dump", "{dir}/same");
    }

    private void bench() {
        for (String v : List.of("0", "-1", "101", "abc", "")) {
            bad("--repeats", "bench", "--repeats", v);
        }
        bad("--repeats", "bench", "--repeats", "1", "--repeats", "2");
        for (String v : List.of("0", "1,0", "1,65", "1,,2", "abc", "1,99")) {
            bad("--parallelism", "bench", "--parallelism", v);
        }
        bad("--modes", "bench", "--modes", "foo");
        bad("--modes", "bench", "--modes", "none,foo");
        bad("--modes", "bench", "--modes", "");
        bad("--sleep-ms", "bench", "--sleep-ms", "-5");
        bad("--bogus", "bench", "--bogus");
    }

    /** {@code bench --matrix}: every input checked before discovery or a child JVM. */
    private void matrix() {
        for (String v : List.of("0", "-1", "100001")) {
            bad("--threads", "bench", "--matrix", "--threads", v);
        }
        for (String v : List.of("0", "65", "1,2", "abc")) {
            bad("--parallelism", "bench", "--matrix", "--parallelism", v);
        }
        for (String v : List.of("foo", "seed,seed", "", "seed,,waves", "task-file")) {
            bad("--scenarios", "bench", "--matrix", "--scenarios", v);
        }
        bad("--jdk", "bench", "--matrix", "--jdk", "{dir}/sentinel-dir");
        bad("--jdk", "bench", "--matrix", "--jdk", "{dir}/no-such-jdk");
        bad("--jdk", "bench", "--matrix", "--jdk", "");
        bad("--out", "bench", "--matrix", "--out", "{dir}/sentinel.txt");
        bad("--out", "bench", "--matrix", "--out", "{dir}/sentinel.txt/deeper");
        bad("--out", "bench", "--matrix", "--out", " ");
        badWith(dir -> Files.writeString(dir.resolve("empty-dir").resolve("matrix.png"), "someone's picture"),
                "--out", "bench", "--matrix", "--out", "{dir}/empty-dir");
        bad("--modes", "bench", "--matrix", "--modes", "none");
        bad("--scenario", "bench", "--matrix", "--scenario", "waves");
        bad("--compare-schedulers", "bench", "--matrix", "--compare-schedulers");
        bad("--scenarios", "bench", "--scenarios", "seed");
        bad("--out", "bench", "--out", "{dir}/empty-dir");
        bad("--jdk", "bench", "--jdk", "{dir}");
    }

    private void export() {
        bad("--title", "export", "--title", "x".repeat(100_000), "--out", "{dir}/cards");
        bad("--title", "export", "--title", "x".repeat(201), "--out", "{dir}/cards");
        bad("--title", "export", "--title", "", "--out", "{dir}/cards");
        bad("--title", "export", "--title", "two\nlines", "--out", "{dir}/cards");
        bad("--title", "export", "--title", "a", "--title", "b", "--out", "{dir}/cards");
        bad("--out", "export", "--out", " ");
        bad("--out", "export", "--out", "{dir}/sentinel.txt");
        bad("--out", "export", "--out", "{dir}/sentinel.txt/cards");
        bad("--out", "export", "--out", "/proc/x");
        bad("--out", "export", "--out", "/proc/self/cards/deeper");
        bad("--lock", "export", "--lock", "foo", "--out", "{dir}/cards");
        bad("--lock", "export", "--lock", "none,foo", "--out", "{dir}/cards");
        bad("--parallelism", "export", "--parallelism", "0", "--out", "{dir}/cards");
        bad("--parallelism", "export", "--parallelism", "1,65", "--out", "{dir}/cards");
        bad("--from", "export", "--from", " ", "--out", "{dir}/cards");
        bad("--from", "export", "--from", "{dir}/no-such.json", "--out", "{dir}/cards");
        bad("--from", "export", "--from", "{dir}/sentinel-dir", "--out", "{dir}/cards");
        bad("--bogus", "export", "--bogus", "--out", "{dir}/cards");
    }

    /** {@code run --save} paths, and {@code export --from} files that begin like a saved run and are not one. */
    private void savedRuns() {
        bad("--save", "run", "--save");
        bad("--save", "run", "--save", "");
        bad("--save", "run", "--save", "{dir}/sentinel-dir");
        bad("--save", "run", "--save", "{dir}/sentinel.txt");
        bad("--save", "run", "--save", "{dir}/no/such/folder/x.loomrun");
        bad("--save", "run", "--save", "/proc/x.loomrun");
        bad("--save", "run", "--save", "{dir}/x.loomrun", "--thread-dump", "{dir}/x.loomrun");
        bad("--save", "run", "--jdk", Path.of(System.getProperty("java.home")).toString(), "--save", "{dir}/sentinel.txt");
        byte[] magic = "LOOMRUN\u001A".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[][] files = {
            magic,
            concat(magic, new byte[] {2}),
            concat(magic, new byte[] {1}),
            concat(magic, new byte[] {1, 5, 'h', 'e', 'l', 'l', 'o'}),
            concat(magic, new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF}),
            concat(magic, "x".repeat(100_000).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)),
        };
        bad("--animate", "export", "--animate=avi", "--out", "{dir}/cards");
        bad("--animate", "export", "--animate=", "--out", "{dir}/cards");
        for (String speed : new String[] {"0", "-1", "abc", "NaN", "1e9", ""}) {
            bad("--speed", "export", "--animate", "--speed", speed, "--out", "{dir}/cards");
        }
        for (String fps : new String[] {"0", "61", "-5", "x"}) {
            bad("--fps", "export", "--animate", "--fps", fps, "--out", "{dir}/cards");
        }
        bad("--size", "export", "--animate", "--size", "640x480", "--out", "{dir}/cards");
        badFrom("--from", run(null, null));   // run summaries only: nothing to animate
        cases.set(cases.size() - 1, new Case("--from", List.of("export", "--animate", "--from", "{dir}/runs.json", "--out",
                "{dir}/cards"), dir -> Files.writeString(dir.resolve("runs.json"), run(null, null))));
        for (byte[] content : files) {
            badWith(dir -> Files.write(dir.resolve("run.loomrun"), content), "--from",
                    "export", "--from", "{dir}/run.loomrun", "--out", "{dir}/cards");
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private void fromFiles() {
        badFrom("--from", "");
        badFrom("--from", "   \n");
        badFrom("--from", "{");
        badFrom("--from", run(null, null).substring(0, 60));
        badFrom("--from", "[]");
        badFrom("--from", "null");
        badFrom("--from", "42");
        badFrom("--from", "\"a string\"");
        badFrom("--from", "[1, 2]");
        badFrom("--from", "[".repeat(5_000) + "]".repeat(5_000));
        badFrom("--from", "not json at all");
        for (String required : List.of("jdkVersion", "lock", "parallelism", "threads", "wallMillis")) {
            badFrom("\"" + required + "\"", run(required, null));
        }
        String[][] values = {
            {"threads", "-5"}, {"threads", "0"}, {"threads", "1e308"}, {"threads", "\"abc\""}, {"threads", "true"},
            {"threads", "2000001"}, {"threads", "1.5"}, {"threads", "9".repeat(200)},
            {"parallelism", "0"}, {"parallelism", "65"}, {"parallelism", "-1"},
            {"cpuIterations", "-1"}, {"cpuIterations", "100000001"},
            {"sleepMillis", "-1"}, {"sleepMillis", "60001"},
            {"lock", "\"warp-drive\""}, {"lock", "7"}, {"scheduler", "\"fjp\""}, {"threadKind", "\"green\""},
            {"wallMillis", "-1"}, {"wallMillis", "0"}, {"wallMillis", "1e308"}, {"wallMillis", "1e999"},
            {"wallMillis", "\"NaN\""}, {"cpuMillisPerTask", "-3"}, {"boundPinnedMillis", "1e300"},
            {"completed", "101"}, {"completed", "-1"}, {"pinnedMounts", "-5"}, {"mounts", "1e20"},
            {"pinnedThreads", "1000"}, {"carriersUsed", "100000"}, {"maxLockHolders", "-1"},
            {"cancelled", "\"no\""}, {"jdkVersion", "\"banana\""}, {"jdkVersion", "\"17.0.2\""},
            {"jdkVersion", "\"25." + "0".repeat(100) + "\""}, {"jdkVersion", "5"},
            {"jvmFlags", "\"-Xint\""}, {"jvmFlags", "[1]"}, {"jvmFlags", "[\"" + "x".repeat(300) + "\"]"},
            {"jvmFlags", "[" + "\"-Xint\",".repeat(20) + "\"-Xint\"]"},
            {"finishedAt", "\"yesterday\""}, {"carriersLowered", "\"yes\""},
        };
        for (String[] v : values) {
            badFrom(v[0], run(v[0], v[1]));
        }
        // platform threads above the bound, as a run's parameters are checked
        badFrom("\"threads\"", run("threadKind", "\"platform\"").replace("\"threads\":100", "\"threads\":2000000")
                .replace("\"completed\":100", "\"completed\":2000000"));
        // the second of three runs is bad: nothing is exported
        badFrom("run 2", run(null, null) + "\n" + run("threads", "-1") + "\n" + run(null, null));
        badWith(dir -> {
            try (RandomAccessFile huge = new RandomAccessFile(dir.resolve("runs.json").toFile(), "rw")) {
                huge.setLength(ExportCommand.MAX_FROM_BYTES + 1);   // sparse: no disk, and never read
            }
        }, "--from", "export", "--from", "{dir}/runs.json", "--out", "{dir}/cards");
    }
}
