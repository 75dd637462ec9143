package loomscope.ui.talktrack;

import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

import javafx.collections.ListChangeListener;
import loomscope.runs.RunTarget.ChildJvm;
import loomscope.runs.RunTarget.ThisJvm;
import loomscope.runs.RunTarget;
import loomscope.ui.run.RunOnCatalog;

/**
 * Turns a chapter's wish ({@link ChapterRunTarget}: this JVM, JDK 21, legacy locking) into a real "Run on" choice
 * from the window's catalog, and tells the navigator which wishes can be met whenever the catalog changes.
 */
public final class ChapterJvms {
    private final RunOnCatalog catalog;

    public ChapterJvms(RunOnCatalog catalog) {
        this.catalog = catalog;
    }

    /** Keeps {@code chapters} told what is reachable, now and after every discovery. */
    public void follow(ChapterNavigator chapters) {
        chapters.setReachable(reachable());
        catalog.targets().addListener((ListChangeListener<RunTarget>) change -> chapters.setReachable(reachable()));
    }

    /** The chapter targets the catalog can meet now. */
    public Set<ChapterRunTarget> reachable() {
        Set<ChapterRunTarget> reachable = EnumSet.of(ChapterRunTarget.THIS_JVM);
        for (ChapterRunTarget wish : ChapterRunTarget.values()) {
            if (wish != ChapterRunTarget.THIS_JVM && resolve(wish) != null) {
                reachable.add(wish);
            }
        }
        return reachable;
    }

    /** The choice meeting {@code wish}, or null when the machine has none. */
    public RunTarget resolve(ChapterRunTarget wish) {
        return switch (wish) {
            case THIS_JVM -> new ThisJvm();
            // a real JDK 21 as installed, without flags
            case JDK_21 -> catalog.firstChild(c -> c.jdk().feature() == 21 && c.jvmArgs().isEmpty());
            // legacy locking on this very JDK if offered, else on any JDK that still takes the flag
            case LEGACY_LOCKING -> {
                RunTarget own = catalog.firstChild(c -> !c.jvmArgs().isEmpty() && isThisJdk(c));
                yield own != null ? own : catalog.firstChild(c -> !c.jvmArgs().isEmpty());
            }
        };
    }

    private static boolean isThisJdk(ChildJvm c) {
        try {
            return c.jdk().home().toRealPath().equals(Path.of(System.getProperty("java.home")).toRealPath());
        } catch (IOException e) {
            return false;
        }
    }

    /** One line for the screen: which JVM the next run goes to (the projector needs no folder paths). */
    public static String describe(RunTarget target) {
        if (target instanceof ChildJvm c) {
            return "Runs on Java " + c.jdk().version() + (c.jvmArgs().isEmpty()
                    ? (c.jdk().pinsOnSynchronized() ? " (a real JDK " + c.jdk().feature() + ")" : "")
                    : " with " + String.join(" ", c.jvmArgs()) + ": legacy locking, synchronized pins like JDK 21");
        }
        return "Runs on this JVM (Java " + Runtime.version() + ")";
    }
}
