package io.bankssandbox.internal.lockbox;

import io.bankssandbox.internal.access.Caller;
import io.bankssandbox.internal.entities.Entity;
import io.bankssandbox.internal.pdf.TextPdf;
import io.bankssandbox.internal.state.DomainException;
import io.bankssandbox.internal.state.SandboxState;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The scanned PDF of a mail item ({@code file_id}, served at {@code GET /v0/files/{id}}). The sandbox
 * has no paper to scan, so the "scan" is a page describing what the lockbox found: recipient,
 * lockbox address, when it arrived, and every check with its amount, status and MICR line.
 */
public final class MailScan {
    private static final DateTimeFormatter RECEIVED =
            DateTimeFormatter.ofPattern("MMMM d, yyyy 'at' HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    /** What the scan shows, read under the state lock and rendered outside it. */
    public record Contents(MailItem item, Entity recipient) {}

    private MailScan() {}

    /** The mail item whose scan has this file id, or not found when unknown or invisible to the caller. */
    public static Contents find(SandboxState state, Caller caller, String fileId) {
        MailItem item = state.table(MailItem.TABLE).lookup(MailItem.BY_FILE_OR_CHECK, fileId);
        if (item != null && item.fileId().equals(fileId) && caller.canSee(item.providerId())) {
            return new Contents(item, state.table(Entity.TABLE).get(item.providerId()));
        }
        throw DomainException.notFound("File", fileId);
    }

    public static byte[] render(Contents contents) {
        MailItem item = contents.item();
        Entity recipient = contents.recipient();
        List<TextPdf.Row> rows = new ArrayList<>();
        rows.add(new TextPdf.Row("Mail item", item.id()));
        rows.add(new TextPdf.Row("Recipient", recipient.name()));
        Entity.LockboxAddress lockbox = recipient.lockboxAddress();
        if (lockbox != null) {
            rows.add(new TextPdf.Row("Lockbox", String.join(", ", nonBlank(lockbox.line1(), lockbox.line2(),
                    lockbox.city(), lockbox.state() + " " + lockbox.postalCode()))));
        }
        rows.add(new TextPdf.Row("Received", RECEIVED.format(item.receivedAt())));
        rows.add(new TextPdf.Row("Checks found", item.checks().isEmpty() ? "none (correspondence)"
                : String.valueOf(item.checks().size())));
        int number = 1;
        for (CheckDeposit check : item.checks()) {
            StringBuilder line = new StringBuilder(dollars(check.amount())).append(", ").append(check.status());
            if (check.micr() != null) {
                line.append(", serial ").append(check.micr().serialNumber())
                        .append(", routing ").append(check.micr().routingNumber())
                        .append(", account ").append(check.micr().accountNumber());
            }
            line.append(" (").append(check.id()).append(")");
            rows.add(new TextPdf.Row("Check " + number++, line.toString()));
        }
        rows.add(new TextPdf.Row("Total of checks", dollars(item.amount())));
        return TextPdf.render("Scanned mail", "Received " + RECEIVED.format(item.receivedAt())
                + " at the lockbox of " + recipient.name() + ".", rows);
    }

    /** Cents as the scan prints them: {@code $1,234.56}. */
    static String dollars(long cents) {
        return String.format(Locale.US, "$%,.2f", BigDecimal.valueOf(cents, 2));
    }

    private static List<String> nonBlank(String... parts) {
        List<String> out = new ArrayList<>();
        for (String part : parts) {
            if (part != null && !part.isBlank()) {
                out.add(part.strip());
            }
        }
        return out;
    }
}
