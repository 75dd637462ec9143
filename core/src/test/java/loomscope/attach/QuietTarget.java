package loomscope.attach;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.TreeSet;

/**
 * An application with no virtual threads of its own that tells, on each line {@code threads} on its input, the names of
 * its live threads on one line; it ends when its input closes. Compiled for release 21 by the tests.
 */
public final class QuietTarget {
    private QuietTarget() { }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        System.out.println("READY");
        System.out.flush();
        String line;
        while ((line = in.readLine()) != null) {
            if (line.equals("threads")) {
                TreeSet<String> names = new TreeSet<>();
                Thread.getAllStackTraces().keySet().forEach(t -> names.add(t.getName()));
                System.out.println(String.join("|", names));
                System.out.flush();
            }
        }
    }
}
