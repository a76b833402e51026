// The build's Playwright suite: 4 workers, every test 3 times, each test with its own sandbox from one
// server that Playwright's webServer starts with the package's own CLI (`npx banks-sandbox serve` for a
// user), in Debian's chromium (Playwright's own browser download cannot work here).
import { defineConfig } from "@playwright/test";

const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 18470);
const pagePort = Number(process.env.E2E_PAGE_PORT ?? 18471);
// the fixture reads it in every worker: one server for the whole run
process.env.BANKS_SANDBOX_URL = `http://127.0.0.1:${sandboxPort}`;

export default defineConfig({
  testDir: ".",
  projects: [
    { name: "webServer", testIgnore: "own-server.spec.ts" },
    // the fixture without a URL: the worker starts a server of its own (one test, one JVM)
    { name: "own server", testMatch: "own-server.spec.ts", repeatEach: 1, use: { banksSandboxUrl: "" } },
  ],
  // generous on a loaded machine (a test or an expect passes the moment it holds): a JVM per worker in the
  // "own server" project, and pages that repaint late while other builds hold the CPU
  timeout: 180_000,
  expect: { timeout: 30_000 },
  workers: 4,
  repeatEach: 3,
  fullyParallel: true,
  forbidOnly: true,
  outputDir: "../target/e2e-results",
  reporter: [["list"], ["json", { outputFile: "../target/e2e-report.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${pagePort}`,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      // no network beyond loopback here: chromium's own background connections only fail and slow it
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: [
    {
      // as docs/javascript.md tells users: a runner killed mid-run leaves no server on the port
      command: `node ../dist/cli.js serve --port ${sandboxPort} --stop-on-stdin-close`,
      url: `http://127.0.0.1:${sandboxPort}/_sandbox/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    { command: `node page/serve.mjs ${pagePort}`, url: `http://127.0.0.1:${pagePort}/`, reuseExistingServer: false },
  ],
});
