package io.bankssandbox.internal.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.bankssandbox.Sandbox;
import io.bankssandbox.SandboxConfig;
import io.bankssandbox.internal.testing.ApiClient;
import io.bankssandbox.internal.testing.SandboxTestBase;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The dashboard's files over plain HTTP: served from the classpath, right types, no auth for the files. */
class DashboardRoutesTest extends SandboxTestBase {

    @Test
    void dashboardPageIsHtmlServedWithoutAuthorization() {
        ApiClient.Response page = control.get("/_sandbox/ui");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(page.text()).contains("<title>Banks Sandbox</title>", "data-testid=\"clock-now\"",
                "data-testid=\"simulate-ach-form\"", "data-testid=\"requests-table\"");
    }

    @Test
    void everyFileThePageLinksLoadsWithItsContentType() {
        String html = control.get("/_sandbox/ui").text();
        // relative to where the page was served (no trailing slash): it works under any prefix
        assertThat(html).doesNotContain("=\"/");
        Matcher links = Pattern.compile("(?:src|href)=\"(ui/[^\"]+)\"").matcher(html);
        int found = 0;
        while (links.find()) {
            ApiClient.Response asset = control.get("/_sandbox/" + links.group(1));
            assertThat(asset.status()).as(links.group(1)).isEqualTo(200);
            assertThat(asset.bytes()).as(links.group(1)).isNotEmpty();
            found++;
        }
        assertThat(found).as("the page links its script, stylesheet and icon").isGreaterThanOrEqualTo(3);
    }

    @Test
    void theScriptsCallTheControlApiWhereThePageWasServedNeverAtTheRoot() {
        for (String script : List.of("dom.js", "app.js", "webhooks.js", "sandboxes.js")) {
            String text = control.get("/_sandbox/ui/" + script).text();
            // every call goes through dom.js's call() or baseUrl, both the page's own address less /_sandbox/ui
            assertThat(text).as(script).doesNotContainPattern("fetch\\(\"/|location\\.origin[^ ]*/(v0|_sandbox)");
        }
    }

    @ParameterizedTest
    @CsvSource({
            "app.js, text/javascript",
            "app.css, text/css",
            "favicon.svg, image/svg+xml",
            "index.html, text/html"})
    void assetsCarryTheirContentType(String name, String type) {
        ApiClient.Response asset = control.get("/_sandbox/ui/" + name);
        assertThat(asset.status()).isEqualTo(200);
        assertThat(asset.header("Content-Type")).hasValueSatisfying(value -> assertThat(value).startsWith(type));
    }

    @ParameterizedTest
    @ValueSource(strings = {"missing.js", "..%2Fopenapi%2Fcontrol.json", "%2e%2e%2fui%2fapp.js", "app.exe", "APP.JS"})
    void unknownOrEscapingAssetNamesAre404(String name) {
        ApiClient.Response asset = control.get("/_sandbox/ui/" + name);
        assertThat(asset.status()).isEqualTo(404);
        assertThat(asset.json().get("statusCode").asInt()).isEqualTo(404);
    }

    @Test
    void withAnAdminTokenThePageStillLoadsButTheDataItReadsNeedsTheToken() {
        try (Sandbox guarded = Sandbox.start(SandboxConfig.builder().adminToken("s3cret-admin").build())) {
            ApiClient anonymous = new ApiClient(guarded.baseUrl(), null);
            assertThat(anonymous.get("/_sandbox/ui").status()).isEqualTo(200);
            assertThat(anonymous.get("/_sandbox/ui/app.js").status()).isEqualTo(200);
            assertThat(anonymous.get("/_sandbox/state").status()).isEqualTo(401);
            assertThat(new ApiClient(guarded.baseUrl(), "s3cret-admin").get("/_sandbox/clock").status()).isEqualTo(200);
        }
    }
}
