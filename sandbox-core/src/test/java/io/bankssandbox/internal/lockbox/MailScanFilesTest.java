package io.bankssandbox.internal.lockbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code GET /v0/files/{id}}: a mail item's scan, a PDF whose text lists the checks found in it. */
class MailScanFilesTest extends SandboxTestBase {
    private LiveFixtures fixtures;

    @BeforeEach
    void readFixtures() {
        fixtures = LiveFixtures.read(api);
    }

    private static String pdfText(ApiClient.Response response) throws Exception {
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type").orElse("")).startsWith("application/pdf");
        assertThat(new String(response.bytes(), 0, 5)).isEqualTo("%PDF-");
        try (PDDocument pdf = Loader.loadPDF(response.bytes())) {
            assertThat(pdf.getNumberOfPages()).isPositive();
            return new PDFTextStripper().getText(pdf);
        }
    }

    private static String dollars(long cents) {
        return String.format(Locale.US, "$%,.2f", BigDecimal.valueOf(cents, 2));
    }

    private void assertScanListsItsChecks(JsonNode item, String recipient) throws Exception {
        String text = pdfText(api.get("/v0/files/" + item.get("file_id").asText()));
        assertThat(text).contains("Scanned mail").contains(item.get("id").asText()).contains(recipient);
        if (item.get("checks").isEmpty()) {
            assertThat(text).contains("Checks found: none");
        } else {
            assertThat(text).contains("Checks found: " + item.get("checks").size());
        }
        for (JsonNode check : item.get("checks")) {
            assertThat(text).contains(check.get("id").asText())
                    .contains(dollars(check.get("amount").asLong()) + ", " + check.get("status").asText());
            if (check.get("micr").isObject()) {
                assertThat(text).contains("serial " + check.at("/micr/serial_number").asText())
                        .contains("routing " + check.at("/micr/routing_number").asText());
            }
        }
        assertThat(text).contains("Total of checks: " + dollars(item.get("amount").asLong()));
    }

    @Test
    void everyMailItemsFileIsAPdfListingItsChecks() throws Exception {
        int scans = 0;
        for (int e : List.of(0, 1)) {
            JsonNode entity = fixtures.entities().get(e);
            for (JsonNode item : LiveFixtures.allPages(api, "/v0/entities/" + entity.get("id").asText() + "/mail", 100)) {
                assertScanListsItsChecks(item, entity.get("name").asText());
                scans++;
            }
        }
        assertThat(scans).isGreaterThan(6);
    }

    @Test
    void aScanWithManyChecksRunsOntoMorePages() throws Exception {
        List<Map<String, Object>> checks = new ArrayList<>();
        for (int i = 1; i <= 80; i++) {
            checks.add(Map.of("amount", 1_000 + i));
        }
        JsonNode created = control.post("/_sandbox/providers/" + fixtures.riverside() + "/mail", Map.of("checks", checks)).json();
        ApiClient.Response response = api.get("/v0/files/" + created.get("file_id").asText());
        try (PDDocument pdf = Loader.loadPDF(response.bytes())) {
            assertThat(pdf.getNumberOfPages()).isGreaterThan(1);
        }
        assertScanListsItsChecks(api.get("/v0/entities/" + fixtures.riverside() + "/mail?limit=1").json().get("data").get(0),
                fixtures.entities().get(0).get("name").asText());
    }

    @Test
    void anotherEntitysFileIsNotFoundAndAKeyIsNeeded() {
        String lakesideFile = api.get("/v0/entities/" + fixtures.lakeside() + "/mail?limit=1").json()
                .at("/data/0/file_id").asText();
        String riversideFile = api.get("/v0/entities/" + fixtures.riverside() + "/mail?limit=1").json()
                .at("/data/0/file_id").asText();
        ApiClient one = api.as(ONE);
        assertThat(one.get("/v0/files/" + riversideFile).status()).isEqualTo(200);
        ApiClient.Response hidden = one.get("/v0/files/" + lakesideFile);
        assertThat(hidden.status()).isEqualTo(404);
        assertThat(hidden.json().get("message").asText()).isEqualTo("File " + lakesideFile + " not found");
        ApiClient.Response unknown = api.get("/v0/files/file_nope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("File file_nope not found");
        assertThat(api.as(null).get("/v0/files/" + riversideFile).status()).isEqualTo(401);
    }
}
