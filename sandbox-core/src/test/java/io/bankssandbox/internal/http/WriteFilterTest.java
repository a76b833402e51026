package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every textual media type the sandbox writes says UTF-8; binary ones and ones that name a charset stay as they are. */
class WriteFilterTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "text/plain | text/plain; charset=utf-8",
            "TEXT/HTML | TEXT/HTML; charset=utf-8",
            "application/json | application/json; charset=utf-8",
            "application/problem+json | application/problem+json; charset=utf-8",
            "application/vnd.x12+xml | application/vnd.x12+xml; charset=utf-8",
            "application/yaml | application/yaml; charset=utf-8",
            "application/xml | application/xml; charset=utf-8",
            "application/javascript | application/javascript; charset=utf-8",
            "application/pdf | application/pdf",
            "image/png | image/png",
            "application/octet-stream | application/octet-stream",
            "text/plain; charset=iso-8859-1 | text/plain; charset=iso-8859-1",
            "application/json; charset=UTF-8 | application/json; charset=UTF-8"})
    void textSaysUtf8(String contentType, String written) {
        assertThat(WriteFilter.utf8(contentType)).isEqualTo(written);
    }
}
