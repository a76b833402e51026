// e2e/bff.spec.ts: a backend in front of the bank, an instance of it per test, pointed at the test's sandbox
import { test as base, expect } from "banks-sandbox/playwright";
import { createApp } from "./bff/app.mjs";

const test = base.extend<{ app: { url: string } }>({
  app: async ({ sandbox }, use) => {
    const app = await createApp({ bankUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    await use(app);
    await app.close();
  },
});

test("the page shows the balance the backend reads from this test's bank", async ({ page, sandbox, app }) => {
  const account = await sandbox.accounts.named("Riverside Operating");
  await sandbox.inboundAch.simulate(account.id, 125_00);
  await sandbox.clock.advance("PT1H");
  const after = await sandbox.accounts.get(account.id);

  await page.goto(`${app.url}/?account=${account.id}`);
  await expect(page.getByTestId("balance")).toHaveText(
    (after.total_balance / 100).toLocaleString("en-US", { style: "currency", currency: "USD" }));
  const asked = await sandbox.journal.requests({ method: "GET", path: `/v0/accounts/${account.id}` });
  expect(asked).toHaveLength(1); // the backend asked this test's bank, and no other test's did
});
