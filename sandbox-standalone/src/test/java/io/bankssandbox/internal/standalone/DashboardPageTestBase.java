package io.bankssandbox.internal.standalone;

import com.microsoft.playwright.BrowserContext;
import com.microsoft.playwright.Page;
import io.bankssandbox.Sandbox;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;

/**
 * One headless chromium per test class and, for every test, a sandbox of its own (default fixtures,
 * frozen clock at the fixture start: the test decides when time moves) and a fresh page whose
 * console errors and uncaught exceptions land in {@link #pageErrors}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DashboardPageTestBase {
    protected HeadlessChromium chromium;
    protected Sandbox sandbox;
    protected BrowserContext context;
    protected Page page;
    protected final List<String> pageErrors = new ArrayList<>();

    @BeforeAll
    void launchBrowser() {
        chromium = HeadlessChromium.launch();
    }

    @AfterAll
    void closeBrowser() {
        if (chromium != null) {
            chromium.close();
        }
    }

    @BeforeEach
    void openPage() {
        pageErrors.clear();
        sandbox = Sandbox.start();
        context = chromium.newContext();
        page = HeadlessChromium.pageReportingErrors(context, pageErrors);
    }

    @AfterEach
    void closePage() {
        if (context != null) {
            context.close();
        }
        if (sandbox != null) {
            sandbox.close();
        }
    }
}
