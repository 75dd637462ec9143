package loomscope.json;

import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.databind.type.LogicalType;

/**
 * The one way LoomScope binds the JSON it reads to records: every field is required and may not be null (a field
 * that may be left out says so with {@code @JsonSetter(nulls = Nulls.SKIP)}), fields the record does not name are
 * refused, and no value is coerced ("5" is not a number, 1.5 is not a whole number, 0 is not a lock mode).
 * A refusal is turned into one line by {@link JsonProblem}.
 */
public final class StrictJson {
    private StrictJson() { }

    /** A new mapper (callers may add mix-ins to their own copy). */
    public static ObjectMapper mapper() {
        ObjectMapper mapper = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                // FAIL also refuses an absent value: every field is required unless it opts out
                .defaultSetterInfo(JsonSetter.Value.construct(Nulls.FAIL, Nulls.FAIL))
                .addModule(new SimpleModule("instants")
                        .addDeserializer(Instant.class, new InstantText())
                        .addSerializer(Instant.class, ToStringSerializer.instance))
                .build();
        // Jackson turns a number or a boolean into text unless told not to
        for (CoercionInputShape shape : new CoercionInputShape[] {CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean}) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
        }
        return mapper;
    }

    /** An ISO instant as {@link Instant#toString()} writes it; the JDK's own types are not in plain databind. */
    private static final class InstantText extends StdScalarDeserializer<Instant> {
        InstantText() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken() != JsonToken.VALUE_STRING) {
                return (Instant) ctxt.handleUnexpectedToken(Instant.class, p);
            }
            String text = p.getText();
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException e) {
                return (Instant) ctxt.handleWeirdStringValue(Instant.class, text, "not an ISO instant");
            }
        }
    }
}
