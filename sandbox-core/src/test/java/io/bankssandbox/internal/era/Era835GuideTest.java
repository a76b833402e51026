package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The 835 against the 005010X221A1 guide: the implementation schema refuses the segments the writer
 * once got wrong, and the writer now gets them right; the TRN of an ACH payment's addenda and of its
 * 835 are the same segment, element for element.
 */
class Era835GuideTest extends SandboxTestBase {
    private final Era835Validator guide = new Era835Validator();

    private String x12(String eraId) {
        ApiClient.Response response = api.get("/v0/remittances/remittance_" + eraId.substring("era_".length()) + "/era");
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        return response.text();
    }

    private static List<String> lines(String x12) {
        return Arrays.stream(x12.split("\n")).map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static String segment(String x12, String prefix) {
        return lines(x12).stream().filter(l -> l.startsWith(prefix)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + prefix + " in\n" + x12));
    }

    private JsonNode pay(Map<String, Object> payer, Map<String, Object> claim) {
        ApiClient.Response response = control.post("/_sandbox/insurance-payments",
                Map.of("account_id", fixtures.riversideOperating(), "payer", payer, "claims", List.of(claim)));
        assertThat(response.status()).as(response.toString()).isEqualTo(201);
        return response.json();
    }

    private JsonNode fixtureEra(String method, String payerName) {
        for (JsonNode era : state().get("eras")) {
            if (era.at("/payment/method").asText().equals(method) && era.at("/payer/name").asText().equals(payerName)) {
                return era;
            }
        }
        throw new AssertionError("no fixture ERA paid by " + method + " from " + payerName);
    }

    @Test
    void theGuideSchemaRefusesEachSegmentTheWriterOnceGotWrong() {
        String valid = x12(fixtureEra("ach", "AETNA").get("id").asText());
        assertThat(guide.problems(valid)).isEmpty();
        String patient = segment(valid, "NM1*QC*");
        String trn = segment(valid, "TRN*");
        String clp = segment(valid, "CLP*");
        String cas = segment(valid, "CAS*CO*");

        assertThat(guide.problems(valid.replace(patient, "NM1*QC*1*DOE*JANE****MI~")))
                .anyMatch(p -> p.startsWith("CONDITIONAL_REQUIRED_DATA_ELEMENT_MISSING (67)"));
        assertThat(guide.problems(valid.replace(trn, trn.replace("*1066033492~", "*11066033492~"))))
                .anyMatch(p -> p.startsWith("DATA_ELEMENT_TOO_LONG (509)"));
        assertThat(guide.problems(valid.replace(clp, clp.replace("*12*", "*CI*"))))
                .anyMatch(p -> p.startsWith("IMPLEMENTATION_INVALID_CODE_VALUE (1032)"));
        assertThat(guide.problems(valid.replace(cas, cas.replace("CAS*CO*", "CAS*CR*"))))
                .anyMatch(p -> p.startsWith("INVALID_CODE_VALUE (1033)"));
        assertThat(guide.problems(valid.replace(clp, clp.replaceFirst("\\*1\\*", "**"))))
                .anyMatch(p -> p.startsWith("REQUIRED_DATA_ELEMENT_MISSING (1029)"));
        assertThat(guide.problems(valid.replace(segment(valid, "N3*") + "\n", "")))
                .anyMatch(p -> p.startsWith("IMPLEMENTATION_SEGMENT_BELOW_MINIMUM_USE (N3)"));
        assertThat(guide.problems(valid.replace(segment(valid, "PER*BL*") + "\n", "")))
                .anyMatch(p -> p.startsWith("IMPLEMENTATION_SEGMENT_BELOW_MINIMUM_USE (PER-BL)"));
        assertThat(guide.problems(valid.replace(patient + "\n", "")))
                .anyMatch(p -> p.startsWith("IMPLEMENTATION_SEGMENT_BELOW_MINIMUM_USE (NM1-QC)"));
    }

    @Test
    void aPatientWithoutASubscriberIdHasNoIdQualifierEither() {
        JsonNode era = pay(Map.of("name", "AETNA", "id", "60054"), Map.of("patient_control_number", "PCN-NOID",
                "charged_amount", 10_000, "paid_amount", 10_000, "patient", Map.of("name", "JANE DOE"))).get("era");
        assertThat(era.at("/claims/0/patient/subscriber_id").asText()).isEmpty();
        assertThat(segment(x12(era.get("id").asText()), "NM1*QC*")).isEqualTo("NM1*QC*1*DOE*JANE~");
    }

    @Test
    void everyAchPaymentsAddendaTrnIsThe835sTrnElementForElement() {
        JsonNode state = state();
        int checked = 0;
        for (JsonNode era : state.get("eras")) {
            if (!era.at("/payment/method").asText().equals("ach") || era.get("transaction_id").isNull()) {
                continue; // paid by check, or sent ahead of its ACH credit, which has not arrived yet
            }
            JsonNode transfer = null;
            for (JsonNode t : state.get("inbound_ach_transfers")) {
                if (era.get("transaction_id").asText().equals(t.path("transaction_id").asText(null))) {
                    transfer = t;
                }
            }
            assertThat(transfer).as("the ACH that paid %s", era.get("id")).isNotNull();
            assertThat(transfer.get("addenda").get(0).asText()).isEqualTo(segment(x12(era.get("id").asText()), "TRN*"));
            checked++;
        }
        assertThat(checked).isGreaterThan(10);

        // a payer id that is not yet a 10-character company id: both sides derive the same TRN03
        JsonNode paid = pay(Map.of("name", "UNITEDHEALTHCARE", "id", "87726"),
                Map.of("patient_control_number", "PCN-UHC", "charged_amount", 5_000, "paid_amount", 5_000));
        String addenda = paid.at("/inbound_ach_transfer/addenda/0").asText();
        assertThat(addenda).endsWith("*9000087726~");
        assertThat(segment(x12(paid.at("/era/id").asText()), "TRN*")).isEqualTo(addenda);
    }

    @Test
    void anAchPaymentsBprNamesBothBanksAndRepeatsTheCompanyIdOfTrn03() {
        JsonNode paid = pay(Map.of("name", "CIGNA", "id", "1590000000"),
                Map.of("patient_control_number", "PCN-BPR", "charged_amount", 12_345, "paid_amount", 12_345));
        JsonNode transfer = paid.get("inbound_ach_transfer");
        JsonNode account = rows("accounts", "id", fixtures.riversideOperating()).get(0);
        String[] bpr = segment(x12(paid.at("/era/id").asText()), "BPR*").replace("~", "").split("\\*", -1);
        String trace = transfer.get("trace_number").asText();
        assertThat(Arrays.asList(bpr).subList(1, 17)).containsExactly("I", "123.45", "C", "ACH", "CCP", "01",
                io.bankssandbox.internal.externalaccounts.RoutingNumbers.withCheckDigit(trace.substring(0, 8)), "DA",
                bpr[9], "1590000000", "", "01", account.get("routing_number").asText(), "DA",
                account.get("account_number").asText(), "20260302");
        assertThat(bpr[9]).matches("\\d{10}");
    }

    @Test
    void aCheckPaymentsBprUsesNoBankElements() {
        JsonNode era = fixtureEra("check", "BLUE SHIELD CA");
        assertThat(segment(x12(era.get("id").asText()), "BPR*")).isEqualTo("BPR*I*420.00*C*CHK************20260212~");
        assertThat(segment(x12(era.get("id").asText()), "TRN*")).isEqualTo("TRN*1*100231*1940360524~");
    }

    @Test
    void medicareClaimsAreFiledAsPartBAndOtherPayersAsAPreferredProviderOrganization() {
        assertThat(segment(x12(fixtureEra("ach", "MEDICARE PART B").get("id").asText()), "CLP*")).contains("*MB*");
        assertThat(segment(x12(fixtureEra("ach", "AETNA").get("id").asText()), "CLP*")).contains("*12*");
    }

    @Test
    void thePayerLoopCarriesTheAddressAndTechnicalContactTheGuideRequires() {
        String x12 = x12(fixtureEra("ach", "AETNA").get("id").asText());
        List<String> lines = lines(x12);
        int payer = lines.indexOf(segment(x12, "N1*PR*"));
        assertThat(lines.get(payer + 1)).matches("N3\\*PO BOX \\d{5}~");
        assertThat(lines.get(payer + 2)).isEqualTo("N4*ATLANTA*GA*30348~");
        assertThat(lines.get(payer + 3)).isEqualTo("REF*2U*1066033492~");
        assertThat(lines.get(payer + 4)).matches("PER\\*BL\\*EDI SUPPORT\\*TE\\*8005550\\d{3}~");
    }
}
