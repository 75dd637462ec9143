package loomscope.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The gate every transport shares, on a Unix-domain socket (the loopback port's own test is {@code LoopbackPortTest}). */
class TokenGateTest {
    @TempDir Path dir;

    @Test
    void onAUnixSocketTheConnectionWithTheTokenIsTakenAndAStrangerDropped() throws IOException {
        Path file = dir.resolve("gate.sock");
        String token = LoopbackToken.fresh();
        try (TokenGate gate = new TokenGate(unixServer(file), token);
                SocketChannel stranger = send(file, "0".repeat(token.length()) + "\n");
                SocketChannel ours = send(file, token + "\nhello")) {
            try (SocketChannel taken = gate.accept(10_000)) {
                assertNotNull(taken);
                ByteBuffer first = ByteBuffer.allocate(1);
                assertEquals(1, taken.read(first), "blocking: the stream starts after the token");
                assertEquals('h', first.get(0));
            }
            assertEquals(-1, stranger.read(ByteBuffer.allocate(1)), "the stranger was dropped");
            assertTrue(gate.isClosed(), "one process, one connection");
        }
    }

    @Test
    void nullWhenNothingCameInTime() throws IOException {
        try (TokenGate gate = new TokenGate(unixServer(dir.resolve("quiet.sock")), LoopbackToken.fresh())) {
            assertNull(gate.accept(50));
        }
    }

    @Test
    void aCloseFromAnotherThreadEndsAWaitAtOnce() throws Exception {
        TokenGate gate = new TokenGate(unixServer(dir.resolve("stopped.sock")), LoopbackToken.fresh());
        CompletableFuture<Object> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return gate.accept(TimeUnit.MINUTES.toMillis(10));
            } catch (IOException e) {
                return e;
            }
        });
        // the wait is under way or about to be: either way it ends with the close, long before its ten minutes
        Thread.sleep(200);
        gate.close();
        Object outcome = waitFor(waiting);
        assertTrue(outcome instanceof SocketException, "a closed gate throws as a closed ServerSocket did: " + outcome);
        assertThrows(SocketException.class, () -> gate.accept(1_000));
    }

    private static Object waitFor(CompletableFuture<Object> waiting) throws InterruptedException, ExecutionException {
        try {
            return waiting.get(60, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new AssertionError("the wait did not end when the gate closed");
        }
    }

    private static ServerSocketChannel unixServer(Path file) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(file), 1);
        return server;
    }

    private static SocketChannel send(Path file, String first) throws IOException {
        SocketChannel s = SocketChannel.open(UnixDomainSocketAddress.of(file));
        s.write(ByteBuffer.wrap(first.getBytes(StandardCharsets.US_ASCII)));
        return s;
    }
}
