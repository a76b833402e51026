// After the Playwright run: every test went as expected, 3 times, and each run of the failing-on-purpose
// test carries the sandbox's journal (banks-sandbox-journal.json) with what its page asked the bank.
import assert from "node:assert/strict";
import fs from "node:fs";

const report = JSON.parse(fs.readFileSync(new URL("../target/e2e-report.json", import.meta.url), "utf8"));
assert.equal(report.stats.unexpected, 0, "a test did not go as expected");
assert.equal(report.stats.flaky, 0, "a test passed only on a retry");
const tests = report.suites.flatMap(function all(suite) {
  return [...suite.specs.flatMap((spec) => spec.tests.map((t) => ({ title: spec.title, ...t }))), ...(suite.suites ?? []).flatMap(all)];
});
assert.equal(tests.length, 19, "6 tests 3 times on the webServer (one of them the BFF example), 1 on a worker's own server");
assert.equal(tests.filter((t) => t.title.startsWith("the page shows the balance the backend reads")).length, 3,
  "the backend-in-front-of-the-bank example of docs/javascript.md ran");
const failing = tests.filter((t) => t.title === "a failing test gets the sandbox's journal in its report");
assert.equal(failing.length, 3);
for (const run of failing.flatMap((t) => t.results)) {
  const attachment = run.attachments.find((a) => a.name === "banks-sandbox-journal.json");
  assert.ok(attachment, "the journal is attached");
  assert.equal(attachment.contentType, "application/json");
  const journal = JSON.parse(Buffer.from(attachment.body, "base64").toString("utf8"));
  assert.deepEqual(journal.map((entry) => `${entry.method} ${entry.path.split("?")[0]} ${entry.status}`),
    ["GET /v0/accounts/account_0000000ptmhjx1gxm2mi 200", "GET /v0/transactions 503"]);
}
const passedTests = tests.filter((t) => t.status === "expected").length;
console.log(`e2e report: ${passedTests} test runs as expected, ${failing.length} of them failing on purpose with the journal attached`);
