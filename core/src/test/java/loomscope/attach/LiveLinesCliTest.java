package loomscope.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import loomscope.cli.LoomScopeCli;
import loomscope.testing.Jdk21;
import loomscope.testing.TestsSideBySide;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code attach PID --every 1} through the CLI's entry point, read line by line as the lines come: a target with a
 * pipe-reading route (captured) and a pinned route ({@link LiveRoutesTarget}) started together after the attach; each
 * route's class appears with its site within 2 s of its first requests, while the session still runs, never the
 * other's class; then the summary. On this JDK (the native-frame route) and on 21 (the {@code synchronized} one).
 * "Within 2 s" on the session's clock: the first line made 2 s or more after the first requests (its {@code t}) shows
 * both; how late the lines were written on this clock is printed (a loaded machine runs the printing thread late: at a
 * load average of 18 the first line of a cold JVM was written 2.6 s after its due time).
 */
@TestsSideBySide
class LiveLinesCliTest {
    /**
     * The attach is given S + 2 s of the command's S + 5 (a JDK 21 target at a load average of 20 took more than 10 s
     * to load the agent), and a slow attach shortens the recording.
     */
    private static final int SECONDS = 20;
    /** The word: a route's class and site on a line within this of its first requests. */
    private static final long WITHIN_NANOS = TimeUnit.SECONDS.toNanos(2);

    @TempDir
    Path dir;

    @Test
    void aBadPeriodIsOneLineAndExit2() {
        for (String bad : new String[] {"0", "-1", "3600.5", "NaN", "Infinity", "abc", ""}) {
            AttachCliTest.assertRefused(AttachCliTest.cli("attach", "1", "--every", bad), "--every");
            AttachCliTest.assertRefused(AttachCliTest.cli("run", "--every", bad), "--every");
        }
        AttachCliTest.assertRefused(AttachCliTest.cli("attach", "--list", "--every", "1"), "--every");
    }

    @Test
    void onThisJdkThePipeIsCapturedAndTheNativeFramePinnedWithinTwoSeconds() throws Exception {
        liveRoutes(Path.of(System.getProperty("java.home")), "nativeRoute", "--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void onJdk21ThePipeIsCapturedAndSynchronizedPinnedWithinTwoSeconds() throws Exception {
        Path jdk21 = Jdk21.find();
        Assumptions.assumeTrue(jdk21 != null, "no JDK 21 here (LOOMSCOPE_JDK21)");
        liveRoutes(jdk21, "syncRoute");
    }

    private void liveRoutes(Path javaHome, String pinnedRoute, String... flags) throws Exception {
        Path classes = TargetJvm.compile(Files.createDirectories(dir.resolve("classes")), "LiveRoutesTarget.java",
                "CausesTarget.java");
        List<String> command = new ArrayList<>(List.of(javaHome.resolve("bin/java").toString(), loomscope.testing.QuickJvm.C1_ONLY));
        command.addAll(List.of(flags));
        command.addAll(List.of("-Xmx256m", "-cp", classes + File.pathSeparator + TargetJvm.classPathWithoutAgent(),
                LiveRoutesTarget.class.getName()));
        Path targetErr = dir.resolve("target.err");
        Process target = new ProcessBuilder(command).redirectError(targetErr.toFile()).start();
        try {
            BufferedReader targetOut = new BufferedReader(new InputStreamReader(target.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("ready", targetOut.readLine(), () -> "the target's start: " + read(targetErr));
            awaitListed(target.pid());

            TimedLines out = new TimedLines();
            StringWriter err = new StringWriter();
            int[] exit = {-1};
            Thread cli = new Thread(() -> exit[0] = LoomScopeCli.execute(new String[] {"attach",
                    Long.toString(target.pid()), "--every", "1", "--seconds", Integer.toString(SECONDS)},
                    new PrintWriter(out, true), new PrintWriter(err, true)), "attach-every");
            cli.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (out.lines().stream().noneMatch(l -> l.text().startsWith("Attached to "))) {
                assertTrue(cli.isAlive() && System.nanoTime() < deadline, "no attach: " + out.lines() + err);
                Thread.sleep(10);
            }
            OutputStream go = target.getOutputStream();
            go.write("go\n".getBytes(StandardCharsets.US_ASCII));
            go.flush();
            assertEquals("started", targetOut.readLine());
            long firstRequests = System.nanoTime();
            cli.join(TimeUnit.SECONDS.toMillis(120));
            long ended = System.nanoTime();
            assertFalse(cli.isAlive(), "the attach ends");
            assertEquals(0, exit[0], err.toString());

            List<Line> lines = out.lines();
            int summary = summaryLine(lines);
            ObjectMapper mapper = new ObjectMapper();
            List<Line> live = new ArrayList<>();
            List<JsonNode> nodes = new ArrayList<>();
            long mountsBefore = 0;
            // the session's time 0 on this clock: a line is written at or after its t (the least lateness is the nearest)
            long hello = Long.MAX_VALUE;
            StringBuilder seen = new StringBuilder();
            for (int i = 0; i < lines.size(); i++) {
                Line line = lines.get(i);
                if (!line.text().startsWith("{")) {
                    continue;
                }
                assertTrue(i < summary, "a live line after the summary: " + line.text());
                JsonNode node = mapper.readTree(line.text());
                for (String key : new String[] {"t", "mounts", "pinned", "captured", "stalled", "unsure", "notYetClassed",
                        "notTallied", "sites"}) {
                    assertTrue(node.has(key), key + " in " + node);
                }
                assertTrue(node.get("mounts").asLong() >= mountsBefore, "mounts so far never fall: " + node);
                mountsBefore = node.get("mounts").asLong();
                assertEquals(0, node.get("notTallied").asLong(), "a window of 100,000 episodes holds them all: " + node);
                assertTrue(node.get("sites").size() <= 5, node.toString());
                seen.append(String.format(Locale.ROOT, "%n+%.3f s: %s", (line.at() - firstRequests) / 1e9, line.text()));
                live.add(line);
                nodes.add(node);
                hello = Math.min(hello, line.at() - (long) (node.get("t").asDouble() * 1e9));
            }
            lines.subList(summary, lines.size()).forEach(l -> seen.append(System.lineSeparator()).append(l.text()));
            System.out.println(javaHome + ":" + seen);
            // the session's seconds: S, or fewer where a slow attach took part of the command's S + 5 s (the summary says)
            double recorded = Math.min(SECONDS, (ended - hello) / 1e9);
            assertTrue(live.size() >= (int) (recorded / 2), "a line a second (fewer only where one took longer than its "
                    + "period) of " + recorded + " s: " + seen);
            double requestsAt = (firstRequests - hello) / 1e9;
            // each route's class at its site on the first line made 2 s or more after its first requests (on the session's
            // clock, its t: a printing thread that a loaded machine let run late shows the state when it ran)
            JsonNode due = null;
            for (JsonNode node : nodes) {
                if (node.get("t").asDouble() >= requestsAt + WITHIN_NANOS / 1e9) {
                    due = node;
                    break;
                }
            }
            assertTrue(due != null, "no line 2 s after the first requests: " + seen);
            assertTrue(hasSite(due, "pipeRoute", "captured"), String.format(Locale.ROOT,
                    "the pipe route captured, at its site, within 2 s of its first requests (t %.3f): %s", requestsAt, seen));
            assertTrue(hasSite(due, pinnedRoute, "pinned"), String.format(Locale.ROOT,
                    "%s pinned, at its site, within 2 s of its first requests (t %.3f): %s", pinnedRoute, requestsAt, seen));
            // The pipe route pins only where the JDK says so too: its first waitFor can wait for another thread's class
            // initialiser (CI saw one such pin at pipeRoute:84), a pin JFR reports. Then every pinned mount has its event.
            boolean everyPinTheJdks = jfrEventsCoverThePins(lines.subList(summary, lines.size()));
            for (int i = 0; i < nodes.size(); i++) {
                for (JsonNode site : nodes.get(i).get("sites")) {
                    String frame = site.get("frame").asText();
                    String kind = site.get("kind").asText();
                    // a route's own mount may be unsure (no witness could tell: on a loaded machine CI saw one pipe read
                    // held off its CPU without the kernel's word), never of another route's class
                    assertTrue(!frame.contains("pipeRoute") || kind.equals("captured") || kind.equals("unsure")
                                    || (kind.equals("pinned") && everyPinTheJdks),
                            "the pipe's read and its process start hold the carrier in a system call, never a pin "
                                    + "(but for one JFR reports too): " + seen);
                    assertTrue(!frame.contains(pinnedRoute) || kind.equals("pinned") || kind.equals("unsure"),
                            pinnedRoute + " is pinned, never captured or stalled: " + seen);
                }
            }
            System.out.printf(Locale.ROOT, "%s: requests at t %.3f; on this clock, the pipe's site written %.3f s after them, "
                    + "%s's %.3f s%n", javaHome, requestsAt, firstWith(live, nodes, "pipeRoute", "captured", firstRequests),
                    pinnedRoute, firstWith(live, nodes, pinnedRoute, "pinned", firstRequests));
        } finally {
            target.getOutputStream().close();   // its stdin: the target ends
            if (!target.waitFor(30, TimeUnit.SECONDS)) {
                target.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
    }

    /** Whether the summary's JFR pinned events are at least its pinned mounts (each of our pins may be the JDK's). */
    private static boolean jfrEventsCoverThePins(List<Line> summary) {
        long pinned = -1;
        long events = -1;
        for (Line l : summary) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^Pinned mounts: ([\\d,]+);").matcher(l.text());
            if (m.find()) {
                pinned = Long.parseLong(m.group(1).replace(",", ""));
            }
            m = java.util.regex.Pattern.compile("JFR \\(inside the target\\) ([\\d,]+) pinned events").matcher(l.text());
            if (m.find()) {
                events = Long.parseLong(m.group(1).replace(",", ""));
            }
        }
        return pinned >= 0 && events >= pinned;
    }

    private static boolean hasSite(JsonNode line, String route, String kind) {
        for (JsonNode site : line.get("sites")) {
            if (site.get("frame").asText().contains(route) && site.get("kind").asText().equals(kind)) {
                return true;
            }
        }
        return false;
    }

    /** Seconds from {@code since} to the first line written with the route's site, or NaN. */
    private static double firstWith(List<Line> live, List<JsonNode> nodes, String route, String kind, long since) {
        for (int i = 0; i < nodes.size(); i++) {
            if (hasSite(nodes.get(i), route, kind)) {
                return (live.get(i).at() - since) / 1e9;
            }
        }
        return Double.NaN;
    }

    /** Where the summary begins: "Attached 10.012 seconds: …". */
    private static int summaryLine(List<Line> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).text().matches("Attached [0-9.]+ seconds: .*")) {
                return i;
            }
        }
        throw new AssertionError("no summary line in " + lines);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static void awaitListed(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (JvmList.list().stream().noneMatch(j -> j.pid() == pid)) {
            assertTrue(System.nanoTime() < deadline, "pid " + pid + " never showed in the attach list");
            Thread.sleep(50);
        }
    }

    /** A line of the CLI's stdout and when it came (this JVM's nanoTime). */
    record Line(long at, String text) { }

    /** The CLI's stdout, cut into lines as they come, each with its time of arrival. */
    static final class TimedLines extends Writer {
        private final StringBuilder partial = new StringBuilder();
        private final List<Line> lines = new ArrayList<>();

        @Override
        public synchronized void write(char[] chars, int off, int len) {
            for (int i = off; i < off + len; i++) {
                if (chars[i] == '\n') {
                    lines.add(new Line(System.nanoTime(), partial.toString()));
                    partial.setLength(0);
                } else if (chars[i] != '\r') {
                    partial.append(chars[i]);
                }
            }
        }

        synchronized List<Line> lines() {
            return List.copyOf(lines);
        }

        @Override
        public void flush() { }

        @Override
        public void close() { }
    }
}
