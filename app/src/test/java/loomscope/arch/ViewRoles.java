package loomscope.arch;

import java.util.Optional;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;

/**
 * What a view and a view model are, by the job they do rather than by their names (#48), for the rules that keep
 * the two apart. The rules import only LoomScope's classes (archunit.properties), so JavaFX's own classes are known by
 * name alone: a role is read from a class's nearest foreign superclass and from the types its methods hand out.
 */
final class ViewRoles {
    private ViewRoles() { }

    /** A node of the scene graph, a window or the application: its nearest non-LoomScope superclass is JavaFX's. */
    static final DescribedPredicate<JavaClass> VIEW = DescribedPredicate.describe(
            "views (nodes, windows, the application)", ViewRoles::isView);

    /**
     * A view model: state kept for a view to bind to. A class of the window (not an interface, enum or record) that
     * is no view itself, hands out JavaFX observable state from its instance methods (properties, observable values
     * or collections) and is handed no node or stage to work on: {@code RunInputs}, {@code YourCode},
     * {@code RunLifecycle} and every {@code ...ViewModel}. A class given the stage or a node (presentation mode's
     * arranging of the window) works on the view, not for it.
     */
    static final DescribedPredicate<JavaClass> VIEW_MODEL = DescribedPredicate.describe(
            "view models (state a view binds to: observable properties handed out, no node or stage taken)",
            ViewRoles::isViewModel);

    static boolean isView(JavaClass c) {
        if (c.getSimpleName().endsWith("View")) {
            return true;   // a view by its name too: the rule's reach is never less than it was
        }
        Optional<JavaClass> foreign = nearestForeignSuperclass(c);
        return foreign.isPresent() && (isSceneOrStage(foreign.get()) || foreign.get().getName().equals("javafx.application.Application"));
    }

    static boolean isViewModel(JavaClass c) {
        if (!c.getPackageName().startsWith("loomscope.ui") || c.isInterface() || c.isEnum() || c.isRecord()
                || c.isAnonymousClass() || isView(c)) {
            return false;
        }
        boolean handsOutState = false;
        for (JavaMethod m : c.getMethods()) {
            if (m.getModifiers().contains(JavaModifier.PUBLIC) && !m.getModifiers().contains(JavaModifier.STATIC)
                    && m.getRawReturnType().getPackageName().matches("javafx\\.(beans|collections)(\\..*)?")) {
                handsOutState = true;
            }
        }
        if (!handsOutState) {
            return false;
        }
        for (JavaCodeUnit constructor : c.getConstructors()) {
            if (constructor.getRawParameterTypes().stream().anyMatch(ViewRoles::isSceneOrStage)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code c}'s package holds a view: a feature's package, not one of the window's shared state. */
    static boolean featureHasAView(JavaClass c) {
        return c.getPackage().getClasses().stream().anyMatch(ViewRoles::isView);
    }

    private static boolean isSceneOrStage(JavaClass c) {
        return c.getPackageName().matches("javafx\\.(scene|stage)(\\..*)?") || isView(c);
    }

    private static Optional<JavaClass> nearestForeignSuperclass(JavaClass c) {
        Optional<JavaClass> k = c.getRawSuperclass();
        while (k.isPresent() && k.get().getPackageName().startsWith("loomscope")) {
            k = k.get().getRawSuperclass();
        }
        return k.filter(s -> !s.getName().equals("java.lang.Object") && !s.getName().equals("java.lang.Record")
                && !s.getName().equals("java.lang.Enum"));
    }
}
