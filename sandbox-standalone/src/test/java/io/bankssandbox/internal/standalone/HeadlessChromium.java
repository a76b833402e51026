package io.bankssandbox.internal.standalone;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/**
 * Debian's chromium driven by Playwright, headless, as the dashboard's browser tests use it. Launching
 * skips the calling test class when chromium is not installed.
 */
final class HeadlessChromium implements AutoCloseable {
    /** Debian's, or the one {@code CHROMIUM} names (as the npm package's Playwright suite takes it). */
    private static final Path CHROMIUM = Paths.get(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

    private final Playwright playwright;
    private final Browser browser;

    private HeadlessChromium(Playwright playwright, Browser browser) {
        this.playwright = playwright;
        this.browser = browser;
    }

    static HeadlessChromium launch() {
        assumeTrue(Files.isExecutable(CHROMIUM), "Skipping the dashboard browser test: " + CHROMIUM
                + " is missing (install it with `apt-get install -y chromium`; .ci/run does)");
        // a loaded machine can take longer than Playwright's 5 s to repaint: an assertion waits up to 30 s
        // (it still passes the moment the page is right)
        com.microsoft.playwright.assertions.PlaywrightAssertions.setDefaultAssertionTimeout(30_000);
        Playwright playwright = Playwright.create();
        try {
            return new HeadlessChromium(playwright, playwright.chromium().launch(new BrowserType.LaunchOptions()
                    .setExecutablePath(CHROMIUM)
                    .setHeadless(true)
                    .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                            "--disable-background-networking", "--disable-component-update", "--disable-sync"))));
        } catch (RuntimeException e) {
            playwright.close();
            throw e;
        }
    }

    Browser browser() {
        return browser;
    }

    /** A fresh context at the size and locale the tests' screenshots and layout checks assume. */
    BrowserContext newContext() {
        BrowserContext context = browser.newContext(new Browser.NewContextOptions().setViewportSize(1440, 900).setLocale("en-US"));
        context.setDefaultTimeout(60_000);
        return context;
    }

    /** A new page of {@code context} whose uncaught errors and console errors are added to {@code errors}. */
    static Page pageReportingErrors(BrowserContext context, List<String> errors) {
        Page page = context.newPage();
        page.onPageError(errors::add);
        page.onConsoleMessage(message -> {
            if ("error".equals(message.type())) {
                errors.add(message.text());
            }
        });
        return page;
    }

    @Override
    public void close() {
        browser.close();
        playwright.close();
    }
}
