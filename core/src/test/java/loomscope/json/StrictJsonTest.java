package loomscope.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What the strict binding refuses that Jackson's defaults would let through, and how each refusal reads. */
class StrictJsonTest {
    enum Colour { RED, GREEN }

    record Inner(long n) { }

    record Thing(int count, String name, List<String> tags, Colour colour, Instant at, Inner inner,
                 @JsonSetter(nulls = Nulls.SKIP) Boolean optional) { }

    private static final ObjectMapper JSON = StrictJson.mapper();
    private static final String GOOD = "{\"count\":1,\"name\":\"a\",\"tags\":[\"x\"],\"colour\":\"RED\","
            + "\"at\":\"2026-11-25T12:00:00Z\",\"inner\":{\"n\":5}}";

    @Test
    void aGoodValueBindsAndAnOptionalFieldMayBeAbsentOrNull() throws Exception {
        Thing t = JSON.readValue(GOOD, Thing.class);
        assertEquals(new Thing(1, "a", List.of("x"), Colour.RED, Instant.parse("2026-11-25T12:00:00Z"), new Inner(5), null), t);
        assertEquals(t, JSON.readValue(GOOD.replace("}}", "},\"optional\":null}"), Thing.class));
        assertEquals(GOOD.replace("}}", "},\"optional\":true}"),
                JSON.writeValueAsString(new Thing(1, "a", List.of("x"), Colour.RED, t.at(), new Inner(5), true)));
    }

    @Test
    void whatJacksonWouldCoerceOrSkipIsRefusedNamingThePath() {
        assertSays(GOOD.replace("\"count\":1", "\"count\":\"1\""), "\"count\" must be a whole number, was \"1\"");
        assertSays(GOOD.replace("\"count\":1", "\"count\":1.0"), "\"count\" must be a whole number, was 1.0");
        assertSays(GOOD.replace("\"name\":\"a\"", "\"name\":5"), "\"name\" must be text, was 5");
        assertSays(GOOD.replace("\"name\":\"a\"", "\"name\":true"), "\"name\" must be text, was true");
        assertSays(GOOD.replace("\"name\":\"a\",", ""), "has no \"name\"");
        assertSays(GOOD.replace("\"name\":\"a\"", "\"name\":null"), "\"name\" must be text, was null");
        assertSays(GOOD.replace("[\"x\"]", "[\"x\",null]"), "\"tags[1]\" must be text, was null");
        assertSays(GOOD.replace("\"RED\"", "0"), "\"colour\" must be one of RED, GREEN, was 0");
        assertSays(GOOD.replace("\"RED\"", "\"red\""), "\"colour\" must be one of RED, GREEN, was \"red\"");
        assertSays(GOOD.replace("12:00:00Z", "noon"), "\"at\" must be an ISO instant, was \"2026-11-25Tnoon\"");
        assertSays(GOOD.replace("{\"n\":5}", "{\"n\":5,\"m\":6}"), "unknown field \"inner.m\"");
        assertSays(GOOD.replace("{\"n\":5}", "{\"n\":1e3}"), "\"inner.n\" must be a whole number, was 1000.0");
        assertSays(GOOD.replace("\"optional\"", "x").replace("}}", "},\"optional\":\"yes\"}"),
                "\"optional\" must be true or false, was \"yes\"");
    }

    private static void assertSays(String json, String says) {
        JsonNode tree = tree(json);
        JacksonException e = assertThrows(JacksonException.class, () -> JSON.treeToValue(tree, Thing.class));
        assertEquals(says, JsonProblem.of(e, tree).says());
    }

    private static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JacksonException e) {
            throw new AssertionError("the test's JSON is not JSON: " + json, e);
        }
    }
}
