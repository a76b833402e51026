package io.bankssandbox.internal.standalone.scenarios;

import static io.bankssandbox.internal.standalone.scenarios.ReplayTest.replay;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.surefire.log.api.NullConsoleLogger;
import org.apache.maven.plugins.surefire.report.ReportTestCase;
import org.apache.maven.plugins.surefire.report.ReportTestSuite;
import org.apache.maven.plugins.surefire.report.TestSuiteXmlParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replay --junit-xml DIR}, read back with Maven Surefire's own report parser (the one its
 * report plugin uses on Surefire's files), as a CI server would read it.
 */
class JUnitXmlReportTest {
    @TempDir
    Path temp;

    private static List<ReportTestSuite> parse(Path report) throws Exception {
        TestSuiteXmlParser parser = new TestSuiteXmlParser(new NullConsoleLogger());
        try (InputStreamReader in = new InputStreamReader(Files.newInputStream(report), StandardCharsets.UTF_8)) {
            List<ReportTestSuite> suites = parser.parse(in);
            assertThat(parser.isValid()).as("a well-formed report: " + report).isTrue();
            return suites;
        }
    }

    @Test
    void aReportPerScenarioFileWithATestcasePerStepAndFailuresNamingExpectedAndActual() throws Exception {
        Path scenarios = Files.createDirectories(temp.resolve("scenarios"));
        Files.writeString(scenarios.resolve("harbor.yaml"), """
                # fails on purpose: two of three steps expect what is not so
                name: Harbor account, expected wrong on purpose
                steps:
                  - name: the account reads back
                    request: { method: GET, path: /v0/accounts/account_0000000srbl695e78hs4 }
                    expect: { status: 200, body: { name: Harbor Operating } }
                  - name: a balance that is not the account's
                    request: { method: GET, path: /v0/accounts/account_0000000srbl695e78hs4 }
                    expect: { body: { total_balance: 99 } }
                  - name: a card that cannot be issued
                    request: { method: POST, path: /v0/cards, body: { nickname: x } }
                    expect: { status: 201 }
                """);
        Files.writeString(scenarios.resolve("health.json"), """
                { "name": "health", "steps": [ { "request": { "method": "GET", "path": "/_sandbox/health" } } ] }
                """);
        Files.writeString(scenarios.resolve("typo.json"), """
                { "name": "typo", "steps": [ { "reqest": { "method": "GET", "path": "/v0/entities" } } ] }
                """);
        Path reports = temp.resolve("reports");

        ReplayTest.Run run = replay("--junit-xml", reports.toString(), scenarios.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out().strip()).endsWith("1 passed, 2 failed");
        try (Stream<Path> files = Files.list(reports)) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted())
                    .containsExactly("TEST-harbor.xml", "TEST-health.xml", "TEST-typo.xml");
        }

        ReportTestSuite harbor = parse(reports.resolve("TEST-harbor.xml")).get(0);
        assertThat(harbor.getNumberOfTests()).isEqualTo(3);
        assertThat(harbor.getNumberOfFailures()).isEqualTo(2);
        assertThat(harbor.getNumberOfErrors()).isZero();
        List<ReportTestCase> steps = harbor.getTestCases();
        assertThat(steps).extracting(ReportTestCase::getName).containsExactly("1. the account reads back",
                "2. a balance that is not the account's", "3. a card that cannot be issued");
        assertThat(steps).extracting(ReportTestCase::getFullClassName).containsOnly("harbor");
        assertThat(steps.get(0).isSuccessful()).isTrue();
        assertThat(steps.get(1).hasFailure()).isTrue();
        assertThat(steps.get(1).getFailureMessage()).isEqualTo("$.total_balance: expected 99, was 15000");
        assertThat(steps.get(1).getFailureDetail()).contains("answer: {\"id\":\"account_0000000srbl695e78hs4\"");
        assertThat(steps.get(2).getFailureMessage()).startsWith("status: expected 201, was 400");
        assertThat(Files.readString(reports.resolve("TEST-harbor.xml")))
                .contains("<testsuite").contains("name=\"Harbor account, expected wrong on purpose\"");

        ReportTestSuite health = parse(reports.resolve("TEST-health.xml")).get(0);
        assertThat(health.getNumberOfTests()).isEqualTo(1);
        assertThat(health.getNumberOfFailures() + health.getNumberOfErrors()).isZero();

        ReportTestSuite typo = parse(reports.resolve("TEST-typo.xml")).get(0);
        assertThat(typo.getNumberOfTests()).isEqualTo(1);
        assertThat(typo.getNumberOfErrors()).isEqualTo(1);
        ReportTestCase invalid = typo.getTestCases().get(0);
        assertThat(invalid.hasError()).isTrue();
        assertThat(invalid.getFailureMessage()).startsWith("2 problems: ").contains("typo.json:1:30: step 1, /steps/0");
        assertThat(invalid.getFailureDetail()).contains("/steps/0/reqest: unknown key \"reqest\" (did you mean \"request\"?)");
    }
}
