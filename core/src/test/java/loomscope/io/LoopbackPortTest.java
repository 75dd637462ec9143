package loomscope.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The port takes the first connection that sends the token, drops the others, and then takes no more. */
class LoopbackPortTest {

    @Test
    void dropsAConnectionWithoutTheTokenAndTakesTheOneWithIt() throws IOException {
        try (LoopbackPort port = LoopbackPort.listen();
                Socket stranger = send(port.port(), "0".repeat(port.token().length()) + "\n");
                Socket ours = send(port.port(), port.token() + "\nhello")) {
            try (Socket taken = port.accept(10_000)) {
                assertNotNull(taken);
                assertEquals('h', taken.getInputStream().read(), "the token is read, the stream starts after it");
            }
            assertEquals(-1, stranger.getInputStream().read(), "the stranger was dropped");
            assertTrue(port.isClosed(), "one process, one connection");
        }
    }

    @Test
    void nullWhenNothingCameInTime() throws IOException {
        try (LoopbackPort port = LoopbackPort.listen()) {
            assertNull(port.accept(50));
            assertFalse(port.isClosed());
        }
    }

    @Test
    void aClosedPortThrows() throws IOException {
        LoopbackPort port = LoopbackPort.listen();
        port.close();
        assertThrows(IOException.class, () -> port.accept(1_000));
    }

    @Test
    void aCloseFromAnotherThreadEndsAWait() throws Exception {
        LoopbackPort port = LoopbackPort.listen();
        Thread closer = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            port.close();
        });
        long start = System.nanoTime();
        assertThrows(java.net.SocketException.class, () -> port.accept(600_000),
                "a wait ends with the port (Ctrl+C while waiting), as attach --wait expects");
        assertTrue(System.nanoTime() - start < java.util.concurrent.TimeUnit.MINUTES.toNanos(1));
        closer.join();
    }

    private static Socket send(int port, String first) throws IOException {
        Socket s = new Socket(LoopbackToken.loopback(), port);
        OutputStream out = s.getOutputStream();
        out.write(first.getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return s;
    }
}
