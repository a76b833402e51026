package io.bankssandbox.internal.accounts;

import io.bankssandbox.internal.pdf.TextPdf;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The one-page letter an account holder gives a payer so it can send money by ACH or wire: holder,
 * bank, routing and account number, laid out by {@link TextPdf}.
 */
public final class SettlementInstructions {
    /** The bank behind the sandbox's accounts (routing number 084106768). */
    public static final String BANK_NAME = "Evolve Bank & Trust";
    public static final String BANK_ADDRESS = "6000 Poplar Ave, Suite 300, Memphis, TN 38119";

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("MMMM d, yyyy").withZone(ZoneOffset.UTC);

    /** What the letter says. */
    public record Details(String holderName, String accountName, String routingNumber, String accountNumber,
                          Instant issuedAt) {}

    private SettlementInstructions() {}

    public static byte[] render(Details details) {
        return TextPdf.render("Settlement instructions",
                "Issued " + DATE.format(details.issuedAt()) + ". Use these details to send ACH or wire payments.",
                List.of(new TextPdf.Row("Account holder", details.holderName()),
                        new TextPdf.Row("Account name", details.accountName()),
                        new TextPdf.Row("Bank", BANK_NAME),
                        new TextPdf.Row("Bank address", BANK_ADDRESS),
                        new TextPdf.Row("Routing number (ABA)", details.routingNumber()),
                        new TextPdf.Row("Account number", details.accountNumber()),
                        new TextPdf.Row("Account type", "Checking")));
    }
}
