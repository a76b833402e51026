package io.bankssandbox.internal.state;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The one ObjectMapper configuration of a sandbox: snake_case property names, timestamps as
 * ISO 8601 with milliseconds in UTC (what the vendor's NestJS service prints), dates as YYYY-MM-DD,
 * and parse limits so hostile bodies cannot make the parser do unbounded work.
 */
public final class Json {
    /** Built only for an instant outside years 1 to 9999: a formatter's classes cost a cold start ~100 of them. */
    private static final class Formatter {
        static final DateTimeFormatter TIMESTAMP =
                DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
    }

    private Json() {}

    /**
     * {@code yyyy-MM-dd'T'HH:mm:ss.SSS'Z'} in UTC. Every answer carries a few of these, and
     * {@link DateTimeFormatter} is one of the costliest steps of serializing a card, so years 1 to
     * 9999 (all the sandbox ever sees) are written by hand; others go through the formatter, which
     * defines the format.
     */
    public static String timestamp(Instant instant) {
        long seconds = instant.getEpochSecond();
        long days = Math.floorDiv(seconds, 86_400);
        if (days < MIN_FAST_DAY || days > MAX_FAST_DAY) {
            return Formatter.TIMESTAMP.format(instant);
        }
        LocalDate date = LocalDate.ofEpochDay(days);
        int secondOfDay = (int) Math.floorMod(seconds, 86_400);
        char[] out = new char[24];
        digits(out, 0, date.getYear(), 4);
        out[4] = '-';
        digits(out, 5, date.getMonthValue(), 2);
        out[7] = '-';
        digits(out, 8, date.getDayOfMonth(), 2);
        out[10] = 'T';
        digits(out, 11, secondOfDay / 3600, 2);
        out[13] = ':';
        digits(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        digits(out, 17, secondOfDay % 60, 2);
        out[19] = '.';
        digits(out, 20, instant.getNano() / 1_000_000, 3);
        out[23] = 'Z';
        return new String(out);
    }

    private static final long MIN_FAST_DAY = LocalDate.of(1, 1, 1).toEpochDay();
    private static final long MAX_FAST_DAY = LocalDate.of(9999, 12, 31).toEpochDay();

    private static void digits(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /**
     * Shared by every sandbox in the JVM: a configured ObjectMapper is immutable and thread-safe,
     * and building one costs more than a whole embedded sandbox start should.
     */
    public static final ObjectMapper MAPPER = newMapper();

    /**
     * The sandbox's own bookkeeping on a stored record (when it arrived, how a simulation forces its
     * outcome): a field annotated {@code @JsonView(Json.Kept.class)} is in the state document and never
     * in an answer, so a stored record is its own API view, one copy of its shape.
     */
    public static final class Kept {
        private Kept() {}
    }

    /** What an answer shows: every field but the {@link Kept} ones. */
    public static final class Shown {
        private Shown() {}
    }

    /** Writes answers: {@link #MAPPER} in the {@link Shown} view. */
    public static final ObjectWriter ANSWERS = MAPPER.writerWithView(Shown.class);

    private static ObjectMapper newMapper() {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(64)
                        .maxStringLength(1_048_576)
                        .maxNumberLength(64)
                        .build())
                // an emoji is written as its four UTF-8 bytes, as é is as its two, not as an escaped surrogate pair
                .enable(com.fasterxml.jackson.core.json.JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
                .build();
        SimpleModule time = new SimpleModule("sandbox-time");
        time.addSerializer(Instant.class, new JsonSerializer<>() {
            @Override
            public void serialize(Instant value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeString(timestamp(value));
            }
        });
        time.addDeserializer(Instant.class, new JsonDeserializer<>() {
            @Override
            public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return Instant.parse(p.getValueAsString());
            }
        });
        time.addSerializer(LocalDate.class, new JsonSerializer<>() {
            @Override
            public void serialize(LocalDate value, JsonGenerator gen, SerializerProvider serializers) throws IOException {
                gen.writeString(value.toString());
            }
        });
        time.addDeserializer(LocalDate.class, new JsonDeserializer<>() {
            @Override
            public LocalDate deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                return LocalDate.parse(p.getValueAsString());
            }
        });
        return new ObjectMapper(factory)
                .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .registerModule(time)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true)
                .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, true);
    }
}
