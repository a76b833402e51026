package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Request bodies: a number too large for a double is refused with the pointer of the first one. */
class RequestBodyParserTest {

    private static ApiException refusal(String body) {
        try {
            RequestBodyParser.parse(body.getBytes(StandardCharsets.UTF_8));
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("accepted " + body);
    }

    @Test
    void theFirstNumberBeyondADoubleIsNamedByItsPointerInDocumentOrder() {
        assertThat(refusal("{\"a\":{\"b\":[1, 2.5, 1e400], \"c\": -1e999}, \"d\": 1e500}").status()).isEqualTo(400);
        assertThat(refusal("{\"a\":{\"b\":[1, 2.5, 1e400], \"c\": -1e999}, \"d\": 1e500}").getMessage())
                .isEqualTo("Request body has a number out of range at /a/b/2");
        assertThat(refusal("{\"ok\": 1.5, \"list\": [{\"x\": 1}, {\"x\": -1E+999}]}").getMessage())
                .isEqualTo("Request body has a number out of range at /list/1/x");
        assertThat(refusal("1e400").getMessage()).isEqualTo("Request body has a number out of range at /");
    }

    @Test
    void largeButFiniteNumbersAndOtherValuesPass() {
        assertThat(RequestBodyParser.parse("{\"f\": 1.5e300, \"n\": -1e-400, \"s\": \"1e400\", \"a\": [[]], \"o\": {}}"
                .getBytes(StandardCharsets.UTF_8)).get("f").doubleValue()).isEqualTo(1.5e300);
        assertThatThrownBy(() -> RequestBodyParser.parse("{".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ApiException.class).hasMessageStartingWith("Request body is not valid JSON");
    }
}
