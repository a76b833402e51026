package io.bankssandbox.internal.era;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The 835 writer element by element, on ERAs built in the test: what each segment carries, where the
 * guide leaves an element empty, and where the writer splits, cuts or repeats.
 */
class Era835WriterTest {
    private static final Instant PAID = Instant.parse("2026-02-12T00:00:00Z");
    private static final Instant RECEIVED = Instant.parse("2026-02-13T09:05:00Z");
    private static final EraDeposit DEPOSIT = new EraDeposit("021000021", "7000123456", "101000019", "555000111");

    static Era.Adjustment adjustment(String group, String reason, long amount) {
        return new Era.Adjustment(group, reason, null, amount);
    }

    static Era.Claim claim(String pcn, String status, String patient, String subscriberId, Instant from, Instant to,
                           List<Era.Adjustment> adjustments, List<Era.ServiceLine> lines) {
        return new Era.Claim(pcn, "PCN" + pcn, status, 30_000, 20_000, 1_000, new Era.Patient(patient, subscriberId),
                from, to, adjustments, lines);
    }

    static Era era(String method, Instant receivedAt, Era.Claim... claims) {
        return new Era("era_writer_1", null, "entity_x", new Era.Party("AETNA", "1066033492"),
                new Era.Payee("RIVERSIDE CLINIC", "1234567893"), new Era.Payment(64_500, method, "100231", PAID),
                List.of(claims), receivedAt, receivedAt);
    }

    static List<String> lines(String x12) {
        return List.of(x12.split("\\R"));
    }

    static List<String> segments(String x12, String prefix) {
        List<String> out = new ArrayList<>();
        for (String line : lines(x12)) {
            if (line.startsWith(prefix)) {
                out.add(line);
            }
        }
        return out;
    }

    private static final Era.Claim FULL = claim("A1", "paid", "MARY ANN SMITH", "W123",
            Instant.parse("2026-02-01T00:00:00Z"), Instant.parse("2026-02-03T00:00:00Z"),
            List.of(adjustment("CO", "45", 100), adjustment("CO", "97", 200), adjustment("PR", "2", 300)),
            List.of(new Era.ServiceLine("99214", List.of("25"), 30_000, 20_000, 2,
                    List.of(adjustment("CO", "45", 9_000)), List.of("N130"))));

    @Test
    void anAchEraIsWrittenSegmentBySegmentInTheOrderTheGuideGivesWithItsDatesAndCounts() {
        assertThat(new Era835().write(era("ach", RECEIVED, FULL), DEPOSIT)).isEqualTo(String.join("\n",
                "ISA*00*          *00*          *ZZ*1066033492     *ZZ*1234567893     *260213*0905*^*00501*115519987*0*T*:~",
                "GS*HP*1066033492*1234567893*20260213*0905*115519987*X*005010X221A1~",
                "ST*835*0001*005010X221A1~",
                "BPR*I*645.00*C*ACH*CCP*01*021000021*DA*7000123456*1066033492**01*101000019*DA*555000111*20260212~",
                "TRN*1*100231*1066033492~",
                "DTM*405*20260212~",
                "N1*PR*AETNA~",
                "N3*PO BOX 70345~",
                "N4*ATLANTA*GA*30348~",
                "REF*2U*1066033492~",
                "PER*BL*EDI SUPPORT*TE*8005550436~",
                "N1*PE*RIVERSIDE CLINIC*XX*1234567893~",
                "LX*1~",
                "CLP*A1*1*300.00*200.00*10.00*12*PCNA1~",
                "CAS*CO*45*1.00**97*2.00~",
                "CAS*PR*2*3.00~",
                "NM1*QC*1*SMITH*MARY ANN****MI*W123~",
                "DTM*232*20260201~",
                "DTM*233*20260203~",
                "SVC*HC:99214:25*300.00*200.00**2~",
                "DTM*472*20260201~",
                "CAS*CO*45*90.00~",
                "LQ*HE*N130~",
                "SE*22*0001~",
                "GE*1*115519987~",
                "IEA*1*115519987~",
                ""));
    }

    @Test
    void theInterchangeIsDatedWhenTheEraWasReceivedOrOnThePaymentDateWhenItHasNoReceivedTime() {
        String x12 = new Era835().write(era("ach", null, FULL), DEPOSIT);
        assertThat(segments(x12, "ISA").get(0)).contains("*260212*0000*^*00501*");
        assertThat(segments(x12, "GS").get(0)).startsWith("GS*HP*1066033492*1234567893*20260212*0000*");
    }

    @Test
    void senderAndReceiverIdsAreTwoToFifteenCharactersZeroPaddedOrCutAndTheIsaFieldsFifteenWide() {
        Era era = new Era("era_writer_1", null, "entity_x", new Era.Party("AETNA", "7"),
                new Era.Payee("RIVERSIDE CLINIC", "ABCDEFGHIJKLMNOPQRST"), new Era.Payment(64_500, "check", "100231", PAID),
                List.of(FULL), RECEIVED, RECEIVED);
        String x12 = new Era835().write(era, null);
        assertThat(segments(x12, "GS").get(0)).startsWith("GS*HP*07*ABCDEFGHIJKLMNO*");
        assertThat(segments(x12, "ISA").get(0)).contains("*ZZ*07             *ZZ*ABCDEFGHIJKLMNO*");
    }

    @Test
    void controlNumbersAreTheSameInEachEnvelopeAndTheInterchangesIsZeroPaddedToNineDigits() {
        boolean sawShortControl = false;
        for (int i = 0; i < 40; i++) {
            Era era = new Era("era_" + i, null, "entity_x", new Era.Party("AETNA", "1066033492"),
                    new Era.Payee("RIVERSIDE CLINIC", "1234567893"), new Era.Payment(64_500, "check", "100231", PAID),
                    List.of(FULL), RECEIVED, RECEIVED);
            String x12 = new Era835().write(era, null);
            String control = segments(x12, "GS").get(0).split("\\*")[6];
            String isaControl = segments(x12, "ISA").get(0).split("\\*")[13];
            assertThat(control).matches("[1-9]\\d{0,8}");
            assertThat(isaControl).isEqualTo("0".repeat(9 - control.length()) + control);
            assertThat(segments(x12, "GE").get(0)).isEqualTo("GE*1*" + control + "~");
            assertThat(segments(x12, "IEA").get(0)).isEqualTo("IEA*1*" + isaControl + "~");
            sawShortControl |= control.length() < 9;
        }
        assertThat(sawShortControl).as("one of the ERAs tried has a control number under nine digits").isTrue();
    }

    @Test
    void aClaimWithoutAServiceEndDateHasTheStartDateOnlyAndEveryServiceLineIsDatedOnTheStart() {
        Era.Claim oneDay = claim("B1", "paid", "JO LEE", "W9", Instant.parse("2026-01-31T00:00:00Z"), null, List.of(),
                List.of(new Era.ServiceLine("99213", List.of(), 30_000, 20_000, 1, List.of(), List.of()),
                        new Era.ServiceLine("80053", List.of(), 0, 0, 1, List.of(), List.of())));
        String x12 = new Era835().write(era("check", RECEIVED, oneDay), null);
        assertThat(segments(x12, "DTM*232")).containsExactly("DTM*232*20260131~");
        assertThat(segments(x12, "DTM*233")).isEmpty();
        assertThat(segments(x12, "DTM*472")).containsExactly("DTM*472*20260131~", "DTM*472*20260131~");
        assertThat(segments(x12, "SVC")).containsExactly("SVC*HC:99213*300.00*200.00**1~", "SVC*HC:80053*0.00*0.00**1~");
    }

    @Test
    void thePatientsLastNameIsTheWordAfterTheLastSpaceAndASingleWordIsAllLastName() {
        String x12 = new Era835().write(era("check", RECEIVED,
                claim("C1", "paid", "  JOSE  DE LA CRUZ ", "S77", PAID, null, List.of(), List.of()),
                claim("C2", "paid", "CHER", "S78", PAID, null, List.of(), List.of()),
                claim("C3", "paid", "PRINCE", null, PAID, null, List.of(), List.of()),
                claim("C4", "paid", "ANA*MARIA LOPEZ", "X", PAID, null, List.of(), List.of())), null);
        assertThat(segments(x12, "NM1*QC")).containsExactly(
                "NM1*QC*1*CRUZ*JOSE  DE LA****MI*S77~",
                "NM1*QC*1*CHER*****MI*S78~",
                // no id, no qualifier, and the empty first name at the end is left out
                "NM1*QC*1*PRINCE~",
                // a one-character id is too short for NM109, so it goes with its qualifier
                "NM1*QC*1*LOPEZ*ANA MARIA~");
    }

    @Test
    void exactlySixAdjustmentsOfAGroupFitOneCasSegmentAndTheSeventhStartsAnother() {
        List<Era.Adjustment> six = new ArrayList<>();
        for (int i = 1; i <= 7; i++) {
            six.add(adjustment("CO", String.valueOf(i), i * 100L));
        }
        String x12 = new Era835().write(era("check", RECEIVED,
                claim("D1", "paid", "PAT ONE", "P1", PAID, null, six.subList(0, 6), List.of()),
                claim("D2", "paid", "PAT TWO", "P2", PAID, null, six, List.of())), null);
        assertThat(segments(x12, "CAS")).containsExactly(
                "CAS*CO*1*1.00**2*2.00**3*3.00**4*4.00**5*5.00**6*6.00~",
                "CAS*CO*1*1.00**2*2.00**3*3.00**4*4.00**5*5.00**6*6.00~",
                "CAS*CO*7*7.00~");
    }

    @Test
    void adjustmentsAreGroupedByGroupCodeInTheOrderEachGroupFirstAppears() {
        String x12 = new Era835().write(era("check", RECEIVED, claim("E1", "paid", "PAT ONE", "P1", PAID, null,
                List.of(adjustment("PR", "1", 500), adjustment("CO", "45", 100), adjustment("PR", "2", 250),
                        adjustment("OA", "23", -75)), List.of())), null);
        assertThat(segments(x12, "CAS")).containsExactly("CAS*PR*1*5.00**2*2.50~", "CAS*CO*45*1.00~", "CAS*OA*23*-0.75~");
    }

    @Test
    void aCheckPaymentLeavesTheBankElementsEmptyButKeepsThemInPlaceBeforeTheDate() {
        String x12 = new Era835().write(era("check", RECEIVED, FULL), null);
        assertThat(segments(x12, "BPR")).containsExactly("BPR*I*645.00*C*CHK************20260212~");
    }

    @Test
    void claimStatusesAreOneForPaidFourForDeniedTwentyTwoForReversedAndOneForAnyOther() {
        String x12 = new Era835().write(era("check", RECEIVED,
                claim("F1", "paid", "A B", "P1", PAID, null, List.of(), List.of()),
                claim("F2", "denied", "A B", "P1", PAID, null, List.of(), List.of()),
                claim("F3", "reversed", "A B", "P1", PAID, null, List.of(), List.of()),
                claim("F4", "pended", "A B", "P1", PAID, null, List.of(), List.of())), null);
        assertThat(segments(x12, "CLP").stream().map(s -> s.split("\\*")[2]).toList()).containsExactly("1", "4", "22", "1");
    }

    @Test
    void medicaidPayersFileAsMedicaidAndTheCheckIsMatchedCaseInsensitively() {
        Era medicaid = new Era("era_writer_2", null, "entity_x", new Era.Party("State Medicaid of Ohio", "OH123"),
                new Era.Payee("RIVERSIDE CLINIC", "1234567893"), new Era.Payment(64_500, "check", "100231", PAID),
                List.of(FULL), RECEIVED, RECEIVED);
        assertThat(segments(new Era835().write(medicaid, null), "CLP").get(0)).contains("*MC*");
        Era medicare = new Era("era_writer_3", null, "entity_x", new Era.Party("medicare part b", "MCR01"),
                new Era.Payee("RIVERSIDE CLINIC", "1234567893"), new Era.Payment(64_500, "check", "100231", PAID),
                List.of(FULL), RECEIVED, RECEIVED);
        assertThat(segments(new Era835().write(medicare, null), "CLP").get(0)).contains("*MB*");
    }

    @Test
    void valuesLongerThanTheirElementAreCutAndDelimitersBecomeSpaces() {
        Era.Claim claim = new Era.Claim("P".repeat(40), "Q".repeat(60), "paid", 30_000, 20_000, 1_000,
                new Era.Patient("F".repeat(40) + " " + "L".repeat(70), "S".repeat(90)), PAID, null, List.of(),
                List.of(new Era.ServiceLine("X".repeat(50), List.of("ABC"), 30_000, 20_000, 1, List.of(),
                        List.of("R".repeat(35)))));
        Era era = new Era("era_writer_4", null, "entity_x", new Era.Party("N".repeat(70) + "~", "1066033492"),
                new Era.Payee("A:B^C*D", "1234567893"), new Era.Payment(64_500, "check", "100231", PAID),
                List.of(claim), RECEIVED, RECEIVED);
        String x12 = new Era835().write(era, null);
        assertThat(segments(x12, "N1*PR")).containsExactly("N1*PR*" + "N".repeat(60) + "~");
        assertThat(segments(x12, "N1*PE")).containsExactly("N1*PE*A B C D*XX*1234567893~");
        assertThat(segments(x12, "CLP").get(0)).startsWith("CLP*" + "P".repeat(38) + "*1*").endsWith("*" + "Q".repeat(50) + "~");
        assertThat(segments(x12, "NM1*QC")).containsExactly(
                "NM1*QC*1*" + "L".repeat(60) + "*" + "F".repeat(35) + "****MI*" + "S".repeat(80) + "~");
        assertThat(segments(x12, "SVC")).containsExactly("SVC*HC:" + "X".repeat(48) + ":AB*300.00*200.00**1~");
        assertThat(segments(x12, "LQ")).containsExactly("LQ*HE*" + "R".repeat(30) + "~");
    }
}
