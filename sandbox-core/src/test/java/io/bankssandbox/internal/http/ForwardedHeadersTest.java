package io.bankssandbox.internal.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a forwarded host or scheme may be before it gets into a URL the sandbox writes: a registered name
 * of unreserved characters (percent-encoded ones included), or an IP literal in brackets; {@code http} or
 * {@code https}. Each character class is tried at both of its ends and just past them.
 */
class ForwardedHeadersTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "z", "A", "Z", "0", "9", ".", "-", "_", "~", "%", "bank-1.example.com", "a%20b",
            "[::1]", "[0]", "[9]", "[a]", "[f]", "[A]", "[F]", "[2001:db8::ff]", "[::ffff:192.0.2.1]"})
    void plainHosts(String host) {
        assertThat(ForwardedHeaders.isPlainHost(host)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "`", "{", "@", "[", "]", "/", ":", "bank'x", "a b", "bank.example/phish", "a\"b",
            "[]", "[g]", "[G]", "[/]", "[;]", "[::1", "::1]", "[::1]x", "[a b]"})
    void hostsThatAreNotPlain(String host) {
        assertThat(ForwardedHeaders.isPlainHost(host)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http", "https"})
    void plainSchemes(String scheme) {
        assertThat(ForwardedHeaders.isPlainScheme(scheme)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "HTTP", "ftp", "javascript", "https:", "wss"})
    void schemesThatAreNotPlain(String scheme) {
        assertThat(ForwardedHeaders.isPlainScheme(scheme)).isFalse();
    }
}
