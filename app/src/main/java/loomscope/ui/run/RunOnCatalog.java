package loomscope.ui.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.jdks.JdkCheck;
import loomscope.jdks.JdkDiscovery;
import loomscope.jdks.JdkInspector;
import loomscope.runs.RunTarget;
import loomscope.runs.RunTargets;
import loomscope.jdks.UserJdkPaths;
import loomscope.ui.job.BackgroundJob;

/**
 * The "Run on" choices both sides of the compare view offer: this JVM, every Java runtime found on the
 * machine, legacy-locking presets, and the folders the user added (remembered in ~/.loomscope/jdks.txt).
 * Discovery starts JVMs to probe them, so it is a {@link BackgroundJob} whose outcome lands once on the FX thread.
 */
public final class RunOnCatalog {

    private final JdkInspector inspector = new JdkInspector();
    private final UserJdkPaths userPaths;
    private final Executor jobs;
    private final ObservableList<RunTarget> targets = FXCollections.observableArrayList(new RunTarget.ThisJvm());
    private final ReadOnlyBooleanWrapper discovering = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper skipped = new ReadOnlyStringWrapper("");

    /** @param jobs where a runtime the user adds is checked (it may start {@code java -version}) */
    public RunOnCatalog(Path userPathsFile, Executor jobs) {
        this.userPaths = new UserJdkPaths(userPathsFile, inspector);
        this.jobs = jobs;
    }

    /** The user's own list of runtimes, where other windows look too. */
    public RunOnCatalog(Executor jobs) {
        this(UserJdkPaths.defaultFile(), jobs);
    }

    /** The runtimes the user added ("Add JDK…"): other windows look for JVMs where this list does. Reads a file. */
    public List<Path> userAddedPaths() {
        return userPaths.paths();
    }

    /** Looks for runtimes in the background; {@code done} runs on the FX thread with the new list. */
    public void discover(Consumer<List<RunTarget>> done) {
        discovering.set(true);
        note.set("Looking for Java runtimes ...");
        new BackgroundJob<JdkDiscovery.Found>(jobs).start(
                progress -> new JdkDiscovery(JdkDiscovery.Places.ofThisMachine(userPaths.paths()), inspector).discover(),
                outcome -> {
                    if (!(outcome instanceof BackgroundJob.Outcome.Done<JdkDiscovery.Found> discovered)) {
                        note.set("Could not look for Java runtimes: "
                                + ((BackgroundJob.Outcome.Failed<JdkDiscovery.Found>) outcome).error());
                        discovering.set(false);
                        done.accept(List.copyOf(targets));
                        return;
                    }
                    JdkDiscovery.Found found = discovered.value();
                    List<RunTarget> offered = RunTargets.offer(found);
                    targets.setAll(offered);
                    note.set(String.format("%d Java runtimes found%s.", found.usable().size(),
                            found.refused().isEmpty() ? "" : ", " + found.refused().size() + " skipped (hover for why)"));
                    skipped.set(found.refused().stream().map(JdkCheck.Refused::reason)
                            .collect(Collectors.joining("\n")));
                    discovering.set(false);   // after the list: a listener of this flag sees what was found
                    done.accept(offered);
                });
    }

    /**
     * Checks and remembers a runtime folder the user picked; runs on a job thread (it may start
     * {@code java -version}) and reports on the FX thread: the new target, or null with the reason in {@link #noteProperty()}.
     */
    public void add(Path folder, Consumer<RunTarget> done) {
        new BackgroundJob<Added>(jobs).start(progress -> {
            try {
                return new Added(userPaths.add(folder), null);
            } catch (IOException e) {
                return new Added(inspector.inspect(folder, "added by you"), "Could not remember it: " + e.getMessage());
            }
        }, outcome -> {
            JdkCheck result = outcome instanceof BackgroundJob.Outcome.Done<Added> added ? added.value().check()
                    : new JdkCheck.Refused(folder, "could not check it: " + ((BackgroundJob.Outcome.Failed<Added>) outcome).error());
            String writeFailure = outcome instanceof BackgroundJob.Outcome.Done<Added> added ? added.value().failure() : null;
            if (result instanceof JdkCheck.Accepted a) {
                RunTarget target = RunTarget.ChildJvm.of(a.jdk());
                if (!targets.contains(target)) {
                    targets.add(target);
                }
                note.set(writeFailure != null ? writeFailure : "Added " + a.jdk().label());
                done.accept(target);
            } else {
                note.set("Not added: " + ((JdkCheck.Refused) result).reason());
                done.accept(null);
            }
        });
    }

    /** A folder checked, and why it could not be remembered (null: it was). */
    private record Added(JdkCheck check, String failure) { }

    public ObservableList<RunTarget> targets() { return targets; }

    /** Why each skipped folder was skipped, one a line. */
    public ReadOnlyStringProperty skippedProperty() { return skipped.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty discoveringProperty() { return discovering.getReadOnlyProperty(); }

    /** What discovery or the last "add" said, one line. */
    public ReadOnlyStringProperty noteProperty() { return note.getReadOnlyProperty(); }

    /** The first target matching, or null: used to pick sensible defaults (JDK 21 left, this JVM right). */
    public RunTarget firstChild(Predicate<RunTarget.ChildJvm> test) {
        for (RunTarget t : targets) {
            if (t instanceof RunTarget.ChildJvm c && test.test(c)) {
                return t;
            }
        }
        return null;
    }
}
