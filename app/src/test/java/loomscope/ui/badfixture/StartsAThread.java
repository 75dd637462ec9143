package loomscope.ui.badfixture;

/** Bad on purpose: a window class that starts a thread of its own instead of handing work to a background job. */
public final class StartsAThread {
    private StartsAThread() { }

    public static Thread inTheBackground(Runnable work) { return Thread.ofVirtual().start(work); }
}
