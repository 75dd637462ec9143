package loomscope.ui.run;

/** Where the window's own run is. */
public enum RunState {
    /** No run yet, or the last one failed to start. */
    IDLE,
    /** Handed to a background thread that builds and starts the run. */
    STARTING,
    RUNNING,
    /** A run ended (completed, cancelled or failed); its recording can be replayed. */
    FINISHED;

    public boolean isActive() { return this == STARTING || this == RUNNING; }
}
