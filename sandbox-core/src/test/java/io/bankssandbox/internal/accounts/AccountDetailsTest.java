package io.bankssandbox.internal.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

class AccountDetailsTest extends SandboxTestBase {

    @Test
    void getAccountHasExactlyTheDocumentedFieldsAndMatchesTheList() {
        for (JsonNode listed : fixtures.accounts()) {
            ApiClient.Response response = api.get("/v0/accounts/" + listed.get("id").asText());
            assertThat(response.status()).isEqualTo(200);
            JsonNode account = response.json();
            List<String> names = new ArrayList<>();
            account.fieldNames().forEachRemaining(names::add);
            assertThat(names).containsExactly("id", "entity_id", "name", "account_number", "routing_number",
                    "total_balance", "available_balance", "opened_at");
            assertThat(account.get("name")).isEqualTo(listed.get("name"));
            assertThat(account.get("total_balance")).isEqualTo(listed.get("total_balance"));
            assertThat(account.get("available_balance")).isEqualTo(listed.get("available_balance"));
        }
        JsonNode riverside = api.get("/v0/accounts/" + fixtures.riversideOperating()).json();
        assertThat(riverside.get("entity_id").asText()).isEqualTo(fixtures.riverside());
        assertThat(riverside.get("routing_number").asText()).isEqualTo("084106768");
    }

    @Test
    void unknownOrInvisibleAccountIs404() {
        ApiClient.Response unknown = api.get("/v0/accounts/account_nope");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Account account_nope not found");
        ApiClient one = api.as(LiveFixtures.ONE);
        assertThat(one.get("/v0/accounts/" + fixtures.riversideOperating()).status()).isEqualTo(200);
        assertThat(one.get("/v0/accounts/" + fixtures.lakesideOperating()).status()).isEqualTo(404);
        assertThat(one.get("/v0/accounts/" + fixtures.lakesideOperating() + "/settlement-instructions").status())
                .isEqualTo(404);
        assertThat(api.get("/v0/accounts/account_nope/settlement-instructions").status()).isEqualTo(404);
    }

    @Test
    void settlementInstructionsAreAOnePagePdfWithHolderBankRoutingAndAccountNumber() throws IOException {
        JsonNode account = api.get("/v0/accounts/" + fixtures.riversideOperating()).json();
        ApiClient.Response response = api.get("/v0/accounts/" + fixtures.riversideOperating() + "/settlement-instructions");
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("application/pdf"));
        assertThat(new String(response.bytes(), 0, 5, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        try (PDDocument pdf = Loader.loadPDF(response.bytes())) {
            assertThat(pdf.getNumberOfPages()).isEqualTo(1);
            String text = new PDFTextStripper().getText(pdf);
            assertThat(text).contains("Riverside Family Medicine, P.C.")
                    .contains(SettlementInstructions.BANK_NAME)
                    .contains(account.get("routing_number").asText())
                    .contains(account.get("account_number").asText());
        }
    }

    @Test
    void settlementInstructionsNeedAnApiKey() {
        assertThat(api.as(null).get("/v0/accounts/" + fixtures.riversideOperating() + "/settlement-instructions").status())
                .isEqualTo(401);
    }

    @Test
    void textOutsideTheStandardFontsIsReplacedRatherThanRefused() throws IOException {
        byte[] pdf = SettlementInstructions.render(new SettlementInstructions.Details("Clínica Ñandú 医院", "Operating",
                "084106768", "1234567890", java.time.Instant.parse("2026-03-02T15:00:00Z")));
        try (PDDocument document = Loader.loadPDF(pdf)) {
            assertThat(new PDFTextStripper().getText(document)).contains("Clínica Ñandú ??");
        }
    }
}
