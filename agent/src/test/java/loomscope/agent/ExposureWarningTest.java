package loomscope.agent;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;

import org.junit.jupiter.api.Test;

/** A listener the network reaches is said in one warning line with the safer way; the loopback is not (no bind here). */
class ExposureWarningTest {
    @Test
    void allAddressesOrAnInterfacesAreWarnedOfTheLoopbackIsNot() throws Exception {
        for (String exposed : new String[] {"0.0.0.0", "::", "192.0.2.7"}) {
            String line = Agent.exposureWarning(InetAddress.getByName(exposed), exposed + ":7071", 7071);
            assertTrue(line.startsWith("loomscope-agent: warning: listening on " + exposed + ":7071, which the network "
                    + "can reach") && line.contains("listen=127.0.0.1:7071 with a tunnel") && line.lines().count() == 1,
                    line);
        }
        for (String loopback : new String[] {"127.0.0.1", "::1", "127.0.0.2"}) {
            assertNull(Agent.exposureWarning(InetAddress.getByName(loopback), loopback + ":7071", 7071));
        }
    }
}
