package loomscope.ui.lanes;

/** "VT 17" strings built once per thread number, so drawing a frame allocates no strings. */
final class NumberLabels {
    private final String prefix;
    private String[] cache = new String[0];

    NumberLabels(String prefix) {
        this.prefix = prefix;
    }

    String of(int n) {
        if (n < 0) {
            return prefix + n;
        }
        if (n >= cache.length) {
            String[] grown = new String[Math.max(n + 1, cache.length * 2)];
            System.arraycopy(cache, 0, grown, 0, cache.length);
            cache = grown;
        }
        String s = cache[n];
        if (s == null) {
            s = prefix + n;
            cache[n] = s;
        }
        return s;
    }
}
