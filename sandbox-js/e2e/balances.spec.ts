// A practice's balance page against its own sandbox per test: every test moves the clock and money,
// with 4 workers and each test 3 times, and none sees another's.
import { expect, test } from "banks-sandbox/playwright";
import type { Sandbox } from "banks-sandbox";

const dollars = (cents: number) => (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
const pageOf = (sandbox: Sandbox, accountId: string) =>
  `/?bank=${encodeURIComponent(sandbox.baseUrl)}&key=${sandbox.apiKey}&account=${accountId}`;

/** An active card of the account. */
async function activeCardOf(sandbox: Sandbox, accountId: string): Promise<string> {
  const card = (await sandbox.cards.ofAccount(accountId)).find((c) => c.status === "active");
  if (!card) throw new Error(`no active card on ${accountId}`);
  return card.id;
}

test("an ACH credit shows in the balance once the clock passes its hour", async ({ page, sandbox }) => {
  const account = await sandbox.accounts.named("Riverside Operating");
  const credit = await sandbox.inboundAch.simulate(account.id, 125_00);
  await page.goto(pageOf(sandbox, account.id));
  await expect(page.getByTestId("balance")).toHaveText(dollars(account.total_balance));

  const moved = await sandbox.clock.advance("PT1H");
  expect(moved.events).toContainEqual({ type: "inbound_ach_transfer.accepted", id: credit.id });
  const after = await sandbox.accounts.get(account.id);
  expect(after.total_balance - account.total_balance).toBeGreaterThanOrEqual(125_00);
  await page.reload();
  await expect(page.getByTestId("balance")).toHaveText(dollars(after.total_balance));
});

test("a card payment debits the balance the page shows", async ({ page, sandbox }) => {
  const account = await sandbox.accounts.named("Riverside Operating");
  const decision = await sandbox.cards.authorize(await activeCardOf(sandbox, account.id), 40_00, "5411");
  expect(decision.decision).toBe("approved");
  await sandbox.clock.advance("PT30M");
  const after = await sandbox.accounts.get(account.id);
  expect(after.total_balance).toBe(account.total_balance - 40_00);
  await page.goto(pageOf(sandbox, account.id));
  await expect(page.getByTestId("balance")).toHaveText(dollars(after.total_balance));
});

test("a held card payment moves only the available balance until it settles for more", async ({ page, sandbox }) => {
  const account = await sandbox.accounts.named("Riverside Operating");
  const held = await sandbox.cards.authorize(await activeCardOf(sandbox, account.id),
    { amount: 40_00, merchant_category_code: "5812", settlement: "held" });
  await sandbox.clock.advance("PT10M");
  await page.goto(pageOf(sandbox, account.id));
  await expect(page.getByTestId("balance")).toHaveText(dollars(account.total_balance));
  await expect(page.getByTestId("available")).toHaveText(dollars(account.available_balance - 40_00));

  const settled = await sandbox.cards.settle(held.authorization!.id, 45_00); // a tip
  expect(settled.status).toBe("settled");
  await page.reload();
  await expect(page.getByTestId("balance")).toHaveText(dollars(account.total_balance - 45_00));
});

test("the journal holds what the page asked, and none of the test's own reads", async ({ page, sandbox }) => {
  const account = await sandbox.accounts.named("Harbor Operating");
  await sandbox.clock.advance("P1D");
  await page.goto(pageOf(sandbox, account.id));
  await expect(page.getByTestId("name")).toHaveText("Harbor Operating");
  await expect(page.getByTestId("transactions").locator("li")).not.toHaveCount(0);
  const asked = await sandbox.journal.requests();
  expect(asked.map((entry) => `${entry.method} ${entry.path.split("?")[0]} ${entry.status}`))
    .toEqual([`GET /v0/accounts/${account.id} 200`, "GET /v0/transactions 200"]);
});

test("a failing test gets the sandbox's journal in its report", async ({ page, sandbox }) => {
  test.fail(); // on purpose: the report check (e2e/check-report.mjs) looks for the attachment
  const account = await sandbox.accounts.named("Riverside Operating");
  await sandbox.faults.inject("GET", "/v0/transactions", 503);
  await sandbox.clock.advance("PT2H");
  await page.goto(pageOf(sandbox, account.id));
  await expect(page.getByTestId("error")).toHaveText("/v0/transactions?account_id=" + account.id + "&limit=5: 503");
  expect(account.name).toBe("not Riverside Operating");
});
