package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Which methods a path serves, and which templates a more literal one shadows: as OpenAPI matches, a
 * request to {@code /_sandbox/webhooks/deliveries} is that path's, never {@code /_sandbox/webhooks/{id}}'s.
 */
class ServedMethodsTest {
    private final ServedMethods served = new ServedMethods();

    {
        served.add("GET", "/_sandbox/webhooks/{endpoint_id}");
        served.add("DELETE", "/_sandbox/webhooks/{endpoint_id}");
        served.add("GET", "/_sandbox/webhooks/deliveries");
        served.add("POST", "/v0/cards");
        served.add("GET", "/v0/cards/{card_id}");
        served.add("PUT", "/v0/{collection}/{id}/details");
        served.add("GET", "/v0/cards/{card_id}/iframe");
    }

    @Test
    void aTemplateIsShadowedOnlyByAMoreLiteralTemplateOfTheSameLengthThatOverlapsIt() {
        assertThat(served.shadowed("/_sandbox/webhooks/{endpoint_id}")).isTrue();
        // itself, and its own equal: as literal as it is, so not more literal
        assertThat(served.shadowed("/_sandbox/webhooks/deliveries")).isFalse();
        // /v0/cards is shorter, /v0/cards/{card_id} as literal: neither shadows it
        assertThat(served.shadowed("/v0/cards/{card_id}")).isFalse();
        // /v0/cards/{card_id}/iframe is more literal than both; it overlaps the one whose last segment is its own
        assertThat(served.shadowed("/v0/{collection}/{id}/iframe")).isTrue();
        assertThat(served.shadowed("/v0/{collection}/{id}/details")).isFalse();
        assertThat(served.shadowed("/v0/{collection}/{id}")).isTrue();
        // asked twice: the same answer from what was worked out once
        assertThat(served.shadowed("/_sandbox/webhooks/{endpoint_id}")).isTrue();
        assertThat(served.shadowed("/_sandbox/webhooks/deliveries")).isFalse();
    }

    @Test
    void aLiteralPathServesOnlyItsOwnMethodsNotTheTemplatesThatWouldAlsoMatchIt() {
        assertThat(served.at("/_sandbox/webhooks/deliveries")).containsExactly("GET", "HEAD", "OPTIONS");
        assertThat(served.at("/_sandbox/webhooks/we_1")).containsExactly("GET", "HEAD", "DELETE", "OPTIONS");
        assertThat(served.at("/v0/cards/")).containsExactly("POST", "OPTIONS");
        assertThat(served.at("/v0/cards//")).isEmpty();
        assertThat(served.at("/v0/nothing")).isEmpty();
        assertThat(ServedMethods.header(served.at("/_sandbox/webhooks/we_1"))).isEqualTo("GET, HEAD, DELETE, OPTIONS");
        assertThat(served.anywhere()).containsExactly("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS");
    }
}
