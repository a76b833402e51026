package io.bankssandbox.era;

import io.xlate.edi.schema.EDISchemaException;
import io.xlate.edi.schema.Schema;
import io.xlate.edi.schema.SchemaFactory;
import io.xlate.edi.stream.EDIInputFactory;
import io.xlate.edi.stream.EDIOutputFactory;
import io.xlate.edi.stream.EDIStreamConstants;
import io.xlate.edi.stream.EDIStreamEvent;
import io.xlate.edi.stream.EDIStreamException;
import io.xlate.edi.stream.EDIStreamReader;
import io.xlate.edi.stream.EDIStreamWriter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An ERA as the X12 835 (005010X221A1) a payer would have sent: one interchange, one functional
 * group, one transaction set. Written with StAEDI, whose X12 control schema checks the envelope as
 * it is written (element sizes, SE/GE/IEA counts, matching control numbers), then read back with
 * StAEDI before it is served: an 835 that does not parse is a bug, never an answer.
 *
 * <p>What goes where: BPR02 the payment amount, BPR04 {@code ACH} or {@code CHK}, TRN02 the ERA's
 * {@code check_number}, N1*PR the payer (its id in REF*2U), N1*PE the payee with its NPI (XX), one
 * CLP per claim (status 1 paid, 4 denied, 22 reversed), CAS per adjustment group, NM1*QC the patient,
 * DTM*232/233 the service period, SVC per service line with DTM*472, its CAS and LQ*HE remark codes.
 * Amounts are dollars with two decimals. Control numbers and dates derive from the ERA, so the same
 * ERA always gives the same text.
 */
public final class Era835 {
    public static final String VERSION = "005010X221A1";

    private static final DateTimeFormatter YYMMDD = DateTimeFormatter.ofPattern("yyMMdd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter CCYYMMDD = DateTimeFormatter.ofPattern("yyyyMMdd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter HHMM = DateTimeFormatter.ofPattern("HHmm").withZone(ZoneOffset.UTC);
    private static final Map<String, String> CLAIM_STATUS = Map.of("paid", "1", "denied", "4", "reversed", "22");

    /** StAEDI's X12 envelope schema, loaded on the first 835: most sandboxes never serve one, and start faster without it. */
    private Schema controlSchema;

    private synchronized Schema controlSchema() {
        if (controlSchema == null) {
            try {
                controlSchema = SchemaFactory.newFactory()
                        .getControlSchema(EDIStreamConstants.Standards.X12, new String[] {"00501"});
            } catch (EDISchemaException e) {
                throw new IllegalStateException("StAEDI's X12 control schema is unreadable", e);
            }
        }
        return controlSchema;
    }

    /** The 835 of an ERA, one segment per line. */
    public String write(Era era) {
        String text = render(era);
        List<String> problems = problems(text);
        if (!problems.isEmpty()) {
            throw new IllegalStateException("the 835 written for " + era.id() + " does not parse: " + problems);
        }
        return text;
    }

    /** Every error StAEDI reports reading an interchange (envelope structure, counts, control numbers). */
    public List<String> problems(String x12) {
        List<String> problems = new ArrayList<>();
        EDIInputFactory factory = EDIInputFactory.newFactory();
        try (EDIStreamReader reader = factory.createEDIStreamReader(
                new ByteArrayInputStream(x12.getBytes(StandardCharsets.UTF_8)), controlSchema())) {
            boolean sawTransaction = false;
            while (reader.hasNext()) {
                EDIStreamEvent event = reader.next();
                if (event.isError()) {
                    problems.add(event + " " + reader.getErrorType() + " at " + reader.getLocation());
                } else if (event == EDIStreamEvent.START_TRANSACTION) {
                    sawTransaction = true;
                }
            }
            if (!sawTransaction) {
                problems.add("no transaction set");
            }
        } catch (EDIStreamException | IOException | RuntimeException e) {
            problems.add(e.getMessage());
        }
        return problems;
    }

    private String render(Era era) {
        EDIOutputFactory factory = EDIOutputFactory.newFactory();
        factory.setProperty(EDIOutputFactory.PRETTY_PRINT, true);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String control = String.valueOf(Math.floorMod(era.id().hashCode(), 999_999_999) + 1);
        Instant sentAt = era.receivedAt() != null ? era.receivedAt() : era.payment().date();
        try {
            EDIStreamWriter writer = factory.createEDIStreamWriter(out);
            writer.setControlSchema(controlSchema());
            Segments segments = new Segments(writer);
            writer.startInterchange();
            segments.write("ISA", "00", " ".repeat(10), "00", " ".repeat(10),
                    "ZZ", fixed(era.payer().id(), 15), "ZZ", fixed(era.payee().npi(), 15),
                    YYMMDD.format(sentAt), HHMM.format(sentAt), "^", "00501", pad(control, 9), "0", "T", ":");
            segments.write("GS", "HP", idOf(era.payer().id()), idOf(era.payee().npi()), CCYYMMDD.format(sentAt),
                    HHMM.format(sentAt), control, "X", VERSION);
            segments.startCount();
            segments.write("ST", "835", "0001", VERSION);
            boolean ach = "ach".equals(era.payment().method());
            segments.write("BPR", "I", amount(era.payment().amount()), "C", ach ? "ACH" : "CHK", ach ? "CCP" : "",
                    "", "", "", "", "", "", "", "", "", "", CCYYMMDD.format(era.payment().date()));
            // TRN03, the payer's identifier, is at most 10 characters; the full id is in REF*2U
            String payerId = idOf(era.payer().id());
            segments.write("TRN", "1", text(era.payment().checkNumber()),
                    payerId.length() > 10 ? payerId.substring(0, 10) : payerId);
            segments.write("DTM", "405", CCYYMMDD.format(era.payment().date()));
            segments.write("N1", "PR", text(era.payer().name()));
            segments.write("REF", "2U", text(era.payer().id()));
            segments.write("N1", "PE", text(era.payee().name()), "XX", text(era.payee().npi()));
            segments.write("LX", "1");
            for (Era.Claim claim : era.claims()) {
                segments.write("CLP", text(claim.patientControlNumber()),
                        CLAIM_STATUS.getOrDefault(claim.status(), "1"), amount(claim.chargedAmount()),
                        amount(claim.paidAmount()), amount(claim.patientResponsibility()), "CI",
                        text(claim.payerClaimNumber()));
                adjustments(segments, claim.adjustments());
                String[] name = patientName(claim.patient().name());
                segments.write("NM1", "QC", "1", name[0], name[1], "", "", "", "MI",
                        text(claim.patient().subscriberId()));
                segments.write("DTM", "232", CCYYMMDD.format(claim.serviceDate()));
                if (claim.serviceEndDate() != null) {
                    segments.write("DTM", "233", CCYYMMDD.format(claim.serviceEndDate()));
                }
                for (Era.ServiceLine line : claim.serviceLines()) {
                    List<String> procedure = new ArrayList<>();
                    procedure.add("HC");
                    procedure.add(text(line.procedureCode()));
                    line.modifiers().forEach(m -> procedure.add(text(m)));
                    segments.writeWithComposite("SVC", procedure, amount(line.chargedAmount()),
                            amount(line.paidAmount()), "", String.valueOf(line.units()));
                    segments.write("DTM", "472", CCYYMMDD.format(claim.serviceDate()));
                    adjustments(segments, line.adjustments());
                    for (String remark : line.remarkCodes()) {
                        segments.write("LQ", "HE", text(remark));
                    }
                }
            }
            segments.write("SE", String.valueOf(segments.count() + 1), "0001");
            segments.write("GE", "1", control);
            segments.write("IEA", "1", pad(control, 9));
            writer.endInterchange();
            writer.close();
        } catch (EDIStreamException e) {
            throw new IllegalStateException("StAEDI refused the 835 of " + era.id() + ": " + e.getMessage(), e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /** CAS segments: adjustments grouped by group code, at most six reason/amount pairs per segment. */
    private static void adjustments(Segments segments, List<Era.Adjustment> adjustments) throws EDIStreamException {
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
                    elements.add(text(adjustment.reasonCode()));
                    elements.add(amount(adjustment.amount()));
                    elements.add("");
                }
                elements.remove(elements.size() - 1);
                segments.write("CAS", elements.toArray(String[]::new));
            }
        }
    }

    /** Cents as X12 writes money: dollars with two decimals ({@code 645.00}, {@code -12.50}). */
    public static String amount(long cents) {
        return BigDecimal.valueOf(cents, 2).toPlainString();
    }

    /** NM103 (last name) and NM104 (first names) from a name written "FIRST LAST". */
    private static String[] patientName(String name) {
        String clean = text(name).strip();
        int space = clean.lastIndexOf(' ');
        return space < 0 ? new String[] {clean, ""} : new String[] {clean.substring(space + 1), clean.substring(0, space).strip()};
    }

    /**
     * A value fit for an element: X12 has no escape character, so the delimiters ({@code * ~ : ^})
     * and line breaks, which StAEDI refuses inside an element, become spaces.
     */
    static String text(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            out.append(c == '*' || c == '~' || c == ':' || c == '^' || c < 0x20 ? ' ' : c);
        }
        return out.toString();
    }

    /** An interchange or group id: 2 to 15 characters. */
    private static String idOf(String value) {
        String clean = text(value).strip();
        if (clean.length() > 15) {
            clean = clean.substring(0, 15);
        }
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

    /** Writes segments and counts those of the transaction set (ST to SE) for SE01. */
    private static final class Segments {
        private final EDIStreamWriter writer;
        private int count = -1;

        Segments(EDIStreamWriter writer) {
            this.writer = writer;
        }

        void startCount() {
            count = 0;
        }

        int count() {
            return count;
        }

        void write(String tag, String... elements) throws EDIStreamException {
            writer.writeStartSegment(tag);
            writeElements(elements);
            end();
        }

        /** A segment whose first element is a composite (SVC01: qualifier, code, modifiers). */
        void writeWithComposite(String tag, List<String> components, String... elements) throws EDIStreamException {
            writer.writeStartSegment(tag);
            writer.writeStartElement();
            for (String component : components) {
                writer.writeComponent(component);
            }
            writer.endElement();
            writeElements(elements);
            end();
        }

        private void writeElements(String... elements) throws EDIStreamException {
            // trailing empty elements are left out, as X12 requires
            int last = elements.length - 1;
            while (last >= 0 && elements[last].isEmpty()) {
                last--;
            }
            for (int i = 0; i <= last; i++) {
                if (elements[i].isEmpty()) {
                    writer.writeEmptyElement();
                } else {
                    writer.writeElement(elements[i]);
                }
            }
        }

        private void end() throws EDIStreamException {
            writer.writeEndSegment();
            if (count >= 0) {
                count++;
            }
        }
    }
}
