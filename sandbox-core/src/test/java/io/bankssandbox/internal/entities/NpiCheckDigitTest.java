package io.bankssandbox.internal.entities;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.Entity;
import io.bankssandbox.Practice;
import io.bankssandbox.SandboxException;
import io.bankssandbox.internal.state.Json;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every NPI the sandbox keeps passes the NPI check digit (Luhn over 80840 and the first nine digits):
 * the default fixtures' own, and what onboarding takes (a wrong check digit is a 400 naming it, over HTTP
 * and through the handle, storing nothing). Fixtures and imported state: {@code DomainRulesOnLoadTest}.
 */
class NpiCheckDigitTest extends SandboxTestBase {
    private static final String REFUSED = "npi must be a valid NPI: 1234567890 fails the NPI check digit (Luhn over 80840"
            + " and its first nine digits gives 3, not 0)";

    @Test
    void theCheckDigitIsLuhnOverThePrefix80840() {
        assertThat(NpiCheckDigit.isValid("1234567893")).as("the NPI standard's own example").isTrue();
        assertThat(NpiCheckDigit.checkDigit("123456789")).isEqualTo('3');
        for (char wrong : "0124567 89".replace(" ", "").toCharArray()) {
            assertThat(NpiCheckDigit.isValid("123456789" + wrong)).as("123456789%s", wrong).isFalse();
        }
        assertThat(NpiCheckDigit.isValid("1245319599")).isTrue();
        assertThat(NpiCheckDigit.isValid("2000000002")).isTrue();
        assertThat(NpiCheckDigit.isValid("123456789")).isFalse();
        assertThat(NpiCheckDigit.isValid(null)).isFalse();
        assertThat(NpiCheckDigit.violations("npi", "1234567890")).containsExactly(REFUSED);
        assertThat(NpiCheckDigit.violations("npi", "12345")).as("a shape the schema names").isEmpty();
        assertThat(NpiCheckDigit.violations("npi", null)).isEmpty();
    }

    @Test
    void theReferenceQuotesTheRefusalAsItIs() throws java.io.IOException {
        assertThat(java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "reference.md")).replaceAll("\\s+", " "))
                .contains(REFUSED);
    }

    @Test
    void everyNpiOfTheDefaultFixturesPassesTheCheckDigit() {
        JsonNode state = state();
        List<String> npis = new ArrayList<>();
        state.get("entities").forEach(entity -> {
            if (entity.hasNonNull("npi")) {
                npis.add(entity.get("npi").asText());
            }
        });
        state.get("eras").forEach(era -> npis.add(era.get("payee").get("npi").asText()));
        assertThat(npis).hasSizeGreaterThan(14).allSatisfy(npi -> assertThat(NpiCheckDigit.isValid(npi)).as(npi).isTrue());
    }

    @Test
    void onboardingRefusesAWrongCheckDigitAndStoresNothing() {
        JsonNode before = state();
        ApiClient.Response refused = control.post("/_sandbox/entities", Map.of("name", "Lakeview Pediatrics, LLC",
                "structure", "llc", "npi", "1234567890", "address", Map.of("line1", "1 Lake St", "line2", "",
                        "city", "Austin", "state", "TX", "postalCode", "78701")));
        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json()).isEqualTo(Json.MAPPER.valueToTree(Map.of("statusCode", 400, "error", "Bad Request",
                "message", List.of(REFUSED))));
        assertThat(state()).isEqualTo(before);

        assertThatThrownBy(() -> sandbox.entities().onboard(Practice.named("Lakeview Pediatrics, LLC", Entity.LLC,
                new Entity.Address("1 Lake St", "", "Austin", "TX", "78701")).withNpi("1234567890")))
                .isInstanceOfSatisfying(SandboxException.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.messages()).containsExactly(REFUSED);
                });
        assertThat(state()).isEqualTo(before);
        assertThat(sandbox.entities().onboard(Practice.named("Lakeview Pediatrics, LLC", Entity.LLC,
                new Entity.Address("1 Lake St", "", "Austin", "TX", "78701")).withNpi("1234567893")).npi())
                .isEqualTo("1234567893");
    }
}
