package loomscope.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;

/** The connection the target opens to LoomScope's loopback port: lines out, {@code stop} in. */
final class LoopbackEnd implements StreamEnd {
    private final Socket socket;
    private final OutputStream out;

    /**
     * Opens the connection to LoomScope's loopback port: before the agent joins the boot class path, so that a port
     * nobody listens on changes nothing in the target.
     */
    static Socket open(int port) throws IOException {
        Socket socket = new Socket(InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1}), port);
        socket.setTcpNoDelay(true);
        return socket;
    }

    LoopbackEnd(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
    }

    @Override public OutputStream out() { return out; }

    @Override public InputStream commands() throws IOException { return socket.getInputStream(); }

    @Override public void completed(long episodes, long notKept, long dropped) {
        // LoomScope has it all: the end line told it so
    }

    @Override public void failed(IOException e) {
        // LoomScope is gone: the stream's end without its end line tells it, if anyone is there
    }

    @Override public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing on the way out
        }
    }
}
