package loomscope.ui.app;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The window's start flags: {@code --presenter} (open in presentation mode), {@code --reset-settings}
 * (forget remembered settings), {@code --chapters FILE} (a talk track of one's own). Other arguments
 * belong to the window's own launch options ({@code --lock=...}, {@code --autorun}) and are left to it.
 *
 * @param problems what was wrong with our flags, in words; shown, never fatal
 */
public record StartFlags(boolean presenter, boolean resetSettings, Path chapters, List<String> problems) {

    public static StartFlags parse(List<String> args) {
        boolean presenter = false;
        boolean reset = false;
        Path chapters = null;
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--presenter" -> presenter = true;
                case "--reset-settings" -> reset = true;
                case "--chapters" -> {
                    if (i + 1 < args.size()) {
                        chapters = Path.of(args.get(++i));
                    } else {
                        problems.add("--chapters needs a file");
                    }
                }
                default -> {
                    if (arg.startsWith("--chapters=")) {
                        chapters = Path.of(arg.substring("--chapters=".length()));
                    } else if (arg.startsWith("--present") || arg.startsWith("--reset")) {
                        problems.add("unknown start flag " + arg + " (did you mean --presenter or --reset-settings?)");
                    }
                }
            }
        }
        return new StartFlags(presenter, reset, chapters, List.copyOf(problems));
    }
}
