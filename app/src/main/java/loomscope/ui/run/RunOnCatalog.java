package loomscope.ui.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.childjvm.JdkCheck;
import loomscope.childjvm.JdkDiscovery;
import loomscope.childjvm.JdkInspector;
import loomscope.childjvm.RunTarget;
import loomscope.childjvm.RunTargets;
import loomscope.childjvm.UserJdkPaths;

/**
 * The "Run on" choices both sides of the compare view offer: this JVM, every Java runtime found on the
 * machine, legacy-locking presets, and the folders the user added (remembered in ~/.loomscope/jdks.txt).
 * Discovery starts JVMs to probe them, so it runs on a virtual thread and lands with one runLater.
 */
public final class RunOnCatalog {

    private final JdkInspector inspector = new JdkInspector();
    private final UserJdkPaths userPaths;
    private final ObservableList<RunTarget> targets = FXCollections.observableArrayList(new RunTarget.ThisJvm());
    private final ReadOnlyBooleanWrapper discovering = new ReadOnlyBooleanWrapper(false);
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper skipped = new ReadOnlyStringWrapper("");

    public RunOnCatalog(Path userPathsFile) {
        this.userPaths = new UserJdkPaths(userPathsFile, inspector);
    }

    public RunOnCatalog() {
        this(UserJdkPaths.defaultFile());
    }

    /** Looks for runtimes in the background; {@code done} runs on the FX thread with the new list. */
    public void discover(Consumer<List<RunTarget>> done) {
        discovering.set(true);
        note.set("Looking for Java runtimes ...");
        Thread.ofVirtual().name("loomscope-jdk-discovery").start(() -> {
            JdkDiscovery.Found found = new JdkDiscovery(JdkDiscovery.Places.ofThisMachine(userPaths.paths()), inspector).discover();
            List<RunTarget> offered = RunTargets.offer(found);
            Platform.runLater(() -> {
                targets.setAll(offered);
                discovering.set(false);
                note.set(String.format("%d Java runtimes found%s.", found.usable().size(),
                        found.refused().isEmpty() ? "" : ", " + found.refused().size() + " skipped (hover for why)"));
                skipped.set(found.refused().stream().map(JdkCheck.Refused::reason)
                        .collect(java.util.stream.Collectors.joining("\n")));
                done.accept(offered);
            });
        });
    }

    /**
     * Checks and remembers a runtime folder the user picked; runs on a virtual thread (it may start
     * {@code java -version}) and reports on the FX thread: the new target, or null with the reason in {@link #noteProperty()}.
     */
    public void add(Path folder, Consumer<RunTarget> done) {
        Thread.ofVirtual().name("loomscope-jdk-add").start(() -> {
            JdkCheck check;
            String failure = null;
            try {
                check = userPaths.add(folder);
            } catch (IOException e) {
                check = inspector.inspect(folder, "added by you");
                failure = "Could not remember it: " + e.getMessage();
            }
            JdkCheck result = check;
            String writeFailure = failure;
            Platform.runLater(() -> {
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
        });
    }

    public ObservableList<RunTarget> targets() { return targets; }

    /** Why each skipped folder was skipped, one a line. */
    public ReadOnlyStringProperty skippedProperty() { return skipped.getReadOnlyProperty(); }

    public ReadOnlyBooleanProperty discoveringProperty() { return discovering.getReadOnlyProperty(); }

    /** What discovery or the last "add" said, one line. */
    public ReadOnlyStringProperty noteProperty() { return note.getReadOnlyProperty(); }

    /** The first target matching, or null: used to pick sensible defaults (JDK 21 left, this JVM right). */
    public RunTarget firstChild(java.util.function.Predicate<RunTarget.ChildJvm> test) {
        for (RunTarget t : targets) {
            if (t instanceof RunTarget.ChildJvm c && test.test(c)) {
                return t;
            }
        }
        return null;
    }
}
