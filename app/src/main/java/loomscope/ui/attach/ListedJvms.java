package loomscope.ui.attach;

import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import loomscope.attach.JvmEntry;
import loomscope.ui.job.BackgroundJob;

/**
 * The attach window's list of this user's JVMs (as {@code attach --list} lists them) and the one selected: listed
 * again on a job thread, taken up in the window's pulse. A selected JVM stays selected through a new listing while its
 * pid is still listed. No toolkit call: plain JUnit runs it.
 */
public final class ListedJvms {
    private final Supplier<List<JvmEntry>> lister;
    private final BackgroundJob<List<JvmEntry>> listing;
    private final ObservableList<JvmEntry> jvms = FXCollections.observableArrayList();
    private final ObjectProperty<JvmEntry> selected = new SimpleObjectProperty<>();
    private final ReadOnlyBooleanWrapper containersListed = new ReadOnlyBooleanWrapper(false);

    public ListedJvms(Executor jobs, Supplier<List<JvmEntry>> lister) {
        this.lister = lister;
        this.listing = new BackgroundJob<>(jobs);
    }

    /** Lists this user's JVMs again (in the background). */
    public void refresh() {
        listing.start(progress -> lister.get());
    }

    /** Called once per frame on the FX thread: takes up a listing that is through (one that failed changes nothing). */
    void pulse() {
        if (listing.pulse() instanceof BackgroundJob.Outcome.Done<List<JvmEntry>> listed) {
            listed(listed.value());
        }
    }

    private void listed(List<JvmEntry> listed) {
        JvmEntry was = selected.get();
        // the ones that can be attached to first (a machine runs many build tools' JVMs), each part by pid
        jvms.setAll(listed.stream().sorted(Comparator.comparing((JvmEntry j) -> !j.attachable())
                .thenComparingLong(JvmEntry::pid)).toList());
        containersListed.set(listed.stream().anyMatch(j -> j.place() != null));
        selected.set(was == null ? null : listed.stream().filter(j -> j.pid() == was.pid()).findFirst().orElse(null));
    }

    /** Whether a listing is still under way (a test waits for this to be false). */
    boolean busy() {
        return listing.isRunning();
    }

    /** The JVMs listed, the attachable first, each part by pid. */
    public ObservableList<JvmEntry> jvms() { return jvms; }

    /** The JVM Attach would attach; null when none is selected. */
    public ObjectProperty<JvmEntry> selectedProperty() { return selected; }

    /** Whether a JVM listed runs in a container: the list's container column is shown only then. */
    public ReadOnlyBooleanProperty containersListedProperty() { return containersListed.getReadOnlyProperty(); }
}
