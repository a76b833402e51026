package io.bankssandbox.internal.webhooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The Standard Webhooks signature against the example the spec's own libraries are tested with. */
class StandardWebhooksSignatureTest {
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String MESSAGE_ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long TIMESTAMP = 1614265330L;
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

    @Test
    void theSpecsExampleIsSignedAsTheSpecSignsIt() {
        byte[] key = StandardWebhooksSignature.key(SECRET);
        assertThat(StandardWebhooksSignature.sign(key, MESSAGE_ID, TIMESTAMP, BODY))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void aSecretIsItsBase64KeyWithOrWithoutTheWhsecPrefix() {
        byte[] expected = Base64.getDecoder().decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        assertThat(StandardWebhooksSignature.key(SECRET)).isEqualTo(expected);
        assertThat(StandardWebhooksSignature.key("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).isEqualTo(expected);
    }

    @Test
    void aSecretThatIsNotBase64HasNoKey() {
        assertThat(StandardWebhooksSignature.key("whsec_not base64!")).isNull();
        assertThat(StandardWebhooksSignature.key("%%%")).isNull();
    }

    @Test
    void theIdTheTimestampAndEveryByteOfTheBodyAreSigned() {
        byte[] key = StandardWebhooksSignature.key(SECRET);
        String original = StandardWebhooksSignature.sign(key, MESSAGE_ID, TIMESTAMP, BODY);
        assertThat(StandardWebhooksSignature.sign(key, "msg_other", TIMESTAMP, BODY)).isNotEqualTo(original);
        assertThat(StandardWebhooksSignature.sign(key, MESSAGE_ID, TIMESTAMP + 1, BODY)).isNotEqualTo(original);
        assertThat(StandardWebhooksSignature.sign(key, MESSAGE_ID, TIMESTAMP, "{\"test\": 2432232315}"
                .getBytes(StandardCharsets.UTF_8))).isNotEqualTo(original);
    }
}
