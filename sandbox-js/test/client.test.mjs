// The client's every section against the real jar: one server for the file (startServer), a new
// on-demand sandbox per test. What the client answers is checked against what the application reads.
import assert from "node:assert/strict";
import { after, before, beforeEach, afterEach, test } from "node:test";
import { connect, SandboxError, startServer } from "banks-sandbox";

const RIVERSIDE_OPERATING = "account_0000000ptmhjx1gxm2mi";
const RIVERSIDE = "entity_00000001nh0ctdekwudu";
const LAKESIDE = "entity_00000002elkrhi1kfpq3";

let server;
let sandbox;
before(async () => {
  server = await startServer({ clock: "frozen" });
});
after(() => server.close());
beforeEach(async (t) => {
  sandbox = await server.newSandbox({ name: t.name.slice(0, 200) });
});
afterEach(() => sandbox.close());

/** What the application under test reads: the /v0 API with the sandbox's key. */
async function app(method, path, body, idempotencyKey) {
  const headers = { Authorization: `Bearer ${sandbox.apiKey}` };
  if (body) headers["Content-Type"] = "application/json";
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const response = await fetch(sandbox.baseUrl + path, { method, headers, body: body && JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

async function refusal(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("expected a refusal");
}

test("a sandbox describes itself: id, base URL, keys with what each sees, dashboard", async () => {
  assert.match(sandbox.id, /^sandbox_[0-9a-z]{20}$/);
  // under the server's own address and port: what reaches the server reaches each of its sandboxes
  assert.equal(sandbox.baseUrl, `${server.url}/sandboxes/${sandbox.id}`);
  assert.equal(sandbox.apiKey, "lm_key_sandbox_all");
  assert.deepEqual(sandbox.apiKeys, [
    { key: "lm_key_sandbox_all", sees: ["*"] },
    { key: "lm_key_sandbox_one", sees: [RIVERSIDE] },
  ]);
  assert.equal(sandbox.dashboardUrl, `${sandbox.baseUrl}/_sandbox/ui`);
  const host = await server.host();
  assert.equal(host.baseUrl, server.url);
  assert.notEqual(host.baseUrl, sandbox.baseUrl);
});

test("sandboxes are isolated: one's clock and money move, another's do not; a closed one stops answering", async () => {
  const other = await server.newSandbox();
  try {
    await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 125_00);
    await sandbox.clock.advance("P1D");
    assert.notEqual(await sandbox.clock.now(), await other.clock.now());
    assert.notEqual((await sandbox.accounts.get(RIVERSIDE_OPERATING)).total_balance,
      (await other.accounts.get(RIVERSIDE_OPERATING)).total_balance);
  } finally {
    await other.close();
  }
  const gone = await fetch(`${other.baseUrl}/_sandbox/health`);
  assert.equal(gone.status, 404);
  assert.deepEqual(await gone.json(), { statusCode: 404, error: "Not Found", message: `Sandbox ${other.id} not found` });
  const again = await refusal(other.close());
  assert.equal(again.status, 404);
});

test("clock: now, advance by a duration and to a time; never backwards (SandboxError)", async () => {
  assert.equal(await sandbox.clock.now(), "2026-03-02T15:00:00.000Z");
  const credit = await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 125_00);
  const moved = await sandbox.clock.advance("PT1H");
  assert.equal(moved.now, "2026-03-02T16:00:00.000Z");
  assert.ok(moved.events.some((event) => event.type === "inbound_ach_transfer.accepted" && event.id === credit.id));
  assert.equal((await sandbox.clock.advanceTo("2026-03-03T00:00:00Z")).now, "2026-03-03T00:00:00.000Z");
  const backwards = await refusal(sandbox.clock.advanceTo("2026-03-01T00:00:00Z"));
  assert.ok(backwards instanceof SandboxError);
  assert.equal(backwards.name, "SandboxError");
  assert.equal(backwards.status, 400);
  assert.match(backwards.message, /backwards|before/);
  assert.deepEqual(backwards.messages, [backwards.message]);
});

test("entities: all, get, named, onboard, connect; the wire JSON the API answers", async () => {
  const all = await sandbox.entities.all();
  assert.equal(all.length, (await app("GET", "/v0/entities?limit=100")).body.data.length);
  const riverside = await sandbox.entities.named("Riverside Family Medicine, P.C.");
  assert.deepEqual(riverside, (await app("GET", `/v0/entities/${RIVERSIDE}`)).body);
  assert.deepEqual(await sandbox.entities.get(RIVERSIDE), riverside);
  await assert.rejects(sandbox.entities.named("Nobody"), /no entity is named Nobody; there are: .*Riverside Family Medicine/);
  const practice = await sandbox.entities.onboard({
    name: "Cedar Clinic", structure: "professional_llc", npi: null,
    address: { line1: "1 Cedar Way", line2: "Suite 2", city: "Austin", state: "TX", postalCode: "78701" },
    accounts: [{ name: "Cedar Operating", opening_balance: 10_000_00 }],
  });
  assert.equal(practice.name, "Cedar Clinic");
  assert.equal((await sandbox.accounts.named("Cedar Operating")).total_balance, 10_000_00);
  const connected = await sandbox.entities.connect(LAKESIDE, "lm_key_sandbox_one");
  assert.equal(connected.api_key, "lm_key_sandbox_one");
  assert.equal(connected.entity.id, LAKESIDE);
  assert.equal((await refusal(sandbox.entities.connect(LAKESIDE, "lm_key_sandbox_one"))).status, 409);
});

test("accounts and transactions: total_balance as the route answers it, the ledger summing to it", async () => {
  const account = await sandbox.accounts.named("Riverside Operating");
  assert.deepEqual(account, (await app("GET", `/v0/accounts/${RIVERSIDE_OPERATING}`)).body);
  assert.equal(typeof account.total_balance, "number");
  assert.deepEqual((await sandbox.accounts.ofEntity(RIVERSIDE)).map((a) => a.name).sort(), ["Riverside Operating", "Riverside Payroll"]);
  assert.ok((await sandbox.accounts.all()).length > 20);
  const ledger = await sandbox.transactions.of(RIVERSIDE_OPERATING);
  assert.equal(ledger.reduce((sum, t) => sum + t.amount, 0), account.total_balance);
  assert.deepEqual(await sandbox.transactions.get(ledger[0].id), ledger[0]);
  assert.equal((await refusal(sandbox.accounts.get("account_nope"))).status, 404);
});

test("cards: a payment posts; a held one settles for more or is reversed once", async () => {
  const state = await sandbox.exportState();
  const card = state.cards.find((c) => c.bank_account_id === RIVERSIDE_OPERATING && c.status === "active" && c.issued_via === "api");
  assert.deepEqual(await sandbox.cards.get(card.id), (await app("GET", `/v0/cards/${card.id}`)).body);
  const before = await sandbox.accounts.get(RIVERSIDE_OPERATING);
  const paid = await sandbox.cards.authorize(card.id, 12_00, "5411");
  assert.equal(paid.decision, "approved");
  assert.equal((await sandbox.accounts.get(RIVERSIDE_OPERATING)).total_balance, before.total_balance - 12_00);

  // the amount alone: the route's default merchant category (5047)
  const held = await sandbox.cards.authorize(card.id, { amount: 40_00, settlement: "held" });
  assert.equal(held.authorization.status, "pending");
  assert.equal(held.authorization.merchant_category_code, "5047");
  assert.deepEqual(await sandbox.cards.authorization(held.authorization.id), held.authorization);
  assert.ok((await sandbox.cards.authorizations(card.id)).some((a) => a.id === held.authorization.id));
  assert.ok((await sandbox.cards.authorizations()).length >= 2); // the fixtures' pending hold too
  const settled = await sandbox.cards.settle(held.authorization.id, 45_00);
  assert.equal(settled.settled_amount, 45_00);
  const other = await sandbox.cards.authorize(card.id, { amount: 5_00, merchant_category_code: "5812", settlement: "held" });
  assert.equal((await sandbox.cards.settle(other.authorization.id)).settled_amount, 5_00);
  const third = await sandbox.cards.authorize(card.id, { amount: 7_00, merchant_category_code: "5812", settlement: "held" });
  assert.equal((await sandbox.cards.reverse(third.authorization.id)).status, "reversed");
  assert.equal((await refusal(sandbox.cards.reverse(third.authorization.id))).status, 409);
  const declined = await sandbox.cards.authorize(card.id, 1_000_000_00, "5411");
  assert.equal(declined.decision, "declined");
});

test("cards: all, an account's, by nickname: each as the API answers it, web-app cards included", async () => {
  const all = await sandbox.cards.all();
  const state = await sandbox.exportState();
  assert.deepEqual(all.map((card) => card.id), state.cards.map((c) => c.id));
  const office = await sandbox.cards.named("Office supplies");
  assert.deepEqual(office, (await app("GET", `/v0/cards/${office.id}`)).body);
  for (const card of all.filter((c) => state.cards.find((row) => row.id === c.id).issued_via === "api")) {
    assert.deepEqual(card, (await app("GET", `/v0/cards/${card.id}`)).body);
  }
  // a web-app card: the API answers 404, a payment takes it, and the client lists it with the API's fields
  const pettyCash = await sandbox.cards.named("Front desk petty cash");
  assert.equal((await app("GET", `/v0/cards/${pettyCash.id}`)).status, 404);
  assert.equal((await refusal(sandbox.cards.get(pettyCash.id))).status, 404);
  assert.deepEqual(Object.keys(pettyCash), Object.keys(office));
  assert.equal((await sandbox.cards.authorize(pettyCash.id, 12_00, "5411")).decision, "approved");
  assert.ok((await sandbox.cards.ofAccount(RIVERSIDE_OPERATING)).every((card) => card.bank_account_id === RIVERSIDE_OPERATING));
  assert.ok((await sandbox.cards.ofAccount(RIVERSIDE_OPERATING)).some((card) => card.id === office.id));
  assert.equal((await refusal(sandbox.cards.ofAccount("account_nope"))).status, 404);
  await assert.rejects(sandbox.cards.named("No such card"), /no card is named No such card; there are: .*Office supplies/);
});

test("ERAs by id and by remittance, also before their money arrives, as the control routes answer them", async () => {
  const received = await sandbox.insurancePayments.receive({
    account_id: RIVERSIDE_OPERATING, payer: { name: "CIGNA", id: "62308" }, payment_delay: "P2D",
    claims: [{ patient_control_number: "PCN-2207", charged_amount: 300_00, paid_amount: 240_00, patient_responsibility: 20_00 }],
  });
  assert.equal(received.inbound_ach_transfer, null);
  const unpaid = await sandbox.eras.get(received.era.id);
  assert.equal(unpaid.transaction_id, null);
  // the ERA as the insurance payment's answer showed it, field for field: nothing the state keeps for itself
  assert.deepEqual(unpaid, received.era);
  const remittance = (await sandbox.eras.remittances(RIVERSIDE)).find((r) => r.id === received.era.id.replace(/^era_/, "remittance_"));
  assert.ok(remittance, "the remittance is listed before its money");
  assert.deepEqual(await sandbox.eras.ofRemittance(remittance.id), unpaid);
  // what a client in any language reads at the route (docs/remittances.md), with no key of the sandbox
  const route = await fetch(`${sandbox.baseUrl}/_sandbox/remittances/${remittance.id}/era`);
  assert.equal(route.status, 200);
  assert.deepEqual(await route.json(), unpaid);

  await sandbox.clock.advance("PT49H"); // the credit arrives, then posts: the same ERA, now paid
  const paid = await sandbox.eras.ofRemittance(remittance.id);
  assert.match(paid.transaction_id, /^transaction_/);
  assert.deepEqual({ ...paid, transaction_id: null }, unpaid);
  assert.deepEqual(await sandbox.eras.get(received.era.id), paid);
  assert.deepEqual(paid, await sandbox.eras.ofTransaction(paid.transaction_id));
});

test("an unknown ERA or remittance, or an ERA still on its way, is the routes' 404, as GET /v0/remittances/{id}/era answers", async () => {
  const sent = await sandbox.insurancePayments.receive({
    account_id: RIVERSIDE_OPERATING, payer: { name: "AETNA", id: "60054" }, era_delay: "P1D",
    claims: [{ patient_control_number: "PCN-L", charged_amount: 75_00, paid_amount: 75_00 }],
  });
  const onItsWay = sent.era.id.replace(/^era_/, "remittance_");
  for (const remittanceId of [onItsWay, "remittance_nope", sent.era.id]) {
    const refused = await refusal(sandbox.eras.ofRemittance(remittanceId));
    assert.ok(refused instanceof SandboxError);
    assert.equal(refused.status, 404);
    assert.deepEqual(refused.messages, [`Remittance ${remittanceId} not found`]);
    assert.deepEqual(refused.body, (await refusal(sandbox.eras.x12(remittanceId))).body);
  }
  for (const eraId of [sent.era.id, "era_nope"]) {
    const refused = await refusal(sandbox.eras.get(eraId));
    assert.equal(refused.status, 404);
    assert.deepEqual(refused.messages, [`ERA ${eraId} not found`]);
  }
  assert.equal(sent.inbound_ach_transfer.status, "pending");
  await sandbox.inboundAch.accept(sent.inbound_ach_transfer.id);
  await sandbox.clock.advance("P1DT1H"); // received: both routes answer it now
  assert.deepEqual(await sandbox.eras.ofRemittance(onItsWay), await sandbox.eras.get(sent.era.id));
});

test("inbound ACH: simulate (with options, or whole), accept, decline, return, read", async () => {
  const credit = await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 125_00, { addenda: ["invoice 7"] });
  assert.equal(credit.status, "pending");
  assert.equal((await sandbox.inboundAch.accept(credit.id)).status, "accepted");
  assert.equal((await refusal(sandbox.inboundAch.accept(credit.id))).status, 409);
  assert.equal((await sandbox.inboundAch.returnTransfer(credit.id, "account_closed")).status, "returned");
  const debit = await sandbox.inboundAch.simulate({ account_id: RIVERSIDE_OPERATING, amount: -20_00 });
  assert.equal((await sandbox.inboundAch.decline(debit.id)).declined.reason, "payment_stopped");
  const other = await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 1_00);
  assert.equal((await sandbox.inboundAch.decline(other.id, "duplicate_entry")).declined.reason, "duplicate_entry");
  assert.deepEqual(await sandbox.inboundAch.get(credit.id), (await app("GET", `/v0/inbound-ach-transfers/${credit.id}`)).body);
  assert.ok((await sandbox.inboundAch.of(RIVERSIDE_OPERATING)).some((t) => t.id === debit.id));
  assert.ok((await sandbox.inboundAch.all()).length > 80); // every page
});

test("insurance payments and ERAs: the money, its ERA, the remittance and its 835", async () => {
  const received = await sandbox.insurancePayments.receive({
    account_id: RIVERSIDE_OPERATING, payer: { name: "CIGNA", id: "62308" },
    claims: [{ patient_control_number: "PCN-2207", charged_amount: 300_00, paid_amount: 240_00, patient_responsibility: 20_00 }],
  });
  assert.equal(received.inbound_ach_transfer.amount, 240_00);
  const accepted = await sandbox.inboundAch.accept(received.inbound_ach_transfer.id);
  const era = await sandbox.eras.ofTransaction(accepted.transaction_id);
  assert.equal(era.id, received.era.id);
  assert.deepEqual(era, (await app("GET", `/v0/transactions/${accepted.transaction_id}/era`)).body);
  const remittances = await sandbox.eras.remittances(RIVERSIDE);
  assert.ok(remittances.length > 0);
  const x12 = await sandbox.eras.x12(remittances[0].id);
  assert.match(x12, /^ISA\*/);
  assert.equal((await refusal(sandbox.insurancePayments.receive({ account_id: RIVERSIDE_OPERATING, payer: { name: "X", id: "1" },
    claims: [{ patient_control_number: "P", charged_amount: 100, paid_amount: 0 }] }))).message,
    "the claims' paid_amount must sum to a positive amount, the ACH credit that pays them (it is 0)");
});

test("lockbox mail and check deposits: receive a check, read the mail, return the deposit", async () => {
  const mail = await sandbox.lockbox.receiveMail(RIVERSIDE, { checks: [{ amount: 42_00 }, { amount: 10_00, status: "pending" }] });
  assert.equal(mail.checks.length, 2);
  assert.ok((await sandbox.lockbox.mail(RIVERSIDE)).some((item) => item.id === mail.id));
  const [deposited, pending] = mail.checks;
  assert.deepEqual(await sandbox.checkDeposits.get(deposited.id), (await app("GET", `/v0/check-deposits/${deposited.id}`)).body);
  assert.equal((await sandbox.checkDeposits.submit(pending.id)).status, "submitted");
  assert.equal((await sandbox.checkDeposits.returnDeposit(deposited.id, "insufficient_funds")).status, "returned");
  assert.equal((await refusal(sandbox.checkDeposits.submit(deposited.id))).status, 409);
});

test("external accounts and outbound ACH: archive once; play the bank for a transfer the app sends", async () => {
  const landlord = "external_account_0000006m7mqvdz8p22s5";
  assert.deepEqual(await sandbox.externalAccounts.get(landlord), (await app("GET", `/v0/external-accounts/${landlord}`)).body);
  const sent = await app("POST", "/v0/ach-transfer",
    { source_account_id: RIVERSIDE_OPERATING, destination_account_id: "external_account_0000006lxaxz0nfoiqqt", amount: 50_00 }, "client-ach-0001");
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  const transferId = sent.body.source.ach_transfer_intention.ach_transfer_id;
  assert.ok(transferId, JSON.stringify(sent.body));
  assert.equal((await sandbox.achTransfers.get(transferId)).id, transferId);
  assert.equal((await sandbox.achTransfers.cancel(transferId)).status, "canceled");
  assert.equal((await refusal(sandbox.achTransfers.reject(transferId))).status, 409);
  assert.equal((await sandbox.externalAccounts.archive(landlord)).status, "archived");
  assert.equal((await refusal(sandbox.externalAccounts.archive(landlord))).status, 409);
});

test("webhooks: subscribe the inbox, wait for deliveries, read them, redeliver, unsubscribe", async () => {
  const endpoint = await sandbox.webhooks.subscribe("inbox");
  assert.ok((await sandbox.webhooks.endpoints()).some((e) => e.id === endpoint.id));
  const credit = await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 125_00);
  await sandbox.inboundAch.accept(credit.id);
  const delivered = await sandbox.webhooks.awaitDelivered("transaction.created", "PT30S");
  assert.equal(delivered.status, "delivered");
  const matching = await sandbox.webhooks.awaitDelivered("transaction.created", (d) => d.endpoint_id === endpoint.id, "PT30S");
  assert.equal(matching.id, delivered.id);
  assert.equal((await sandbox.webhooks.awaitDelivered(1, "transaction.created", "PT30S"))[0].id, delivered.id);
  assert.ok((await sandbox.webhooks.awaitAttempts("transaction.created", 1, "PT30S")).attempts.length >= 1);
  assert.equal((await sandbox.webhooks.await("any delivery", () => true, "PT1S")).event, "transaction.created");
  assert.ok((await sandbox.webhooks.inbox()).length >= 1);
  assert.ok((await sandbox.webhooks.deliveries()).some((d) => d.id === delivered.id));
  assert.equal((await sandbox.webhooks.redeliver(delivered.id)).event_id, delivered.event_id);
  await sandbox.webhooks.unsubscribe(endpoint.id);
  assert.ok(!(await sandbox.webhooks.endpoints()).some((e) => e.id === endpoint.id));
  await assert.rejects(sandbox.webhooks.awaitDelivered("entity.connected", "PT0.2S"), /waited PT0\.2S for a delivery of entity\.connected/);
});

test("webhooks: the inbox is every delivery it got, not the route's default 100", async () => {
  await sandbox.webhooks.subscribe("inbox");
  for (let i = 0; i < 101; i++) await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 1_00 + i);
  await sandbox.clock.advance("PT1H"); // every one accepted: a transaction.created each
  await sandbox.webhooks.awaitDelivered(101, "transaction.created", "PT60S");
  const delivered = (await sandbox.webhooks.deliveries()).filter((d) => d.status === "delivered");
  const inbox = await sandbox.webhooks.inbox();
  assert.ok(inbox.length > 100, `${inbox.length} in the inbox`);
  assert.equal(inbox.length, delivered.length);
});

test("faults and the journal: the app meets the fault, the client's own reads are neither faulted nor journaled", async () => {
  const scripted = await sandbox.faults.inject("GET", "/v0/accounts/*", 503);
  assert.equal(scripted.length, 1);
  await sandbox.faults.inject({ method: "POST", path: "/v0/cards", status: 500, times: 2 });
  assert.equal((await sandbox.faults.list()).length, 2);
  assert.equal((await sandbox.accounts.get(RIVERSIDE_OPERATING)).id, RIVERSIDE_OPERATING); // not the fault
  assert.equal((await app("GET", `/v0/accounts/${RIVERSIDE_OPERATING}`)).status, 503);
  await sandbox.faults.clear();
  assert.deepEqual(await sandbox.faults.list(), []);
  await app("GET", "/v0/entities?limit=2");
  const asked = await sandbox.journal.requests();
  assert.deepEqual(asked.map((e) => [e.method, e.path, e.status]),
    [["GET", `/v0/accounts/${RIVERSIDE_OPERATING}`, 503], ["GET", "/v0/entities?limit=2", 200]]);
  assert.equal((await sandbox.journal.requests("GET", "/v0/entities")).length, 1); // without ?, the query is ignored
  assert.equal((await sandbox.journal.requests({ method: "GET", path: "/v0/accounts/*" })).length, 1);
  assert.equal((await sandbox.journal.requests("POST", "/v0/accounts/*")).length, 0);
  await sandbox.journal.clear();
  assert.deepEqual(await sandbox.journal.requests(), []);
});

test("faults a retry test needs: a 503 with Retry-After; a lost answer whose retry replays the card", async () => {
  await sandbox.faults.inject({ method: "GET", path: "/v0/accounts", status: 503, headers: { "Retry-After": "1" } });
  const refused = await fetch(`${sandbox.baseUrl}/v0/accounts`, { headers: { Authorization: `Bearer ${sandbox.apiKey}` } });
  assert.equal(refused.status, 503);
  assert.equal(refused.headers.get("retry-after"), "1");

  const [scripted] = await sandbox.faults.inject({ method: "POST", path: "/v0/cards", after_processing: true, close_connection: true });
  assert.deepEqual([scripted.status, scripted.after_processing, scripted.close_connection], [null, true, true]);
  const card = { bank_account_id: RIVERSIDE_OPERATING, nickname: "Supplies",
    authorization_controls: { usage: { category: "multi_use", multi_use: { spending_limits: [{ interval: "per_day", amount: 20_000 }] } } } };
  const before = (await sandbox.cards.all()).length;
  await assert.rejects(app("POST", "/v0/cards", card, "js-lost-answer-1"), /fetch failed/); // no answer: the connection reset
  assert.equal((await sandbox.cards.all()).length, before + 1); // processed all the same
  const retry = await app("POST", "/v0/cards", card, "js-lost-answer-1");
  assert.equal(retry.status, 201);
  assert.equal((await sandbox.cards.all()).length, before + 1); // the retry replays, creates nothing
  const [lost, replayed] = (await sandbox.journal.requests("POST", "/v0/cards")).slice(-2);
  assert.deepEqual([lost.status, lost.fault?.close_connection, lost.fault?.processed_status], [0, true, 201]);
  assert.equal(lost.fault?.processed_body?.id, retry.body.id);
  assert.equal(replayed.fault, null);
});

test("reset, export and import: back to the fixtures; a state moved from one sandbox to another", async () => {
  const fixtureBalance = (await sandbox.accounts.get(RIVERSIDE_OPERATING)).total_balance;
  await sandbox.inboundAch.accept((await sandbox.inboundAch.simulate(RIVERSIDE_OPERATING, 99_00)).id);
  const exported = await sandbox.exportState();
  assert.deepEqual((await sandbox.reset()).now, "2026-03-02T15:00:00.000Z");
  assert.equal((await sandbox.accounts.get(RIVERSIDE_OPERATING)).total_balance, fixtureBalance);
  await sandbox.importState(exported);
  assert.equal((await sandbox.accounts.get(RIVERSIDE_OPERATING)).total_balance, fixtureBalance + 99_00);
  const broken = await refusal(sandbox.importState({ ...exported, accounts: "nope" }));
  assert.equal(broken.status, 400);
  assert.equal((await sandbox.accounts.get(RIVERSIDE_OPERATING)).total_balance, fixtureBalance + 99_00);
});

test("startServer hands its options to the jar: a rate limit per PT1S window, a webhook receiver from start", async () => {
  const limited = await startServer({ clock: "frozen", rateLimit: 1, rateLimitWindow: "PT1S", webhooks: ["inbox"] });
  try {
    const host = await limited.host();
    const entities = () => fetch(`${limited.url}/v0/entities`, { headers: { Authorization: `Bearer ${host.apiKey}` } });
    assert.equal((await entities()).status, 200);
    const refused = await entities();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get("retry-after")) <= 1, "Retry-After within the PT1S window");
    assert.equal((await host.webhooks.endpoints()).length, 1);
  } finally {
    await limited.close();
  }
});

test("connect reaches a running server; one that is not there is a clear error", async () => {
  const reached = await connect(server.url);
  const another = await reached.newSandbox({ start: "2026-04-01T09:00:00Z" });
  assert.equal(await another.clock.now(), "2026-04-01T09:00:00.000Z");
  await another.close();
  await reached.close(); // not ours: the server still answers
  assert.equal((await fetch(`${server.url}/_sandbox/health`)).status, 200);
  await assert.rejects(connect("http://127.0.0.1:9"), /no Banks Sandbox answers at http:\/\/127\.0\.0\.1:9/);
});
