// The fixture with no server named: this worker starts its own (startServer), and tests still get
// sandboxes of their own from it.
import { expect, test } from "banks-sandbox/playwright";

test("a worker without BANKS_SANDBOX_URL starts its own server", async ({ page, sandbox, banksSandboxServer }) => {
  expect(banksSandboxServer.pid).toBeGreaterThan(0);
  expect(banksSandboxServer.url).not.toBe(process.env.BANKS_SANDBOX_URL);
  const account = await sandbox.accounts.named("Lakeside Operating");
  await sandbox.inboundAch.accept((await sandbox.inboundAch.simulate(account.id, 10_00)).id);
  await page.goto(`/?bank=${encodeURIComponent(sandbox.baseUrl)}&key=${sandbox.apiKey}&account=${account.id}`);
  await expect(page.getByTestId("balance"))
    .toHaveText(((account.total_balance + 10_00) / 100).toLocaleString("en-US", { style: "currency", currency: "USD" }));
});
