package loomscope.attach;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * {@link HelidonTarget} in a JVM of its own, on a given Java runtime, and plain HTTP/1.1 requests to it, one connection
 * each ({@code Connection: close}), so that each request is served by a virtual thread of its own.
 */
final class TargetJvm implements AutoCloseable {
    private static final long START_MILLIS = 120_000;

    private final Process process;
    private final int port;
    final Path stderr;

    private TargetJvm(Process process, int port, Path stderr) {
        this.process = process;
        this.port = port;
        this.stderr = stderr;
    }

    /**
     * The target's two classes compiled for release 21 into {@code folder} (the test classes are release 25), from
     * their sources in this module.
     */
    static Path compile(Path folder) throws IOException {
        return compile(folder, "HelidonTarget.java", "PinningInit.java");
    }

    /** A source file of this package, as the module's tests run (from core/). */
    static Path source(String file) {
        return Path.of("src/test/java/loomscope/attach").resolve(file);
    }

    /** Sources of this package (file names), compiled for release 21 into {@code folder}. */
    static Path compile(Path folder, String... sourceFiles) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path sources = Path.of("src/test/java/loomscope/attach");
        List<String> args = new ArrayList<>(List.of("--release", "21", "-proc:none", "-d", folder.toString(),
                "-cp", System.getProperty("java.class.path")));
        for (String file : sourceFiles) {
            args.add(sources.resolve(file).toString());
        }
        int rc = javac.run(null, null, null, args.toArray(String[]::new));
        if (rc != 0) {
            throw new IllegalStateException("could not compile the target (javac exit " + rc + ")");
        }
        return folder;
    }

    static TargetJvm start(Path javaHome, Path classes, Path scratch, String... jvmFlags) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin/java").toString());
        command.add(loomscope.testing.QuickJvm.C1_ONLY);
        command.addAll(List.of(jvmFlags));
        command.addAll(List.of("-Xmx256m", "-cp", classes + File.pathSeparator + classPathWithoutAgent(),
                HelidonTarget.class.getName()));
        Path err = Files.createTempFile(scratch, "target", ".err");
        Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        long deadline = System.currentTimeMillis() + START_MILLIS;
        String line;
        while ((line = out.readLine()) != null && System.currentTimeMillis() < deadline) {
            if (line.startsWith("PORT ")) {
                Thread drain = new Thread(() -> {
                    try {
                        while (out.readLine() != null) {
                            // the target's later output: not needed
                        }
                    } catch (IOException e) {
                        // it ended
                    }
                }, "target-stdout");
                drain.setDaemon(true);
                drain.start();
                return new TargetJvm(p, Integer.parseInt(line.substring(5).strip()), err);
            }
        }
        p.destroyForcibly();
        throw new IllegalStateException("the target did not start: " + Files.readString(err));
    }

    /** This JVM's class path less the agent's classes (ours to compile against, never the target's to load). */
    static String classPathWithoutAgent() {
        return java.util.Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                // the reactor's agent/target/classes, or the agent's jar from the local repository (a build of core
                // alone, `-pl core`): either on the target's class path loads the agent's classes unshaded beside its jar
                .filter(entry -> !Path.of(entry).normalize().toString().contains("agent" + File.separator + "target")
                        && !Path.of(entry).getFileName().toString().startsWith("loomscope-agent"))
                .collect(java.util.stream.Collectors.joining(File.pathSeparator));
    }

    long pid() { return process.pid(); }

    boolean isAlive() { return process.isAlive(); }

    /** GET {@code path}; the body of a 200 answer, else an exception. */
    String get(String path) throws IOException {
        try (Socket s = new Socket(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port)) {
            s.setSoTimeout(60_000);
            OutputStream o = s.getOutputStream();
            o.write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            o.flush();
            // read by Content-Length: the server may keep its end open after the answer despite "Connection: close"
            java.io.DataInputStream in = new java.io.DataInputStream(new java.io.BufferedInputStream(s.getInputStream()));
            String status = headerLine(in);
            int length = -1;
            for (String h = headerLine(in); !h.isEmpty(); h = headerLine(in)) {
                if (h.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(h.substring(h.indexOf(':') + 1).strip());
                }
            }
            if (!status.startsWith("HTTP/1.1 200") || length < 0) {
                throw new IOException("GET " + path + ": " + status);
            }
            byte[] body = new byte[length];
            in.readFully(body);
            return new String(body, StandardCharsets.UTF_8).strip();
        }
    }

    private static String headerLine(java.io.InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }

    @Override
    public void close() throws java.io.IOException, InterruptedException {
        try {
            process.getOutputStream().close();   // its stdin: the target stops its server and exits
        } catch (IOException e) {
            // already gone
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }
}
