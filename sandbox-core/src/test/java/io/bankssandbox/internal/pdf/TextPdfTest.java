package io.bankssandbox.internal.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;

/**
 * The documents' layout, read back with PDFBox: the title in bold 18 an inch from the left, the
 * subtitle in regular 10 under it, then rows of a bold label and a regular value 20 points apart,
 * continued on a new US Letter page once a page is full; text the standard fonts cannot write is
 * replaced by {@code ?}.
 */
class TextPdfTest {
    /** One line as it is drawn: its text, page (from 1), where it starts and the fonts it uses. */
    private record Line(int page, String text, float x, float y, List<String> fonts) {}

    private static List<Line> lines(byte[] pdf) throws IOException {
        List<Line> lines = new ArrayList<>();
        try (PDDocument document = Loader.loadPDF(pdf)) {
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void writeString(String text, List<TextPosition> positions) {
                    List<String> fonts = new ArrayList<>();
                    for (TextPosition p : positions) {
                        String font = p.getFont().getName() + " " + Math.round(p.getFontSizeInPt());
                        if (!fonts.contains(font)) {
                            fonts.add(font);
                        }
                    }
                    TextPosition first = positions.get(0);
                    lines.add(new Line(getCurrentPageNo(), text, first.getXDirAdj(),
                            first.getPageHeight() - first.getYDirAdj(), fonts));
                }
            };
            stripper.setSortByPosition(false);
            stripper.getText(document);
        }
        return lines;
    }

    @Test
    void aTitleASubtitleAndLabelledRowsAreLaidOutAsTheDocumentsShowThem() throws IOException {
        byte[] pdf = TextPdf.render("Settlement instructions", "Riverside Operating",
                List.of(new TextPdf.Row("Account number", "5347631083"), new TextPdf.Row("Routing number", "084106768")));
        try (PDDocument document = Loader.loadPDF(pdf)) {
            assertThat(document.getNumberOfPages()).isEqualTo(1);
            assertThat(document.getPage(0).getMediaBox().toString()).isEqualTo(PDRectangle.LETTER.toString());
            assertThat(document.getDocumentInformation().getTitle()).isEqualTo("Settlement instructions");
            assertThat(document.getDocumentInformation().getProducer()).isEqualTo("Banks Sandbox");
        }
        List<Line> lines = lines(pdf);
        assertThat(lines).extracting(Line::text).containsExactly("Settlement instructions", "Riverside Operating",
                "Account number: 5347631083", "Routing number: 084106768");
        assertThat(lines).extracting(Line::x).containsOnly(72f);
        assertThat(lines).extracting(Line::y).containsExactly(700f, 678f, 642f, 622f);
        assertThat(lines.get(0).fonts()).containsExactly("Helvetica-Bold 18");
        assertThat(lines.get(1).fonts()).containsExactly("Helvetica 10");
        assertThat(lines.get(2).fonts()).containsExactly("Helvetica-Bold 12", "Helvetica 12");
    }

    @Test
    void rowsThatNoLongerFitContinueAtTheTopOfANewPage() throws IOException {
        List<TextPdf.Row> rows = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            rows.add(new TextPdf.Row("Row", Integer.toString(i)));
        }
        List<Line> lines = lines(TextPdf.render("Mail", "scan", rows));
        // the first page holds rows from y 642 down to 82 (29 rows): at 62 the row is below the bottom margin
        List<Line> first = lines.stream().filter(l -> l.page() == 1).toList();
        List<Line> second = lines.stream().filter(l -> l.page() == 2).toList();
        assertThat(first).hasSize(2 + 29);
        assertThat(first.get(first.size() - 1)).extracting(Line::text, Line::y).containsExactly("Row: 29", 82f);
        assertThat(second).hasSize(11);
        assertThat(second.get(0)).extracting(Line::text, Line::x, Line::y).containsExactly("Row: 30", 72f, 700f);
        assertThat(second.get(1).y()).isEqualTo(680f);
        assertThat(second.get(0).fonts()).containsExactly("Helvetica-Bold 12", "Helvetica 12");
    }

    @Test
    void textTheStandardFontsCannotWriteBecomesAQuestionMark() {
        assertThat(TextPdf.printable(null)).isEmpty();
        assertThat(TextPdf.printable(" ~")).isEqualTo(" ~");
        assertThat(TextPdf.printable("\u001f\u007f\u009f")).isEqualTo("???");
        assertThat(TextPdf.printable("\u00a0é\u00ff")).isEqualTo("\u00a0é\u00ff");
        assertThat(TextPdf.printable("Ōsaka €5")).isEqualTo("?saka ?5");
    }
}
