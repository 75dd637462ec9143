package loomscope.ui.attach;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import loomscope.attach.HostPort;

/** The Connect… form without a window: what Connect would try, and the token forgotten once used. */
class ConnectFormTest {
    @Test
    void anAddressThatIsNoHostAndPortIsRefusedInOneLine() {
        ConnectForm form = new ConnectForm();
        form.addressProperty().set("example.org");
        ConnectForm.Refusal refusal = assertInstanceOf(ConnectForm.Refusal.class, form.read());
        assertEquals("The address is HOST:PORT (127.0.0.1:7071), not example.org", refusal.line());
        form.addressProperty().set("");
        assertInstanceOf(ConnectForm.Refusal.class, form.read(), "an empty form tries nothing");
    }

    @Test
    void aWellFormedAddressIsAskedForWithTheTokenAndFingerprintAsTyped() {
        ConnectForm form = new ConnectForm();
        form.addressProperty().set(" 127.0.0.1:7071 ");
        form.tokenProperty().set("secret-secret-secret");
        form.fingerprintProperty().set("ab".repeat(32));
        ConnectForm.Request request = assertInstanceOf(ConnectForm.Request.class, form.read());
        assertEquals(HostPort.parse("127.0.0.1:7071", false), request.where());
        assertEquals("secret-secret-secret", request.token());
        assertEquals("ab".repeat(32), request.fingerprint());
        assertEquals("secret-secret-secret", form.tokenProperty().get(), "reading keeps it: a refusal is corrected, not retyped");
    }

    @Test
    void aConnectionMadeForgetsTheTokenAndClosesTheFormButKeepsWhereItWent() {
        ConnectForm form = new ConnectForm();
        form.shownProperty().set(true);
        form.addressProperty().set("127.0.0.1:7071");
        form.tokenProperty().set("secret-secret-secret");
        form.fingerprintProperty().set("cd".repeat(32));
        form.connected();
        assertEquals("", form.tokenProperty().get(), "a secret is not kept on screen, nor for the next connection");
        assertFalse(form.shownProperty().get());
        assertEquals("127.0.0.1:7071", form.addressProperty().get());
        assertEquals("cd".repeat(32), form.fingerprintProperty().get());
        form.shownProperty().set(true);
        assertTrue(form.shownProperty().get(), "opened again by its toggle");
    }
}
