package loomscope.ui.attach;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import loomscope.attach.HostPort;

/**
 * The attach window's Connect… form: whether it is shown, and what it holds of an agent listening on another host
 * ({@code listen=HOST:PORT}, reached through a tunnel whose near end is the address), as the agent printed it. The
 * token is a secret: once a connection was made with it, it is forgotten (not kept on screen, nor for the next one).
 * Whether Connect may be pressed is the sessions' business ({@link AttachViewModel#canConnectProperty()}).
 */
public final class ConnectForm {
    private final BooleanProperty shown = new SimpleBooleanProperty(false);
    private final StringProperty address = new SimpleStringProperty("");
    private final StringProperty token = new SimpleStringProperty("");
    private final StringProperty fingerprint = new SimpleStringProperty("");

    /** What the form asks for when Connect is pressed: a connection, or why none can be tried (one line). */
    sealed interface Reading permits Request, Refusal { }

    /** A connection to try: the agent's address as read, its token and certificate fingerprint as typed. */
    record Request(HostPort where, String token, String fingerprint) implements Reading { }

    /** Why nothing is tried: the address is no {@code HOST:PORT}. */
    record Refusal(String line) implements Reading { }

    /** Reads the form as Connect would: the address is checked here, the token and fingerprint by the agent. */
    Reading read() {
        try {
            return new Request(HostPort.parse(address.get(), false), token.get(), fingerprint.get());
        } catch (IllegalArgumentException e) {
            return new Refusal("The address " + e.getMessage());
        }
    }

    /** A connection was made with what the form holds: the token is forgotten and the form closes. */
    void connected() {
        token.set("");
        shown.set(false);
    }

    /** Whether the form is shown. */
    public BooleanProperty shownProperty() { return shown; }

    /** The listening agent's address as the form holds it: the near end of a tunnel, {@code HOST:PORT}. */
    public StringProperty addressProperty() { return address; }

    /** The agent's token as the form holds it; emptied once a connection was made with it. */
    public StringProperty tokenProperty() { return token; }

    /** The agent's certificate SHA-256 as the form holds it. */
    public StringProperty fingerprintProperty() { return fingerprint; }
}
