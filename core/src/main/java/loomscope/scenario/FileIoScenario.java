package loomscope.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import loomscope.workload.CancelToken;
import loomscope.workload.RunObserver;
import loomscope.workload.ScenarioRun;
import loomscope.workload.UnsupportedModeException;
import loomscope.workload.WorkloadConfig;

/**
 * Each thread reads a real temporary file from start to end with blocking reads. A virtual thread cannot unmount
 * in a file read on any JDK; JDK 21 compensates for such reads by adding a carrier for the duration (measured: 4
 * added for 100 reads of 1 MiB at P=1, on carriers of the JDK's class); JDK 25 did not add one here.
 */
public record FileIoScenario() implements Scenario {

    static final String SIZE = "file-kb";
    static final String PASSES = "passes";
    private static final int CHUNK = 8_192;

    private static final List<ScenarioParam> PARAMS = List.of(
            new ScenarioParam.Int(SIZE, 1_024, 1, 1_048_576, "size of the temporary file, KiB"),
            new ScenarioParam.Int(PASSES, 1, 1, 1_000, "times each thread reads it through"));

    /** What the JDK does with a carrier held in it is the point: compensation, as on its own scheduler. */
    @Override public boolean onJdkCarriers() { return true; }

    @Override public String name() { return "file-io"; }

    @Override
    public String shows() {
        return "blocking reads of a real temporary file: the virtual thread stays mounted in read() on every JDK";
    }

    @Override
    public ScenarioSource source() {
        return new ScenarioSource("Baeldung (Saikat Chakraborty)",
                "Synchronize Virtual Thread Without Pinning: a native method may block for I/O and pin",
                "no timing published");
    }

    @Override public List<ScenarioParam> params() { return PARAMS; }

    @Override public int defaultThreads() { return 100; }

    @Override public int defaultParallelism() { return 1; }

    @Override
    public ScenarioRun prepare(WorkloadConfig config) {
        int kib = config.scenario().intValue(SIZE);
        int passes = config.scenario().intValue(PASSES);
        Path file;
        try {
            file = Files.createTempFile("loomscope-file-io-", ".bin");
            byte[] block = new byte[1_024];
            try (var out = Files.newOutputStream(file)) {
                for (int i = 0; i < kib; i++) {
                    ThreadLocalRandom.current().nextBytes(block);
                    out.write(block);
                }
            }
        } catch (IOException e) {
            throw new UnsupportedModeException("file-io cannot write its temporary file: " + e.getMessage(), e);
        }
        file.toFile().deleteOnExit();
        return new ScenarioRun() {
            @Override
            public boolean run(int vt, RunObserver observer, CancelToken cancel) throws IOException {
                byte[] buffer = new byte[CHUNK];
                for (int pass = 0; pass < passes && !cancel.isCancelled(); pass++) {
                    try (InputStream in = Files.newInputStream(file)) {
                        while (in.read(buffer) >= 0) {
                            // the bytes themselves do not matter: the blocking read does
                        }
                    }
                }
                return !cancel.isCancelled();
            }

            @Override
            public void close() {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // left for deleteOnExit
                }
            }
        };
    }
}
