package loomscope.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import loomscope.recording.CarrierLog;
import loomscope.recording.RunRecording;
import loomscope.runs.RunTarget;
import loomscope.ui.job.JobThreads;
import loomscope.ui.mainwindow.MainViewModel;
import loomscope.ui.run.RunInputs;
import loomscope.ui.run.RunState;

/**
 * Issue 17's latency goal: from an edit of your code to the first mount recorded in the window, compile and child
 * JVM start included. Drives the window's own model (the FX side's pulse called here every millisecond), with an
 * edit before each run so nothing is reused. {@code mvn -B install -DskipTests}, then {@code mvn -B -pl app test-compile exec:exec@first-mount} (figures in
 * docs/performance.md).
 */
public final class YourCodeFirstMount {
    private static final String SOURCE = """
            public class SleepInLock {
                // edit %d
                public void run(int index) throws Exception {
                    Object lock = new Object();
                    synchronized (lock) { Thread.sleep(20); }
                }
            }
            """;

    private YourCodeFirstMount() { }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        MainViewModel model = new MainViewModel(JobThreads.runStarters());
        model.scenarioProperty().set(RunInputs.YOUR_CODE);
        model.threadsTextProperty().set("20");
        model.runOnProperty().set(new RunTarget.ThisJvm());
        List<Double> firstMount = new ArrayList<>();
        List<Double> compiled = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            model.yourCode().sourceProperty().set(SOURCE.formatted(i));
            long edit = System.nanoTime();
            model.run();
            long started = 0;
            while (true) {
                model.pulse(System.nanoTime());
                RunRecording r = model.recordingProperty().get();
                if (started == 0 && model.yourCode().runNoteProperty().get().startsWith("Compiled")) {
                    started = System.nanoTime();
                }
                if (model.state() == RunState.RUNNING && r != null && mounts(r) > 0) {
                    break;
                }
                if (model.state() == RunState.IDLE) {
                    throw new IllegalStateException("did not run: " + model.errorMessageProperty().get());
                }
                Thread.sleep(1);
            }
            double ms = (System.nanoTime() - edit) / 1e6;
            firstMount.add(ms);
            compiled.add(started == 0 ? Double.NaN : (started - edit) / 1e6);
            while (model.state() != RunState.FINISHED) {
                model.pulse(System.nanoTime());
                Thread.sleep(5);
            }
            System.out.printf(Locale.ROOT, "run %2d: edit -> compiled and child started %6.0f ms, -> first mount %6.0f ms%n",
                    i + 1, compiled.get(i), ms);
        }
        List<Double> warm = firstMount.subList(1, firstMount.size());
        System.out.printf(Locale.ROOT, "first run (cold compiler) %.0f ms; runs 2-%d: median %.0f ms, min %.0f, max %.0f%n",
                firstMount.get(0), runs, median(warm), warm.stream().mapToDouble(d -> d).min().orElse(0),
                warm.stream().mapToDouble(d -> d).max().orElse(0));
        System.exit(0);
    }

    private static long mounts(RunRecording r) {
        long n = 0;
        for (CarrierLog log : r.carriers()) {
            n += log.size() + (log.openVt() >= 0 ? 1 : 0);
        }
        return n;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() / 2);
    }
}
