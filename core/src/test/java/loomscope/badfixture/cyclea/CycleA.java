package loomscope.badfixture.cyclea;

import loomscope.badfixture.cycleb.CycleB;

/** Bad on purpose: this package and cycleb depend on each other. */
public final class CycleA {
    private CycleA() { }

    public static int depth() { return CycleB.depth() + 1; }
}
