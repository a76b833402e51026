package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bankssandbox.internal.testing.ApiClient;
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

/** What the 835 tests share: a parser of the X12 text back into amounts, and the round trip every ERA must survive. */
abstract class Era835TestBase extends SandboxTestBase {

    /** One parsed segment: its tag and elements; a composite element's components joined by ':'. */
    record Segment(String tag, List<String> elements) {
        String get(int position) {
            return position <= elements.size() ? elements.get(position - 1) : "";
        }
    }

    static final Era835Validator GUIDE = new Era835Validator();

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

    static String dollars(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    static String remittanceId(JsonNode era) {
        return "remittance_" + era.get("id").asText().substring("era_".length());
    }

    /** Asserts the 835 served for an ERA says what the ERA says. */
    void assertRoundTrip(ApiClient client, JsonNode era) throws Exception {
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
}
