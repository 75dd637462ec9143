package loomscope.badfixture.cycleb;

import loomscope.badfixture.cyclea.CycleA;

/** Bad on purpose: this package and cyclea depend on each other. */
public final class CycleB {
    private CycleB() { }

    public static int depth() { return 0; }

    public static Class<?> back() { return CycleA.class; }
}
