package loomscope.scenario;

/**
 * The class the class-init scenario initialises: never referenced by name, so the application's loader never
 * loads it; each run defines it afresh in its own {@link FreshClassLoader}, whose static initializer then blocks.
 */
final class ClassInitTarget {
    static {
        ClassInitGate.initialising(ClassInitTarget.class);
    }

    private ClassInitTarget() { }
}
