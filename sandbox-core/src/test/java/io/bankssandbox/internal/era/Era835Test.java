package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.LiveFixtures;
import io.bankssandbox.internal.testing.SandboxTestBase;
import io.xlate.edi.stream.EDIInputFactory;
import io.xlate.edi.stream.EDIStreamEvent;
import io.xlate.edi.stream.EDIStreamReader;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every 835 the sandbox serves is read back with StAEDI, independently of the code that wrote it,
 * validated against the 005010X221A1 implementation schema, and must carry the same payer, payee,
 * trace, claims and amounts as the ERA it was built from.
 */
class Era835Test extends SandboxTestBase {

    /** One parsed segment: its tag and elements; a composite element's components joined by ':'. */
    record Segment(String tag, List<String> elements) {
        String get(int position) {
            return position <= elements.size() ? elements.get(position - 1) : "";
        }
    }

    private static final Era835Validator GUIDE = new Era835Validator();

    /**
     * Reads an interchange with StAEDI; any error it reports, reading it plainly or validating it
     * against the 005010X221A1 implementation schema, fails the test.
     */
    static List<Segment> parse(String x12) throws Exception {
        assertThat(GUIDE.problems(x12)).as("005010X221A1 errors in\n%s", x12).isEmpty();
        List<Segment> segments = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        try (EDIStreamReader reader = EDIInputFactory.newFactory()
                .createEDIStreamReader(new ByteArrayInputStream(x12.getBytes(StandardCharsets.UTF_8)))) {
            String tag = null;
            List<String> elements = null;
            StringBuilder composite = null;
            while (reader.hasNext()) {
                EDIStreamEvent event = reader.next();
                switch (event) {
                    case START_SEGMENT -> {
                        tag = reader.getText();
                        elements = new ArrayList<>();
                    }
                    case START_COMPOSITE -> composite = new StringBuilder();
                    case END_COMPOSITE -> {
                        elements.add(composite.toString());
                        composite = null;
                    }
                    case ELEMENT_DATA -> {
                        if (composite != null) {
                            composite.append(composite.length() > 0 || reader.getLocation().getComponentPosition() > 1 ? ":" : "")
                                    .append(reader.getText());
                        } else {
                            while (elements.size() < reader.getLocation().getElementPosition() - 1) {
                                elements.add("");
                            }
                            elements.add(reader.getText());
                        }
                    }
                    case END_SEGMENT -> segments.add(new Segment(tag, List.copyOf(elements)));
                    default -> {
                        if (event.isError()) {
                            errors.add(event + " " + reader.getErrorType() + " at " + reader.getLocation());
                        }
                    }
                }
            }
        }
        assertThat(errors).as("StAEDI errors reading\n%s", x12).isEmpty();
        return segments;
    }

    private static String dollars(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    private static String remittanceId(JsonNode era) {
        return "remittance_" + era.get("id").asText().substring("era_".length());
    }

    /** Asserts the 835 served for an ERA says what the ERA says. */
    private void assertRoundTrip(ApiClient client, JsonNode era) throws Exception {
        ApiClient.Response response = client.get("/v0/remittances/" + remittanceId(era) + "/era");
        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        assertThat(response.header("Content-Type").orElse("")).startsWith("text/plain");
        List<Segment> segments = parse(response.text());
        Map<String, List<Segment>> byTag = new HashMap<>();
        segments.forEach(s -> byTag.computeIfAbsent(s.tag(), t -> new ArrayList<>()).add(s));

        // envelope: counts and control numbers agree
        Segment isa = byTag.get("ISA").get(0);
        Segment iea = byTag.get("IEA").get(0);
        Segment gs = byTag.get("GS").get(0);
        Segment ge = byTag.get("GE").get(0);
        Segment st = byTag.get("ST").get(0);
        Segment se = byTag.get("SE").get(0);
        assertThat(iea.get(1)).isEqualTo("1");
        assertThat(iea.get(2)).isEqualTo(isa.get(13));
        assertThat(ge.get(1)).isEqualTo("1");
        assertThat(ge.get(2)).isEqualTo(gs.get(6));
        assertThat(st.get(1)).isEqualTo("835");
        assertThat(se.get(2)).isEqualTo(st.get(2));
        int stIndex = segments.indexOf(st);
        int seIndex = segments.indexOf(se);
        assertThat(Integer.parseInt(se.get(1))).isEqualTo(seIndex - stIndex + 1);
        assertThat(gs.get(1)).isEqualTo("HP");

        // payment, trace, payer, payee
        JsonNode payment = era.get("payment");
        Segment bpr = byTag.get("BPR").get(0);
        assertThat(bpr.get(2)).isEqualTo(dollars(payment.get("amount").asLong()));
        assertThat(bpr.get(4)).isEqualTo(payment.get("method").asText().equals("ach") ? "ACH" : "CHK");
        assertThat(bpr.get(16)).isEqualTo(payment.get("date").asText().substring(0, 10).replace("-", ""));
        assertThat(byTag.get("TRN").get(0).get(2)).isEqualTo(payment.get("check_number").asText());
        List<Segment> n1 = byTag.get("N1");
        Segment payer = n1.stream().filter(s -> s.get(1).equals("PR")).findFirst().orElseThrow();
        Segment payee = n1.stream().filter(s -> s.get(1).equals("PE")).findFirst().orElseThrow();
        assertThat(payer.get(2)).isEqualTo(era.at("/payer/name").asText().replaceAll("[*~:^]", " "));
        assertThat(byTag.get("REF").stream().filter(s -> s.get(1).equals("2U")).findFirst().orElseThrow().get(2))
                .isEqualTo(era.at("/payer/id").asText());
        assertThat(payee.get(2)).isEqualTo(era.at("/payee/name").asText());
        assertThat(payee.get(3)).isEqualTo("XX");
        assertThat(payee.get(4)).isEqualTo(era.at("/payee/npi").asText());

        // claims, in order, with their lines and adjustments
        List<List<Segment>> claims = new ArrayList<>();
        for (Segment segment : segments.subList(stIndex, seIndex)) {
            if (segment.tag().equals("CLP")) {
                claims.add(new ArrayList<>());
            }
            if (!claims.isEmpty()) {
                claims.get(claims.size() - 1).add(segment);
            }
        }
        assertThat(claims).hasSize(era.get("claims").size());
        long paidTotal = 0;
        for (int c = 0; c < claims.size(); c++) {
            JsonNode claim = era.get("claims").get(c);
            List<Segment> parts = claims.get(c);
            Segment clp = parts.get(0);
            assertThat(clp.get(1)).isEqualTo(claim.get("patient_control_number").asText());
            assertThat(clp.get(2)).isEqualTo(Map.of("paid", "1", "denied", "4", "reversed", "22")
                    .get(claim.get("status").asText()));
            assertThat(clp.get(3)).isEqualTo(dollars(claim.get("charged_amount").asLong()));
            assertThat(clp.get(4)).isEqualTo(dollars(claim.get("paid_amount").asLong()));
            assertThat(clp.get(5)).isEqualTo(dollars(claim.get("patient_responsibility").asLong()));
            assertThat(clp.get(7)).isEqualTo(claim.get("payer_claim_number").asText());
            paidTotal += new BigDecimal(clp.get(4)).movePointRight(2).longValueExact();
            Segment patient = parts.stream().filter(s -> s.tag().equals("NM1") && s.get(1).equals("QC")).findFirst().orElseThrow();
            assertThat(patient.get(9)).isEqualTo(claim.at("/patient/subscriber_id").asText());
            assertThat((patient.get(4) + " " + patient.get(3)).strip()).isEqualTo(claim.at("/patient/name").asText());
            List<Segment> services = parts.stream().filter(s -> s.tag().equals("SVC")).toList();
            assertThat(services).hasSize(claim.get("service_lines").size());
            for (int l = 0; l < services.size(); l++) {
                JsonNode line = claim.get("service_lines").get(l);
                Segment svc = services.get(l);
                assertThat(svc.get(1).split(":")[0]).isEqualTo("HC");
                assertThat(svc.get(1).split(":")[1]).isEqualTo(line.get("procedure_code").asText());
                assertThat(svc.get(2)).isEqualTo(dollars(line.get("charged_amount").asLong()));
                assertThat(svc.get(3)).isEqualTo(dollars(line.get("paid_amount").asLong()));
                assertThat(svc.get(5)).isEqualTo(line.get("units").asText());
            }
            // every CAS amount of the claim (claim level and its lines) explains charged - paid, as in the ERA
            long adjusted = 0;
            for (Segment cas : parts.stream().filter(s -> s.tag().equals("CAS")).toList()) {
                for (int amount = 3; amount <= cas.elements().size(); amount += 3) {
                    adjusted += new BigDecimal(cas.get(amount)).movePointRight(2).longValueExact();
                }
            }
            assertThat(adjusted).isEqualTo(claim.get("charged_amount").asLong() - claim.get("paid_amount").asLong());
            for (Segment segment : parts) {
                if (List.of("CLP", "SVC").contains(segment.tag())) {
                    for (int i = segment.tag().equals("CLP") ? 3 : 2; i <= (segment.tag().equals("CLP") ? 5 : 3); i++) {
                        assertThat(segment.get(i)).as("amount %s of %s", i, segment).matches("-?\\d+\\.\\d{2}");
                    }
                }
            }
        }
        // PLB after the last claim: the payee's NPI, December 31 of the payment's year, reason:reference and amount;
        // BPR02 is the claims' CLP04 total minus every PLB amount
        List<Segment> plb = segments.subList(stIndex, seIndex).stream().filter(s -> s.tag().equals("PLB")).toList();
        JsonNode adjustments = era.path("provider_adjustments");
        assertThat(plb).hasSize((adjustments.size() + 5) / 6);
        long plbTotal = 0;
        List<String> identifiers = new ArrayList<>();
        for (Segment segment : plb) {
            assertThat(segment.get(1)).isEqualTo(era.at("/payee/npi").asText());
            assertThat(segment.get(2)).isEqualTo(payment.get("date").asText().substring(0, 4) + "1231");
            for (int i = 3; i < segment.elements().size(); i += 2) {
                identifiers.add(segment.get(i));
                plbTotal += new BigDecimal(segment.get(i + 1)).movePointRight(2).longValueExact();
            }
        }
        List<String> expected = new ArrayList<>();
        long adjusted = 0;
        for (JsonNode adjustment : adjustments) {
            JsonNode reference = adjustment.get("reference");
            expected.add(adjustment.get("reason").asText() + (reference == null || reference.isNull() ? "" : ":" + reference.asText()));
            adjusted += adjustment.get("amount").asLong();
        }
        assertThat(identifiers).isEqualTo(expected);
        assertThat(plbTotal).isEqualTo(adjusted);
        if (!plb.isEmpty()) {
            assertThat(segments.indexOf(plb.get(plb.size() - 1))).isEqualTo(seIndex - 1);
        }
        assertThat(new BigDecimal(bpr.get(2)).movePointRight(2).longValueExact()).isEqualTo(paidTotal - plbTotal);
        assertThat(paidTotal - plbTotal).isEqualTo(payment.get("amount").asLong());
    }

    @Test
    void everyFixtureEraParsesBackToTheSameRemittance() throws Exception {
        JsonNode eras = state().get("eras");
        assertThat(eras.size()).isGreaterThan(10);
        for (JsonNode era : eras) {
            assertRoundTrip(api, era);
        }
    }

    @Test
    void anEraCreatedByAnInsurancePaymentParsesBackToo() throws Exception {
        LiveFixtures fixtures = LiveFixtures.read(api);
        ApiClient.Response created = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", fixtures.riversideOperating(),
                "payer", Map.of("name", "ACME: HEALTH^PLAN WEST", "id", "1413791217"),
                "claims", List.of(
                        Map.of("patient_control_number", "PCN-1", "charged_amount", 25_000, "paid_amount", 18_000,
                                "patient", Map.of("name", "JORDAN ELLIS", "subscriber_id", "W1"),
                                "service_date", "2026-02-20",
                                "service_lines", List.of(Map.of("procedure_code", "99214", "modifiers", List.of("25", "59"),
                                        "charged_amount", 25_000, "paid_amount", 18_000, "remark_codes", List.of("N130", "M25"),
                                        "adjustments", List.of(
                                                Map.of("group", "CO", "reason_code", "45", "amount", 5_000),
                                                Map.of("group", "PR", "reason_code", "2", "amount", 2_000))))),
                        Map.of("patient_control_number", "PCN-2", "charged_amount", 9_000, "paid_amount", 0,
                                "adjustments", List.of(Map.of("group", "CO", "reason_code", "50", "amount", 9_000))))));
        assertThat(created.status()).as(created.toString()).isEqualTo(201);
        JsonNode era = created.json().get("era");
        ((com.fasterxml.jackson.databind.node.ObjectNode) era).put("entity_id", fixtures.riverside());
        assertRoundTrip(api, era);
        String x12 = api.get("/v0/remittances/" + remittanceId(era) + "/era").text();
        assertThat(x12).contains("N1*PR*ACME  HEALTH PLAN WEST~").contains("SVC*HC:99214:25:59*250.00*180.00**1~")
                .contains("LQ*HE*N130~").contains("LQ*HE*M25~");
    }

    @Test
    void moreThanSixAdjustmentsOfOneGroupSpreadOverSeveralCasSegments() throws Exception {
        LiveFixtures fixtures = LiveFixtures.read(api);
        List<Map<String, Object>> adjustments = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            adjustments.add(Map.of("group", "CO", "reason_code", String.valueOf(45 + i), "amount", 100 + i));
        }
        long adjusted = adjustments.stream().mapToLong(a -> ((Number) a.get("amount")).longValue()).sum();
        JsonNode era = control.post("/_sandbox/insurance-payments", Map.of(
                "account_id", fixtures.riversideOperating(),
                "payer", Map.of("name", "CIGNA", "id", "1590000000"),
                "claims", List.of(Map.of("patient_control_number", "PCN-CAS", "charged_amount", 10_000 + adjusted,
                        "paid_amount", 10_000, "patient", Map.of("name", "PAT SMITH", "subscriber_id", "C1"),
                        "service_date", "2026-02-25",
                        "service_lines", List.of(Map.of("procedure_code", "99213", "charged_amount", 10_000 + adjusted,
                                "paid_amount", 10_000, "adjustments", adjustments)))))).json().get("era");
        ((com.fasterxml.jackson.databind.node.ObjectNode) era).put("entity_id", fixtures.riverside());
        assertRoundTrip(api, era);
        List<Segment> cas = parse(api.get("/v0/remittances/" + remittanceId(era) + "/era").text()).stream()
                .filter(s -> s.tag().equals("CAS")).toList();
        assertThat(cas).hasSize(2);
        assertThat(cas.get(0).elements()).hasSize(1 + 6 * 3 - 1);
        assertThat(cas).allSatisfy(s -> assertThat(s.get(1)).isEqualTo("CO"));
    }

    /**
     * Every option together, each with the others: ACH or check, with and without either delay, with and
     * without PLB (interest added, an overpayment held back, more than six), claims paid, denied and a
     * reversal with its correction. Once the clock has brought every half, each ERA the remittance
     * listing shows parses back into the amounts of its JSON.
     */
    @Test
    void everyCombinationOfTheOptionsParsesBackToTheSameAmounts() throws Exception {
        LiveFixtures fixtures = LiveFixtures.read(api);
        List<Map<String, Object>> claims = List.of(
                Map.of("patient_control_number", "PCN-R", "payer_claim_number", "E900", "status", "reversed",
                        "charged_amount", -20_000, "paid_amount", -16_000,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "45", "amount", -4_000))),
                Map.of("patient_control_number", "PCN-R", "payer_claim_number", "E900", "charged_amount", 20_000,
                        "paid_amount", 17_500, "patient", Map.of("name", "ROBIN LEE", "subscriber_id", "W9"),
                        "service_lines", List.of(Map.of("procedure_code", "99214", "charged_amount", 20_000,
                                "paid_amount", 17_500, "adjustments", List.of(
                                        Map.of("group", "CO", "reason_code", "45", "amount", 1_500),
                                        Map.of("group", "PR", "reason_code", "2", "amount", 1_000))))),
                Map.of("patient_control_number", "PCN-D", "status", "denied", "charged_amount", 9_000, "paid_amount", 0,
                        "adjustments", List.of(Map.of("group", "CO", "reason_code", "50", "amount", 9_000))),
                Map.of("patient_control_number", "PCN-P", "charged_amount", 30_000, "paid_amount", 24_000,
                        "patient_responsibility", 2_000));
        List<List<Map<String, Object>>> plbs = new ArrayList<>();
        plbs.add(List.of());
        plbs.add(List.of(Map.of("reason", "L6", "amount", -412), Map.of("reason", "WO", "reference", "E100", "amount", 3_000)));
        List<Map<String, Object>> many = new ArrayList<>();
        for (String reason : List.of("L6", "WO", "FB", "72", "CS", "J1", "IR", "90")) {
            many.add(Map.of("reason", reason, "reference", "REF-" + reason, "amount", reason.equals("L6") ? -100 : 100));
        }
        plbs.add(many);
        List<String> eraIds = new ArrayList<>();
        for (String method : List.of("ach", "check")) {
            for (String eraDelay : new String[] {null, "P1D"}) {
                for (String paymentDelay : method.equals("ach") ? new String[] {null, "PT12H"} : new String[] {null}) {
                    for (List<Map<String, Object>> plb : plbs) {
                        Map<String, Object> body = new java.util.LinkedHashMap<>();
                        body.put("account_id", fixtures.riversideOperating());
                        body.put("payer", Map.of("name", "MEDICARE PART B", "id", "MCR01"));
                        body.put("claims", claims);
                        body.put("method", method);
                        if (eraDelay != null) {
                            body.put("era_delay", eraDelay);
                        }
                        if (paymentDelay != null) {
                            body.put("payment_delay", paymentDelay);
                        }
                        if (!plb.isEmpty()) {
                            body.put("provider_adjustments", plb);
                        }
                        ApiClient.Response created = control.post("/_sandbox/insurance-payments", body);
                        assertThat(created.status()).as(created.toString()).isEqualTo(201);
                        eraIds.add(created.json().at("/era/id").asText());
                    }
                }
            }
        }
        assertThat(control.post("/_sandbox/clock/advance", Map.of("by", "P3D")).status()).isEqualTo(200);
        int read = 0;
        for (JsonNode era : state().get("eras")) {
            if (eraIds.contains(era.get("id").asText())) {
                assertThat(era.get("received_at").isNull()).as("received by now: %s", era).isFalse();
                JsonNode shown = api.get("/v0/remittances?entity_id=" + era.get("entity_id").asText() + "&limit=100").json();
                assertThat(shown.get("data").findValuesAsText("id")).contains(remittanceId(era));
                assertRoundTrip(api, era);
                read++;
            }
        }
        assertThat(read).isEqualTo(eraIds.size()).isEqualTo(2 * 2 * 3 + 2 * 3); // ACH: era delay x payment delay x PLB; check: era delay x PLB
    }

    @Test
    void theSameEraAlwaysGivesTheSameText() {
        String id = remittanceId(state().get("eras").get(0));
        assertThat(api.get("/v0/remittances/" + id + "/era").text()).isEqualTo(api.get("/v0/remittances/" + id + "/era").text());
    }

    @Test
    void unknownOrInvisibleRemittanceHasNoEra() {
        ApiClient.Response unknown = api.get("/v0/remittances/remittance_nope/era");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("message").asText()).isEqualTo("Remittance remittance_nope not found");
        JsonNode eraId = state().get("eras").get(0).get("id");
        assertThat(api.get("/v0/remittances/" + eraId.asText() + "/era").status()).as("an era_ id is not a remittance id")
                .isEqualTo(404);
        String lakeside = LiveFixtures.read(api).lakeside();
        for (JsonNode era : state().get("eras")) {
            if (era.get("entity_id").asText().equals(lakeside)) {
                assertThat(api.as(ONE).get("/v0/remittances/" + remittanceId(era) + "/era").status()).isEqualTo(404);
                assertThat(api.get("/v0/remittances/" + remittanceId(era) + "/era").status()).isEqualTo(200);
            }
        }
        assertThat(api.as(null).get("/v0/remittances/" + remittanceId(state().get("eras").get(0)) + "/era").status())
                .isEqualTo(401);
    }
}
