package loomscope.attach;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * How a target JVM of these tests takes its turns: it prints {@code READY}, runs one round for each {@code go} line on
 * stdin, and ends with stdin. The test attaches between rounds, so that each round runs in one known state.
 */
final class GoRounds {
    interface Round {
        void run() throws Exception;
    }

    private GoRounds() { }

    static void serve(Round round) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("READY");
        System.out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("go")) {
                round.run();
                System.out.flush();
            }
        }
    }
}
