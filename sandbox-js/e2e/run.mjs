// `npm run e2e`: the Playwright suite, then the check of its report. Like the Java side's browser tests,
// it needs Debian's chromium (.ci/run installs it) and is skipped with a message where there is none.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  console.error(`Playwright suite skipped: no chromium at ${chromium} (apt-get install chromium, or set CHROMIUM)`);
  process.exit(0);
}
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
for (const args of [["node_modules/@playwright/test/cli.js", "test", "--config", "e2e/playwright.config.ts"], ["e2e/check-report.mjs"]]) {
  const run = spawnSync(process.execPath, args, { stdio: "inherit", env });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
