package io.bankssandbox.accounts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * The one-page letter an account holder gives a payer so it can send money by ACH or wire: holder,
 * bank, routing and account number. Built with PDFBox's standard fonts, which need no font files.
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
        PDType1Font bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
        PDType1Font regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle("Settlement instructions");
            info.setProducer("Banks Sandbox");
            PDPage page = new PDPage(PDRectangle.LETTER);
            document.addPage(page);
            try (PDPageContentStream text = new PDPageContentStream(document, page)) {
                text.beginText();
                text.newLineAtOffset(72, 700);
                text.setFont(bold, 18);
                text.showText("Settlement instructions");
                text.newLineAtOffset(0, -22);
                text.setFont(regular, 10);
                text.showText("Issued " + DATE.format(details.issuedAt()) + ". Use these details to send ACH or wire payments.");
                text.newLineAtOffset(0, -36);
                List<String[]> rows = List.of(
                        new String[] {"Account holder", details.holderName()},
                        new String[] {"Account name", details.accountName()},
                        new String[] {"Bank", BANK_NAME},
                        new String[] {"Bank address", BANK_ADDRESS},
                        new String[] {"Routing number (ABA)", details.routingNumber()},
                        new String[] {"Account number", details.accountNumber()},
                        new String[] {"Account type", "Checking"});
                for (String[] row : rows) {
                    text.setFont(bold, 12);
                    text.showText(printable(row[0]) + ": ");
                    text.setFont(regular, 12);
                    text.showText(printable(row[1]));
                    text.newLineAtOffset(0, -20);
                }
                text.endText();
            }
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The standard fonts encode WinAnsi only: anything else would make PDFBox refuse the text. */
    static String printable(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            out.append(c >= 0x20 && c < 0x7f ? c : (c >= 0xa0 && c <= 0xff ? c : '?'));
        }
        return out.toString();
    }
}
