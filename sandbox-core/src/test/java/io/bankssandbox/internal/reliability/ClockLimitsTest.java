package io.bankssandbox.internal.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** An advance the clock cannot show (past year 9999, or past Instant's range) is a 400, never a 500. */
class ClockLimitsTest extends SandboxTestBase {

    @ParameterizedTest
    // the first four each fit in a Duration; the last two do not, and take the same refusal
    @ValueSource(strings = {"P99999999999999D", "P3000000D", "PT2562047788015215H", "P106751991167300D",
            "P9999999999999999999D", "PT99999999999999999999S"})
    void anAdvanceByMoreThanTheClockCanShowIsABadRequest(String by) {
        assertThat(refusal("by", by)).contains("past 9999-12-31T23:59:59Z");
    }

    /** More than a Duration holds, negative: refused as going backwards, as any negative advance. */
    @ParameterizedTest
    @ValueSource(strings = {"-P9999999999999999999D", "-PT99999999999999999999S"})
    void aNegativeAdvanceByMoreThanADurationHoldsIsRefusedAsGoingBackwards(String by) {
        assertThat(refusal("by", by)).isEqualTo("by must not be negative: the clock never goes backwards");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+10000-01-01T00:00:00Z", "+999999999-01-01T00:00:00Z"})
    void anAdvanceToAYearPast9999IsABadRequestThatSaysSo(String to) {
        assertThat(refusal("to", to)).contains("past 9999-12-31T23:59:59Z");
    }

    /** Advances with {@code field} set to {@code value}: a 400 that leaves the state as it was; its first message. */
    private String refusal(String field, String value) {
        JsonNode before = state();
        ApiClient.Response response = control.post("/_sandbox/clock/advance", Map.of(field, value), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(state()).isEqualTo(before);
        return response.json().get("message").get(0).asText();
    }

    /** Beyond what any timestamp can be (year one billion): the schema's words for a timestamp. */
    @ParameterizedTest
    @ValueSource(strings = {"+1000000000-01-01T00:00:00Z", "2026-02-30T00:00:00Z", "2026-01-15T12:00Z"})
    void aToThatIsNoTimestampIsTheSchemas400(String to) {
        ApiClient.Response response = control.post("/_sandbox/clock/advance", Map.of("to", to), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        assertThat(response.json().get("message").toString())
                .isEqualTo("[\"to must be an ISO 8601 timestamp such as 2026-01-15T12:00:00Z\"]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"9999-12-31T23:59:59Z"})
    void theLatestShowableInstantIsReachable(String to) {
        ApiClient.Response response = control.post("/_sandbox/clock/advance", Map.of("to", to), null);
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.json().get("now").asText()).isEqualTo("9999-12-31T23:59:59.000Z");
    }
}
