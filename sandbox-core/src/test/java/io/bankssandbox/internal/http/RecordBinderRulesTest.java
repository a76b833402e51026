package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.state.Json;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which bodies {@link RecordBinder} binds itself and to what, rule by rule, on records and enums
 * made for each rule: plain shapes are bound; anything Jackson reads its own way (an annotation, a
 * value of another kind, a number past the component's range, an unknown property, a primitive left
 * out, a record's own check) is left to Jackson ({@link RecordBinder#UNBOUND}). That the bound
 * values are Jackson's own, for every route's command: {@link RecordBinderTest}.
 */
class RecordBinderRulesTest {
    /** Each test's own binder, so every shape is read by the code under test. */
    private final RecordBinder binder = new RecordBinder();

    public enum Plain { ACTIVE, CLOSED }

    /** Read through its creator, which knows the wire texts only. */
    public enum Coded {
        ONE_DAY, TWO_DAYS;

        @JsonValue
        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        @JsonCreator
        public static Coded of(String text) {
            for (Coded coded : values()) {
                if (coded.wire().equals(text)) {
                    return coded;
                }
            }
            throw new IllegalArgumentException(text);
        }
    }

    /** Read through a delegating creator that also takes names, without a {@code @JsonValue}. */
    public enum Delegated {
        FIRST;

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        public static Delegated of(String text) {
            return text.equalsIgnoreCase("first") ? FIRST : null;
        }
    }

    public enum ValueOnly {
        A;

        @JsonValue
        public String wire() {
            return "a";
        }
    }

    public enum RenamedConstant { @JsonProperty("x") X }

    @JsonIgnoreProperties
    public enum AnnotatedEnum { A }

    public enum PropertiesCreator {
        A;

        @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
        public static PropertiesCreator of(String text) {
            return A;
        }
    }

    public enum TwoCreators {
        A;

        @JsonCreator
        public static TwoCreators of(String text) {
            return A;
        }

        @JsonCreator
        public static TwoCreators from(String text) {
            return A;
        }
    }

    public record Limit(String interval, long amount) {}

    public record Everything(String name, Long total, int count, Integer boxed, boolean flag, Boolean maybe,
                             List<Limit> limits, Plain status, Coded every, Delegated first) {}

    public record WithEnum<E>(E value) {}

    public record OfPlain(Plain value) {}

    public record OfCoded(Coded value) {}

    public record OfDelegated(Delegated value) {}

    public record OfValueOnly(ValueOnly value) {}

    public record OfRenamed(RenamedConstant value) {}

    public record OfAnnotated(AnnotatedEnum value) {}

    public record OfProperties(PropertiesCreator value) {}

    public record OfTwoCreators(TwoCreators value) {}

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record AnnotatedRecord(String a) {}

    record NotPublic(String a) {}

    public record AccessorAnnotated(String a) {
        @Override
        @JsonProperty("b")
        public String a() {
            return a;
        }
    }

    public record CreatorAnnotated(String a) {
        @JsonCreator
        public CreatorAnnotated {
        }
    }

    public record Checked(String a) {
        public Checked {
            if (a.isEmpty()) {
                throw new IllegalArgumentException("a is empty");
            }
        }
    }

    public record Dated(Instant at) {}

    public record Wild(List<?> items) {}

    private Object bind(String json, Class<?> type) throws Exception {
        return binder.bind(Json.MAPPER.readTree(json), type);
    }

    @Test
    void aBodyOfPlainShapesIsBoundComponentByComponentFromItsSnakeCaseNames() throws Exception {
        Object bound = bind("""
                {"name": "n", "total": 9000000000, "count": 3, "boxed": null, "flag": true, "maybe": false,
                 "limits": [{"interval": "per_day", "amount": 5}], "status": "CLOSED", "every": "two_days",
                 "first": "FIRST"}""", Everything.class);
        assertThat(bound).isEqualTo(new Everything("n", 9_000_000_000L, 3, null, true, false,
                List.of(new Limit("per_day", 5)), Plain.CLOSED, Coded.TWO_DAYS, Delegated.FIRST));
        assertThat(bind("{\"count\": 0, \"flag\": false}", Everything.class))
                .isEqualTo(new Everything(null, null, 0, null, false, null, null, null, null, null));
        assertThat(bind("{\"interval\": \"\", \"amount\": -1}", Limit.class)).isEqualTo(new Limit("", -1));
    }

    @Test
    void aValueOfAnotherKindOrPastItsComponentsRangeIsLeftToJackson() throws Exception {
        assertThat(bind("{\"interval\": 5, \"amount\": 1}", Limit.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"interval\": \"d\", \"amount\": \"1\"}", Limit.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"interval\": \"d\", \"amount\": 1.0}", Limit.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"interval\": \"d\", \"amount\": 9223372036854775808}", Limit.class))
                .isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"interval\": \"d\", \"amount\": 9223372036854775807}", Limit.class))
                .isEqualTo(new Limit("d", Long.MAX_VALUE));
        assertThat(bind("{\"count\": 2147483648, \"flag\": true}", Everything.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"count\": 2147483647, \"flag\": true}", Everything.class)).isNotSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"count\": 1, \"flag\": \"true\"}", Everything.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"count\": 1, \"flag\": true, \"limits\": {}}", Everything.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"count\": 1, \"flag\": true, \"limits\": [null]}", Everything.class))
                .isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"count\": 1, \"flag\": true, \"limits\": [[]]}", Everything.class))
                .isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"count\": 1, \"flag\": true, \"status\": 1}", Everything.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("[]", Limit.class)).isSameAs(RecordBinder.UNBOUND);
    }

    @Test
    void aPrimitiveLeftOutOrNullAnUnknownPropertyOrARecordsOwnCheckIsLeftToJackson() throws Exception {
        assertThat(bind("{\"interval\": \"d\"}", Limit.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"interval\": \"d\", \"amount\": null}", Limit.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"interval\": \"d\", \"amount\": 1, \"other\": 1}", Limit.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"a\": \"\"}", Checked.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"a\": \"x\"}", Checked.class)).isEqualTo(new Checked("x"));
    }

    @Test
    void aRecordJacksonReadsItsOwnWayIsLeftToJackson() throws Exception {
        assertThat(bind("{\"a\": \"x\"}", AnnotatedRecord.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"a\": \"x\"}", NotPublic.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"a\": \"x\"}", AccessorAnnotated.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"a\": \"x\"}", CreatorAnnotated.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"at\": \"2026-03-02T15:00:00Z\"}", Dated.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"items\": [1]}", Wild.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"x\"}", WithEnum.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(binder.bind(Json.MAPPER.createObjectNode(), Object.class)).isSameAs(RecordBinder.UNBOUND);
    }

    @Test
    void aPlainEnumIsReadByItsNameExactly() throws Exception {
        assertThat(bind("{\"value\": \"ACTIVE\"}", OfPlain.class)).isEqualTo(new OfPlain(Plain.ACTIVE));
        assertThat(bind("{\"value\": \"active\"}", OfPlain.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": null}", OfPlain.class)).isEqualTo(new OfPlain(null));
    }

    @Test
    void anEnumWithOneCreatorOfAStringIsReadByTheTextsItsCreatorTurnsIntoEachConstant() throws Exception {
        assertThat(bind("{\"value\": \"one_day\"}", OfCoded.class)).isEqualTo(new OfCoded(Coded.ONE_DAY));
        assertThat(bind("{\"value\": \"two_days\"}", OfCoded.class)).isEqualTo(new OfCoded(Coded.TWO_DAYS));
        assertThat(bind("{\"value\": \"ONE_DAY\"}", OfCoded.class)).as("its creator refuses the name")
                .isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"FIRST\"}", OfDelegated.class)).isEqualTo(new OfDelegated(Delegated.FIRST));
        assertThat(bind("{\"value\": \"first\"}", OfDelegated.class)).as("only the name and the @JsonValue are tried")
                .isSameAs(RecordBinder.UNBOUND);
    }

    @Test
    void anyOtherEnumIsLeftToJacksonWhateverTheText() throws Exception {
        assertThat(bind("{\"value\": \"A\"}", OfValueOnly.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"a\"}", OfValueOnly.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"X\"}", OfRenamed.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"A\"}", OfAnnotated.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"A\"}", OfProperties.class)).isSameAs(RecordBinder.UNBOUND);
        assertThat(bind("{\"value\": \"A\"}", OfTwoCreators.class)).isSameAs(RecordBinder.UNBOUND);
    }
}
