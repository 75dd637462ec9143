package loomscope.attach;

/**
 * Defined afresh for every /pin request of {@link HelidonTarget} (never referenced by name there): its static
 * initializer sleeps, and a virtual thread that sleeps inside a class initializer pins its carrier on JDK 21 and 25
 * alike (JEP 491 left class initialisers pinned).
 */
final class PinningInit {
    static final long PIN_MILLIS = 20;

    static {
        try {
            Thread.sleep(PIN_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private PinningInit() { }
}
