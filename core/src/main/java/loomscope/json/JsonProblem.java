package loomscope.json;

import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;

/**
 * Why {@link StrictJson} refused a value, for a one-line message: the bad field's path as Jackson tracked it
 * ({@code host.cores}, {@code jvmFlags[2]}) and what is wrong with it, with the value as the file has it.
 *
 * @param kind   what went wrong
 * @param path   the field, dotted, with list indexes; empty for the value as a whole
 * @param type   the type the field binds to (a {@link Kind#BAD_VALUE}), else null
 * @param value  the value as the file has it, clipped to one short line (a {@link Kind#BAD_VALUE}), else null
 * @param detail what is wrong, e.g. {@code must be a whole number, was "abc"}; for an unknown field, the fields
 *               allowed where it is ({@code allowed: a, b}); empty when missing
 */
public record JsonProblem(Kind kind, String path, Class<?> type, String value, String detail) {

    public enum Kind { NOT_JSON, MISSING, UNKNOWN_FIELD, BAD_VALUE }

    /** A value's text in a message: short, and on one line. */
    public static String clipped(String text) {
        String line = text.replaceAll("\\p{Cntrl}", " ");
        return line.length() > 40 ? line.substring(0, 40) + "…" : line;
    }

    /** {@code tree}: the JSON that was bound, to tell an absent field from a null one and to show the bad value. */
    public static JsonProblem of(JacksonException e, JsonNode tree) {
        if (!(e instanceof JsonMappingException mapping)) {
            return new JsonProblem(Kind.NOT_JSON, "", null, null, "is not JSON (" + clipped(e.getOriginalMessage()) + ")");
        }
        String path = dotted(mapping);
        JsonNode node = tree.at(pointer(mapping));
        if (e instanceof UnrecognizedPropertyException u) {
            return new JsonProblem(Kind.UNKNOWN_FIELD, path, null, null, "allowed: " + u.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().collect(Collectors.joining(", ")));
        }
        if (node.isMissingNode() && e instanceof MismatchedInputException) {   // StrictJson's FAIL refuses absent as null
            return new JsonProblem(Kind.MISSING, path, null, null, "");
        }
        Class<?> type = e instanceof MismatchedInputException m ? m.getTargetType() : null;
        String value = clipped(node.toString());
        if (e instanceof ValueInstantiationException && e.getCause() != null) {
            return new JsonProblem(Kind.BAD_VALUE, path, type, value, clipped(String.valueOf(e.getCause().getMessage())));
        }
        if (e.getCause() instanceof InputCoercionException c) {
            boolean isLong = c.getTargetType() == long.class || c.getTargetType() == Long.class;
            return new JsonProblem(Kind.BAD_VALUE, path, c.getTargetType(), value, "must be a whole number from "
                    + (isLong ? "-2^63 to 2^63-1" : "-2,147,483,648 to 2,147,483,647") + ", was " + value);
        }
        return new JsonProblem(Kind.BAD_VALUE, path, type, value, "must be " + expected(type) + ", was " + value);
    }

    /** {@code "host.cores"}, quoted as messages name fields. */
    public String field() {
        return "\"" + path + "\"";
    }

    /** The usual sentence: {@code has no "x"}, {@code unknown field "x"}, {@code "x" must be a number, was "abc"}. */
    public String says() {
        return switch (kind) {
            case NOT_JSON -> detail;
            case MISSING -> "has no " + field();
            case UNKNOWN_FIELD -> "unknown field " + field();
            case BAD_VALUE -> field() + " " + detail;
        };
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "something else";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "text";
        }
        if (type == Instant.class) {
            return "an ISO instant";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name())
                    .collect(Collectors.joining(", "));
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        return Map.class.isAssignableFrom(type) || type.isRecord() ? "an object" : "something else";
    }

    private static String dotted(JsonMappingException e) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                out.append(out.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                out.append('[').append(r.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    private static JsonPointer pointer(JsonMappingException e) {
        JsonPointer pointer = JsonPointer.empty();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                pointer = pointer.appendProperty(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                pointer = pointer.appendIndex(r.getIndex());
            }
        }
        return pointer;
    }
}
