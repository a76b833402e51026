package io.bankssandbox.internal.era;

import io.bankssandbox.internal.state.StableDigits;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * An ERA as the X12 835 (005010X221A1) a payer would have sent: one interchange, one functional
 * group, one transaction set, one segment a line. Written as text, with no X12 library at run time
 * (its schemas and reader made a fresh JVM's first 835 cost ten times its writing); the build reads
 * every 835 its tests serve, and ERAs of every shape made up by a property, back with StAEDI against
 * the guide's implementation schema (Era835Test, Era835GuideTest, Era835PropertyTest): an 835 that
 * breaks the guide is a failed build, never an answer.
 *
 * <p>What goes where: BPR02 the payment amount, BPR04 {@code ACH} or {@code CHK}; for ACH, BPR05 to
 * BPR15 the banks and accounts of {@link EraDeposit} and BPR10 the payer's originating company id;
 * TRN the {@link ReassociationTrace} (TRN02 the ERA's {@code check_number}, TRN03 the same company id
 * the ACH's addenda carry); N1*PR the payer with its id in REF*2U, a synthetic address (N3/N4) and EDI
 * contact (PER*BL), both stable per payer; N1*PE the payee with its NPI (XX); one CLP per claim
 * (status 1 paid, 4 denied, 22 reversed), CAS per adjustment group, NM1*QC the patient (NM108/NM109
 * only with a subscriber id), DTM*232/233 the service period, SVC per service line with DTM*472, its
 * CAS and LQ*HE remark codes; after the last claim, PLB for the provider-level adjustments (six a
 * segment: the payee's NPI, December 31 of the payment's year, reason:reference and amount). Amounts are dollars with two decimals; values longer than their
 * element allows are cut to its maximum. Control numbers and dates derive from the ERA, so the same
 * ERA always gives the same text.
 */
public final class Era835 {
    public static final String VERSION = "005010X221A1";

    /** Made only for a date outside years 1 to 9999: a formatter's classes would cost a fresh JVM's first 835 ~100 of them. */
    private static final class Formatters {
        static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd").withZone(ZoneOffset.UTC);
        static final DateTimeFormatter CCYYMMDD = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);
    }
    private static final Map<String, String> CLAIM_STATUS = Map.of("paid", "1", "denied", "4", "reversed", "22");
    /** CLP06 of a commercial payer: a preferred provider organization. */
    private static final String COMMERCIAL_FILING = "12";

    /** The 835 of an ERA, one segment per line; {@code deposit} is null for a check payment. */
    public String write(Era era, EraDeposit deposit) {
        String control = String.valueOf(Math.floorMod(era.id().hashCode(), 999_999_999) + 1);
        Instant sentAt = era.receivedAt() != null ? era.receivedAt() : era.payment().date();
        ReassociationTrace trace = ReassociationTrace.of(era);
        X12Segments segments = new X12Segments();
        segments.writeHeader("00", " ".repeat(10), "00", " ".repeat(10),
                "ZZ", fixed(era.payer().id(), 15), "ZZ", fixed(era.payee().npi(), 15),
                yymmdd(sentAt), hhmm(sentAt), "^", "00501", pad(control, 9), "0", "T", ":");
        segments.write("GS", "HP", idOf(era.payer().id()), idOf(era.payee().npi()), ccyymmdd(sentAt),
                hhmm(sentAt), control, "X", VERSION);
        segments.startCount();
        segments.write("ST", "835", "0001", VERSION);
        financialInformation(segments, era, deposit, trace);
        segments.write("TRN", "1", required(fit(trace.traceNumber(), 50), "TRN02"), trace.originatingCompanyId());
        segments.write("DTM", "405", ccyymmdd(era.payment().date()));
        payer(segments, era.payer());
        segments.write("N1", "PE", required(fit(era.payee().name(), 60), "N1*PE N102"), "XX",
                required(fit(era.payee().npi(), 80), "N1*PE N104"));
        segments.write("LX", "1");
        for (Era.Claim claim : era.claims()) {
            claim(segments, era, claim);
        }
        providerAdjustments(segments, era);
        segments.write("SE", String.valueOf(segments.count() + 1), "0001");
        segments.write("GE", "1", control);
        segments.write("IEA", "1", pad(control, 9));
        return segments.text();
    }

    /** BPR: remittance information only (the money moves by its own ACH or check); ACH names both banks. */
    private static void financialInformation(X12Segments segments, Era era, EraDeposit deposit, ReassociationTrace trace) {
        String amount = amount(era.payment().amount());
        String date = ccyymmdd(era.payment().date());
        if (deposit != null) {
            segments.write("BPR", "I", amount, "C", "ACH", "CCP", "01", deposit.payerRouting(), "DA",
                    deposit.payerAccount(), trace.originatingCompanyId(), "", "01", deposit.payeeRouting(), "DA",
                    deposit.payeeAccount(), date);
        } else {
            segments.write("BPR", "I", amount, "C", "CHK", "", "", "", "", "", "", "", "", "", "", "", date);
        }
    }

    /** Loop 1000A: the payer's name and id, and the address and EDI contact the guide requires. */
    private static void payer(X12Segments segments, Era.Party payer) {
        segments.write("N1", "PR", required(fit(payer.name(), 60), "N1*PR N102"));
        segments.write("N3", "PO BOX " + StableDigits.of("po box:" + payer.id(), 5));
        segments.write("N4", "ATLANTA", "GA", "30348");
        String id = fit(payer.id(), 50);
        if (!id.isEmpty()) {
            segments.write("REF", "2U", id);
        }
        segments.write("PER", "BL", "EDI SUPPORT", "TE", "8005550" + StableDigits.of("phone:" + payer.id(), 3));
    }

    private static void claim(X12Segments segments, Era era, Era.Claim claim) {
        segments.write("CLP", required(fit(claim.patientControlNumber(), 38), "CLP01"),
                CLAIM_STATUS.getOrDefault(claim.status(), "1"), amount(claim.chargedAmount()),
                amount(claim.paidAmount()), amount(claim.patientResponsibility()), filingIndicator(era.payer()),
                required(fit(claim.payerClaimNumber(), 50), "CLP07"));
        adjustments(segments, claim.adjustments());
        String[] name = patientName(claim.patient().name());
        required(name[0], "NM103");
        String subscriberId = fit(claim.patient().subscriberId(), 80);
        if (subscriberId.length() >= 2) {
            segments.write("NM1", "QC", "1", name[0], name[1], "", "", "", "MI", subscriberId);
        } else {
            // a qualifier never goes without its id (syntax P0809): no id, no NM108
            segments.write("NM1", "QC", "1", name[0], name[1]);
        }
        segments.write("DTM", "232", ccyymmdd(claim.serviceDate()));
        if (claim.serviceEndDate() != null) {
            segments.write("DTM", "233", ccyymmdd(claim.serviceEndDate()));
        }
        for (Era.ServiceLine line : claim.serviceLines()) {
            List<String> procedure = new ArrayList<>();
            procedure.add("HC");
            procedure.add(required(fit(line.procedureCode(), 48), "SVC01-2"));
            line.modifiers().forEach(m -> procedure.add(fit(m, 2)));
            segments.writeWithComposite("SVC", procedure, amount(line.chargedAmount()),
                    amount(line.paidAmount()), "", String.valueOf(line.units()));
            segments.write("DTM", "472", ccyymmdd(claim.serviceDate()));
            adjustments(segments, line.adjustments());
            for (String remark : line.remarkCodes()) {
                segments.write("LQ", "HE", required(fit(remark, 30), "LQ02"));
            }
        }
    }

    /**
     * PLB, after the last claim: the provider-level adjustments, six to a segment. PLB01 the payee's
     * NPI (the N1*PE id), PLB02 the fiscal period date (December 31 of the payment's year), then per
     * adjustment the identifier (reason code, and its reference when there is one) and the amount:
     * positive held back, negative added, so BPR02 is the claims' CLP04 total minus every PLB amount.
     */
    private static void providerAdjustments(X12Segments segments, Era era) {
        List<Era.ProviderAdjustment> all = era.providerAdjustments();
        String fiscalPeriod = LocalDate.ofInstant(era.payment().date(), ZoneOffset.UTC).getYear() + "1231";
        for (int from = 0; from < all.size(); from += 6) {
            List<Object> elements = new ArrayList<>();
            elements.add(required(fit(era.payee().npi(), 50), "PLB01"));
            elements.add(fiscalPeriod);
            for (Era.ProviderAdjustment adjustment : all.subList(from, Math.min(all.size(), from + 6))) {
                String reference = fit(adjustment.reference(), 50);
                String reason = required(fit(adjustment.reason(), 2), "PLB03-1");
                elements.add(reference.isEmpty() ? List.of(reason) : List.of(reason, reference));
                elements.add(amount(adjustment.amount()));
            }
            segments.writeMixed("PLB", elements);
        }
    }

    /** CLP06: Medicare Part B and Medicaid payers by name, any other payer a commercial PPO. */
    private static String filingIndicator(Era.Party payer) {
        String name = text(payer.name()).toUpperCase(Locale.ROOT);
        return name.contains("MEDICARE") ? "MB" : name.contains("MEDICAID") ? "MC" : COMMERCIAL_FILING;
    }

    /** CAS segments: adjustments grouped by group code, at most six reason/amount pairs per segment. */
    private static void adjustments(X12Segments segments, List<Era.Adjustment> adjustments) {
        Map<String, List<Era.Adjustment>> byGroup = new LinkedHashMap<>();
        for (Era.Adjustment adjustment : adjustments) {
            byGroup.computeIfAbsent(text(adjustment.group()), g -> new ArrayList<>()).add(adjustment);
        }
        for (Map.Entry<String, List<Era.Adjustment>> group : byGroup.entrySet()) {
            List<Era.Adjustment> all = group.getValue();
            for (int from = 0; from < all.size(); from += 6) {
                List<String> elements = new ArrayList<>();
                elements.add(group.getKey());
                for (Era.Adjustment adjustment : all.subList(from, Math.min(all.size(), from + 6))) {
                    elements.add(required(fit(adjustment.reasonCode(), 5), "CAS02"));
                    elements.add(amount(adjustment.amount()));
                    elements.add("");
                }
                elements.remove(elements.size() - 1);
                segments.write("CAS", elements.toArray(String[]::new));
            }
        }
    }

    /** {@code CCYYMMDD} in UTC, as {@code DateTimeFormatter.ofPattern("yyyyMMdd")} writes it. */
    static String ccyymmdd(Instant instant) {
        LocalDate date = LocalDate.ofInstant(instant, ZoneOffset.UTC);
        if (date.getYear() < 1 || date.getYear() > 9999) {
            return Formatters.CCYYMMDD.format(instant);
        }
        return digits(date.getYear(), 4) + digits(date.getMonthValue(), 2) + digits(date.getDayOfMonth(), 2);
    }

    /** {@code YYMMDD} in UTC (ISA09), as {@code DateTimeFormatter.ofPattern("yyMMdd")} writes it. */
    static String yymmdd(Instant instant) {
        LocalDate date = LocalDate.ofInstant(instant, ZoneOffset.UTC);
        if (date.getYear() < 1 || date.getYear() > 9999) {
            return Formatters.YYMMDD.format(instant);
        }
        return digits(date.getYear() % 100, 2) + digits(date.getMonthValue(), 2) + digits(date.getDayOfMonth(), 2);
    }

    /** {@code HHMM} in UTC (ISA10, GS05). */
    static String hhmm(Instant instant) {
        int secondOfDay = (int) Math.floorMod(instant.getEpochSecond(), 86_400L);
        return digits(secondOfDay / 3600, 2) + digits(secondOfDay / 60 % 60, 2);
    }

    private static String digits(int value, int width) {
        String text = Integer.toString(value);
        return "0".repeat(Math.max(0, width - text.length())) + text;
    }

    /** Cents as X12 writes money: dollars with two decimals ({@code 645.00}, {@code -12.50}). */
    public static String amount(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    /** NM103 (last name, up to 60) and NM104 (first names, up to 35) from a name written "FIRST LAST". */
    private static String[] patientName(String name) {
        String clean = text(name).strip();
        int space = clean.lastIndexOf(' ');
        return space < 0 ? new String[] {cut(clean, 60), ""}
                : new String[] {cut(clean.substring(space + 1), 60), cut(clean.substring(0, space).strip(), 35)};
    }

    /**
     * An element the guide requires, never written empty: a value that is blank once X12's delimiters
     * are left out (a payer named ":") makes no 835 rather than one that breaks the guide.
     */
    private static String required(String value, String element) {
        if (value.isEmpty()) {
            throw new IllegalStateException("the 835 cannot leave " + element + " empty: its value is blank without X12's delimiters");
        }
        return value;
    }

    /** A value fit for an element of at most {@code max} characters (see {@link #text}), without outer spaces. */
    private static String fit(String value, int max) {
        return cut(text(value).strip(), max);
    }

    private static String cut(String value, int max) {
        return value.length() > max ? value.substring(0, max).strip() : value;
    }

    /**
     * A value fit for an element: X12 has no escape character, so the delimiters ({@code * ~ : ^})
     * and line breaks, which StAEDI refuses inside an element, become spaces.
     */
    static String text(String value) {
        if (value == null) {
            return "";
        }
        // X12 carries printable ASCII only: é is written without its accent (e), anything with no ASCII
        // form (an emoji, a CJK name) as ?, so that a name the JSON keeps whole still makes a valid 835
        // (only marks on a letter go: a value of marks alone, which the schemas let through, stays ? and never blank)
        String ascii = java.text.Normalizer.normalize(value, java.text.Normalizer.Form.NFD).replaceAll("(?<=\\P{M})\\p{M}+", "");
        StringBuilder out = new StringBuilder(ascii.length());
        ascii.codePoints().forEach(c -> {
            if (c == '*' || c == '~' || c == ':' || c == '^' || c < 0x20) {
                out.append(' ');
            } else {
                out.append(c > 0x7e ? '?' : (char) c);
            }
        });
        return out.toString();
    }

    /** An interchange or group id: 2 to 15 characters. */
    private static String idOf(String value) {
        String clean = cut(text(value).strip(), 15);
        return clean.length() < 2 ? pad(clean, 2) : clean;
    }

    /** A fixed-width ISA field: left-aligned, padded with spaces, cut to the width. */
    private static String fixed(String value, int width) {
        String clean = idOf(value);
        return clean.length() >= width ? clean.substring(0, width) : clean + " ".repeat(width - clean.length());
    }

    private static String pad(String digits, int width) {
        return "0".repeat(Math.max(0, width - digits.length())) + digits;
    }
}
