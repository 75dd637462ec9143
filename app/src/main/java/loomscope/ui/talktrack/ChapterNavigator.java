package loomscope.ui.talktrack;

import java.util.Set;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * Where the talk is: the current chapter, moved by clicker keys. Moving applies the chapter's settings
 * (lock, P, N, sleep) through {@code apply}; it never starts a run: the speaker decides when (Space).
 */
public final class ChapterNavigator {
    private final TalkTrack track;
    private Set<ChapterRunTarget> reachable;
    private final Consumer<Chapter.ChapterSetup> apply;
    private final ReadOnlyIntegerWrapper index = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyObjectWrapper<Chapter.ChapterSetup> setup = new ReadOnlyObjectWrapper<>();

    public ChapterNavigator(TalkTrack track, Set<ChapterRunTarget> reachable, Consumer<Chapter.ChapterSetup> apply) {
        this.track = track;
        this.reachable = Set.copyOf(reachable);
        this.apply = apply;
    }

    /** Shows chapter {@code i} without touching the settings: where the talk was when the app closed. */
    public void restore(int i) {
        int clamped = track.clamp(i);
        setup.set(track.chapter(clamped).setupFor(reachable));
        index.set(clamped);
    }

    /** Goes to chapter {@code i} (clamped) and applies it, also when it is the current one (a reset). */
    public void go(int i) {
        restore(i);
        apply.accept(setup.get());
    }

    /**
     * The JVMs at hand changed (discovery ended): the current chapter is resolved again and, if that
     * changes it (stand-in → JDK 21), applied again, so the next run goes where the chapter says.
     */
    public void setReachable(Set<ChapterRunTarget> now) {
        reachable = Set.copyOf(now);
        int i = index.get();
        if (i < 0) {
            return;
        }
        Chapter.ChapterSetup resolved = track.chapter(i).setupFor(reachable);
        if (!resolved.equals(setup.get())) {
            setup.set(resolved);
            apply.accept(resolved);
        }
    }

    public Set<ChapterRunTarget> reachable() { return reachable; }

    public void next() {
        if (index.get() < track.size() - 1) {
            go(index.get() + 1);
        }
    }

    public void previous() {
        if (index.get() > 0) {
            go(index.get() - 1);
        }
    }

    public TalkTrack track() { return track; }

    /** 0-based; -1 before the first {@link #restore} or {@link #go}. */
    public ReadOnlyIntegerProperty indexProperty() { return index.getReadOnlyProperty(); }

    public int index() { return index.get(); }

    public ReadOnlyObjectProperty<Chapter.ChapterSetup> setupProperty() { return setup.getReadOnlyProperty(); }

    public Chapter current() { return setup.get() == null ? null : setup.get().chapter(); }

    /** The chapter after this one, or null on the last. */
    public Chapter upcoming() {
        int i = index.get() + 1;
        return i < track.size() ? track.chapter(i) : null;
    }

    /** "3 / 7  Pinned". */
    public String heading() {
        Chapter c = current();
        return c == null ? "" : c.number() + " / " + track.size() + "   " + c.title();
    }
}
