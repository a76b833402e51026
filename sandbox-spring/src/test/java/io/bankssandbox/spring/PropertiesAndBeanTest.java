package io.bankssandbox.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import jakarta.annotation.PostConstruct;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

@SpringJUnitConfig(PropertiesAndBeanTest.Application.class)
@EnableBanksSandbox(baseUrlProperty = {"bank.base-url", "bank.fallback-url"}, apiKeyProperty = "bank.api-key", seed = 101)
// a stale value the application's own configuration might hold: the sandbox's must win
@TestPropertySource(properties = "bank.base-url=http://127.0.0.1:1")
class PropertiesAndBeanTest {

    @Configuration
    static class Application {
        @Bean
        BankClient bankClient(@Value("${bank.base-url}") String baseUrl, @Value("${bank.api-key}") String apiKey) {
            return new BankClient(baseUrl, apiKey);
        }

        @Bean
        StartupCall startupCall(BankClient client) {
            return new StartupCall(client);
        }
    }

    /** A bean that calls the bank while the context starts: the sandbox must already answer. */
    static final class StartupCall {
        private final BankClient client;
        int status;

        StartupCall(BankClient client) {
            this.client = client;
        }

        @PostConstruct
        void call() {
            status = client.get("/v0/entities");
        }
    }

    @Autowired Sandbox sandbox;
    @Autowired BankClient client;
    @Autowired StartupCall startupCall;
    @Autowired Environment environment;

    @Test
    void namedPropertiesHoldTheSandboxsUrlAndKeyOverTheApplicationsOwnValues() {
        assertThat(client.baseUrl()).isEqualTo(sandbox.baseUrl()).startsWith("http://127.0.0.1:");
        assertThat(client.apiKey()).isEqualTo(sandbox.apiKey()).isEqualTo("lm_key_sandbox_all");
        assertThat(environment.getProperty("bank.fallback-url")).isEqualTo(sandbox.baseUrl());
    }

    @Test
    void defaultPropertyNamesAreSetToo() {
        assertThat(environment.getProperty(EnableBanksSandbox.DEFAULT_BASE_URL_PROPERTY)).isEqualTo(sandbox.baseUrl());
        assertThat(environment.getProperty(EnableBanksSandbox.DEFAULT_API_KEY_PROPERTY)).isEqualTo(sandbox.apiKey());
    }

    @Test
    void theSandboxAnswersBeforeTheApplicationsBeansAreCreated() {
        assertThat(startupCall.status).isEqualTo(200);
        assertThat(client.get("/v0/entities")).isEqualTo(200);
    }
}
