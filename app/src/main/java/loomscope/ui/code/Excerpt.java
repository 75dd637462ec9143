package loomscope.ui.code;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One block of a workload source file, found by its first line: the first line containing {@code anchor}
 * (after the first line containing {@code after}, when given). A line ending in "{" opens a block that ends at
 * the next line of the same indentation starting with "}" (the codebase is formatted so); any other line is a
 * block of its own. The block is returned whole, only its common indentation removed: nothing is retyped.
 *
 * @param file   as {@link WorkloadSources#read} names it
 * @param after  a line to pass first (the method a case or lambda is in), or null
 * @param anchor text on the block's first line
 */
public record Excerpt(String file, String after, String anchor) {

    public static Excerpt of(String file, String anchor) {
        return new Excerpt(file, null, anchor);
    }

    public static Excerpt of(String file, String after, String anchor) {
        return new Excerpt(file, after, anchor);
    }

    /** The block's lines from this build's copy of the file, dedented. */
    public List<String> lines() {
        return cut(WorkloadSources.read(file));
    }

    /**
     * The block's lines in {@code source}, dedented.
     *
     * @throws IllegalStateException naming the file and the anchor when the source no longer has it
     */
    public List<String> cut(String source) {
        List<String> all = Arrays.asList(source.split("\r?\n", -1));
        int from = 0;
        if (after != null) {
            from = find(all, after, 0) + 1;
        }
        int start = find(all, anchor, from);
        String first = all.get(start);
        int end = start;
        if (first.stripTrailing().endsWith("{")) {
            int indent = indent(first);
            end = -1;
            for (int i = start + 1; i < all.size(); i++) {
                String line = all.get(i);
                if (!line.isBlank() && indent(line) == indent && line.strip().startsWith("}")) {
                    end = i;
                    break;
                }
            }
            if (end < 0) {
                throw new IllegalStateException(file + ": the block at \"" + anchor + "\" never closes");
            }
        }
        return dedent(all.subList(start, end + 1));
    }

    private int find(List<String> lines, String text, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new IllegalStateException(file + " has no line with \"" + text + "\"" + (from > 0 ? " after \"" + after + "\"" : "")
                + ": the code pane's excerpt (loomscope.ui.code.ScenarioCode) must follow the source");
    }

    static int indent(String line) {
        int n = 0;
        while (n < line.length() && line.charAt(n) == ' ') {
            n++;
        }
        return n;
    }

    private static List<String> dedent(List<String> block) {
        int common = block.stream().filter(l -> !l.isBlank()).mapToInt(Excerpt::indent).min().orElse(0);
        List<String> out = new ArrayList<>(block.size());
        for (String line : block) {
            out.add(line.isBlank() ? "" : line.substring(common));
        }
        return List.copyOf(out);
    }
}
