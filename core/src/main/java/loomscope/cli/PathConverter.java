package loomscope.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every path option's text to a {@link Path}, refused in our words: picocli's own conversion printed
 * "java.nio.file.InvalidPathException: Malformed input or input contains unmappable characters" for a path
 * with an accent under {@code LANG=C}, where the JDK can name only ASCII files.
 */
final class PathConverter implements ITypeConverter<Path> {

    @Override
    public Path convert(String value) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new TypeConversionException(reason(value, e, System.getProperty("sun.jnu.encoding", "")));
        }
    }

    /** @param encoding the encoding file names are made in ({@code sun.jnu.encoding}: the locale's) */
    static String reason(String value, InvalidPathException e, String encoding) {
        if (value.indexOf('\0') >= 0) {
            return "the path holds a NUL character";
        }
        boolean utf8 = encoding.equalsIgnoreCase("UTF-8") || encoding.equalsIgnoreCase("UTF8");
        if (!utf8 && !StandardCharsets.US_ASCII.newEncoder().canEncode(value)) {
            return "the path cannot be represented in this system's encoding (" + encoding + ", locale " + locale()
                    + "): set a UTF-8 locale, e.g. LANG=C.UTF-8";
        }
        return "not a usable path (" + (e.getReason() == null ? "refused by the file system" : e.getReason()) + ")";
    }

    private static String locale() {
        for (String variable : new String[] {"LC_ALL", "LC_CTYPE", "LANG"}) {
            String v = System.getenv(variable);
            if (v != null && !v.isEmpty()) {
                return v;
            }
        }
        return "unset";
    }
}
