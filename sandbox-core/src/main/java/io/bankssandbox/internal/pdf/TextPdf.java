package io.bankssandbox.internal.pdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * The sandbox's documents (settlement instructions, scanned mail): a title, a line under it, then
 * labelled rows, on US Letter pages, continued on a new page when a page is full. Built with
 * PDFBox's standard fonts, which need no font files.
 */
public final class TextPdf {
    /** One row: a bold label and its value. */
    public record Row(String label, String value) {}

    private static final float MARGIN = 72;
    private static final float TOP = 700;
    private static final float ROW_HEIGHT = 20;

    private TextPdf() {}

    public static byte[] render(String title, String subtitle, List<Row> rows) {
        PDType1Font bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
        PDType1Font regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(title);
            info.setProducer("Banks Sandbox");
            PDPageContentStream text = newPage(document);
            text.setFont(bold, 18);
            text.showText(printable(title));
            text.newLineAtOffset(0, -22);
            text.setFont(regular, 10);
            text.showText(printable(subtitle));
            text.newLineAtOffset(0, -36);
            float y = TOP - 58;
            for (Row row : rows) {
                if (y < MARGIN) {
                    text.endText();
                    text.close();
                    text = newPage(document);
                    y = TOP;
                }
                text.setFont(bold, 12);
                text.showText(printable(row.label()) + ": ");
                text.setFont(regular, 12);
                text.showText(printable(row.value()));
                text.newLineAtOffset(0, -ROW_HEIGHT);
                y -= ROW_HEIGHT;
            }
            text.endText();
            text.close();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PDPageContentStream newPage(PDDocument document) throws IOException {
        PDPage page = new PDPage(PDRectangle.LETTER);
        document.addPage(page);
        PDPageContentStream text = new PDPageContentStream(document, page);
        text.beginText();
        text.newLineAtOffset(MARGIN, TOP);
        return text;
    }

    /** The standard fonts encode WinAnsi only: anything else would make PDFBox refuse the text. */
    public static String printable(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (char c : value.toCharArray()) {
            out.append(c >= 0x20 && c < 0x7f ? c : (c >= 0xa0 && c <= 0xff ? c : '?'));
        }
        return out.toString();
    }
}
