// One sandbox, scripted as the Java handle scripts it: the same sections, method names and positional
// arguments (camelCase, async, cents, ISO 8601 strings), answering the wire JSON as the routes answer it.
// Writes go to the control API; reads go to the /v0 routes as the operator (every entity, not journaled,
// never faulted), so a test reads exactly what the application under test reads.
import { milliseconds } from "./durations.js";
import { answer, clients, everyPage, type Api, type Schemas } from "./http.js";

/** An API key and the ids of the entities it sees (`["*"]`: every entity). */
export type ApiKey = Schemas["OnDemandSandbox"]["api_keys"][number];
/** A sandbox as GET /_sandbox/sandboxes describes it, as far as a handle needs. */
export type SandboxDescription = Pick<Schemas["OnDemandSandbox"], "id" | "base_url" | "dashboard_url" | "api_keys">;

/** How often the waits look again (webhooks are delivered on the sandbox's own threads). */
const POLL_MS = 25;

export class Sandbox {
  /** `sandbox_...`: its id among the server's sandboxes. */
  readonly id: string;
  /**
   * Where it answers, without a trailing slash: the /v0 API, its own /_sandbox API and its dashboard. A sandbox
   * started on demand answers under a path of the server's address (`http://127.0.0.1:PORT/sandboxes/sandbox_...`),
   * through the same port (or container port, or proxy); the host at the server's address itself.
   */
  readonly baseUrl: string;
  /** The key that sees every entity (`lm_key_sandbox_all` in the default fixtures), else the first key. */
  readonly apiKey: string;
  /** Every key, in fixture order, with the ids of the entities it sees (`["*"]`: every entity). */
  readonly apiKeys: ApiKey[];
  /** This sandbox's dashboard. */
  readonly dashboardUrl: string;

  readonly clock: Clock;
  readonly entities: Entities;
  readonly accounts: Accounts;
  readonly transactions: Transactions;
  readonly cards: Cards;
  readonly inboundAch: InboundAch;
  readonly insurancePayments: InsurancePayments;
  readonly eras: Eras;
  readonly lockbox: Lockbox;
  readonly checkDeposits: CheckDeposits;
  readonly externalAccounts: ExternalAccounts;
  readonly achTransfers: AchTransfers;
  readonly webhooks: Webhooks;
  readonly faults: Faults;
  readonly journal: Journal;

  readonly #control: Api;
  readonly #closer: () => Promise<void>;

  /** @internal made by Server.newSandbox and Server.host */
  constructor(description: SandboxDescription, closer: () => Promise<void>, adminToken?: string) {
    this.id = description.id;
    this.baseUrl = description.base_url;
    this.dashboardUrl = description.dashboard_url;
    this.apiKeys = description.api_keys;
    const all = description.api_keys.find((key) => key.sees.includes("*")) ?? description.api_keys[0];
    this.apiKey = all?.key ?? "";
    const { control, reads } = clients(this.baseUrl, adminToken);
    this.#control = control;
    this.#closer = closer;
    this.clock = new Clock(control);
    this.entities = new Entities(control, reads);
    this.accounts = new Accounts(reads);
    this.transactions = new Transactions(reads);
    this.cards = new Cards(control, reads);
    this.inboundAch = new InboundAch(control, reads);
    this.insurancePayments = new InsurancePayments(control);
    this.eras = new Eras(control, reads);
    this.lockbox = new Lockbox(control, reads);
    this.checkDeposits = new CheckDeposits(control, reads);
    this.externalAccounts = new ExternalAccounts(control, reads);
    this.achTransfers = new AchTransfers(control, reads);
    this.webhooks = new Webhooks(control);
    this.faults = new Faults(control);
    this.journal = new Journal(control);
  }

  /** Back to the fixture state: data, clock, idempotency keys, journal and faults. */
  reset(): Promise<Schemas["ResetResult"]> {
    return answer(this.#control.POST("/_sandbox/reset"));
  }

  /** The whole state as one document: its keys are the fixture files' names. */
  exportState(): Promise<Schemas["StateDocument"]> {
    return answer(this.#control.GET("/_sandbox/state"));
  }

  /** Replaces the whole state with an exported document; a refusal lists every problem and changes nothing. */
  importState(document: Schemas["StateDocument"]): Promise<Schemas["StateDocument"]> {
    return answer(this.#control.PUT("/_sandbox/state", { body: document }));
  }

  /** Closes this sandbox: its port stops answering. */
  close(): Promise<void> {
    return this.#closer();
  }
}

/** The sandbox's clock: frozen (moves only when advanced) or running. Moving it applies what falls due. */
export class Clock {
  constructor(private readonly control: Api) {}

  /** The sandbox's time, as an ISO 8601 timestamp. */
  async now(): Promise<string> {
    return (await answer(this.control.GET("/_sandbox/clock"))).now;
  }

  /** Forward by an ISO 8601 duration (`PT1H`, `P1D`); answers the new time and what happened, in time order. */
  advance(by: string): Promise<Schemas["ClockAdvanced"]> {
    return answer(this.control.POST("/_sandbox/clock/advance", { body: { by } }));
  }

  /** Forward to an ISO 8601 timestamp; see advance. */
  advanceTo(to: string): Promise<Schemas["ClockAdvanced"]> {
    return answer(this.control.POST("/_sandbox/clock/advance", { body: { to } }));
  }
}

/** Entities (practices), as a key that sees every entity reads them. */
export class Entities {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  all(): Promise<Schemas["Entity"][]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/entities", { params: { query: { limit: 100, cursor } } })));
  }

  get(entityId: string): Promise<Schemas["Entity"]> {
    return answer(this.reads.GET("/v0/entities/{entity_id}", { params: { path: { entity_id: entityId } } }));
  }

  /** The entity named exactly `name`; an Error listing the names there are when none is. */
  async named(name: string): Promise<Schemas["Entity"]> {
    return single(await this.all(), name, (entity) => entity.name, "entity");
  }

  /** A new practice (POST /_sandbox/entities). */
  onboard(practice: Schemas["OnboardEntityRequest"]): Promise<Schemas["Entity"]> {
    return answer(this.control.POST("/_sandbox/entities", { body: practice }));
  }

  /** Gives `apiKey` access to an existing entity. */
  connect(entityId: string, apiKey: string): Promise<Schemas["EntityConnection"]> {
    return answer(this.control.POST("/_sandbox/entities/{entity_id}/connect",
      { params: { path: { entity_id: entityId } }, body: { api_key: apiKey } }));
  }
}

/** Bank accounts with numbers and balances (`total_balance`, `available_balance`, in cents). */
export class Accounts {
  constructor(private readonly reads: Api) {}

  all(): Promise<Schemas["AccountList"]["data"]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/accounts", { params: { query: { limit: 100, cursor } } })));
  }

  ofEntity(entityId: string): Promise<Schemas["AccountList"]["data"]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/accounts",
      { params: { query: { entity_id: entityId, limit: 100, cursor } } })));
  }

  get(accountId: string): Promise<Schemas["BankAccount"]> {
    return answer(this.reads.GET("/v0/accounts/{account_id}", { params: { path: { account_id: accountId } } }));
  }

  /** The account named exactly `name` (`"Riverside Operating"`), as GET /v0/accounts/{id} answers it. */
  async named(name: string): Promise<Schemas["BankAccount"]> {
    const account = single(await this.all(), name, (item) => item.name, "account");
    return this.get(account.id);
  }
}

/** The ledger. */
export class Transactions {
  constructor(private readonly reads: Api) {}

  /** An account's transactions, as GET /v0/transactions lists them; they sum to its total balance. */
  of(accountId: string): Promise<Schemas["Transaction"][]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/transactions",
      { params: { query: { account_id: accountId, limit: 100, cursor } } })));
  }

  get(transactionId: string): Promise<Schemas["Transaction"]> {
    return answer(this.reads.GET("/v0/transactions/{transaction_id}", { params: { path: { transaction_id: transactionId } } }));
  }
}

/** Cards as GET /v0/cards/{id} shows them, and card payments as the card network would ask for them. */
export class Cards {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  /**
   * Every card, oldest first, each as GET /v0/cards/{id} answers it, web-app cards included (the API
   * answers 404 for those, but a payment takes them), from GET /_sandbox/cards.
   */
  all(): Promise<Schemas["Card"][]> {
    return this.listed();
  }

  /** An account's cards, as all() answers them; a SandboxError 404 for an unknown account. */
  ofAccount(accountId: string): Promise<Schemas["Card"][]> {
    return this.listed(accountId);
  }

  /** The card nicknamed exactly `nickname` (`"Office supplies"`); an Error listing the nicknames when none is. */
  async named(nickname: string): Promise<Schemas["Card"]> {
    return single(await this.all(), nickname, (card) => card.nickname, "card");
  }

  /** As the API answers it: a SandboxError 404 for an unknown card, or one issued in the web app. */
  get(cardId: string): Promise<Schemas["Card"]> {
    return answer(this.reads.GET("/v0/cards/{card_id}", { params: { path: { card_id: cardId } } }));
  }

  private listed(accountId?: string): Promise<Schemas["Card"][]> {
    return everyPage(async (cursor) => answer(this.control.GET("/_sandbox/cards",
      { params: { query: { account_id: accountId, limit: 100, cursor } } })));
  }

  /**
   * Decides a payment: `(cardId, amount, merchantCategoryCode)` for one at a US merchant, or
   * `(cardId, { amount, merchant_category_code, merchant_country?, settlement? })`; `settlement: "held"`
   * holds the amount and answers the hold as `authorization`.
   */
  authorize(cardId: string, amount: number, merchantCategoryCode: string): Promise<Schemas["CardAuthorization"]>;
  authorize(cardId: string, payment: Schemas["CardAuthorizationRequest"]): Promise<Schemas["CardAuthorization"]>;
  authorize(cardId: string, payment: number | Schemas["CardAuthorizationRequest"], merchantCategoryCode?: string) {
    const body = typeof payment === "number" ? { amount: payment, merchant_category_code: merchantCategoryCode ?? "" } : payment;
    return answer(this.control.POST("/_sandbox/cards/{card_id}/authorizations", { params: { path: { card_id: cardId } }, body }));
  }

  authorization(authorizationId: string): Promise<Schemas["HeldCardAuthorization"]> {
    return answer(this.control.GET("/_sandbox/card-authorizations/{card_authorization_id}",
      { params: { path: { card_authorization_id: authorizationId } } }));
  }

  /** A card's held authorizations, newest first, every status (no card: every card's). */
  authorizations(cardId?: string): Promise<Schemas["HeldCardAuthorization"][]> {
    return everyPage(async (cursor) => answer(this.control.GET("/_sandbox/card-authorizations",
      { params: { query: { card_id: cardId, limit: 100, cursor } } })));
  }

  /** The merchant captures the amount held, or `amount` cents instead (a partial capture, a tip). */
  settle(authorizationId: string, amount?: number): Promise<Schemas["HeldCardAuthorization"]> {
    return answer(this.control.POST("/_sandbox/card-authorizations/{card_authorization_id}/settle",
      { params: { path: { card_authorization_id: authorizationId } }, body: amount === undefined ? {} : { amount } }));
  }

  /** The merchant releases the hold. */
  reverse(authorizationId: string): Promise<Schemas["HeldCardAuthorization"]> {
    return answer(this.control.POST("/_sandbox/card-authorizations/{card_authorization_id}/reverse",
      { params: { path: { card_authorization_id: authorizationId } } }));
  }
}

type Arrival = Schemas["SimulateInboundAchTransferRequest"];

/** Inbound ACH transfers: simulate one, move it by hand, read them. */
export class InboundAch {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  /**
   * A pending credit (positive cents) or debit (negative) that resolves an hour later:
   * `(accountId, amount)`, `(accountId, amount, { addenda, resolves_to, ... })`, or the whole arrival.
   */
  simulate(accountId: string, amount: number, options?: Omit<Arrival, "account_id" | "amount">): Promise<Schemas["InboundAchTransfer"]>;
  simulate(arrival: Arrival): Promise<Schemas["InboundAchTransfer"]>;
  simulate(arrival: string | Arrival, amount?: number, options?: Omit<Arrival, "account_id" | "amount">) {
    const body: Arrival = typeof arrival === "string" ? { ...options, account_id: arrival, amount: amount ?? 0 } : arrival;
    return answer(this.control.POST("/_sandbox/inbound-ach-transfers", { body }));
  }

  accept(transferId: string): Promise<Schemas["InboundAchTransfer"]> {
    return answer(this.control.POST("/_sandbox/inbound-ach-transfers/{id}/accept", { params: { path: { id: transferId } }, body: {} }));
  }

  /** Declined with `payment_stopped`, or `reason`. */
  decline(transferId: string, reason?: string): Promise<Schemas["InboundAchTransfer"]> {
    return answer(this.control.POST("/_sandbox/inbound-ach-transfers/{id}/decline",
      { params: { path: { id: transferId } }, body: reason === undefined ? {} : { reason } }));
  }

  returnTransfer(transferId: string, reason: string): Promise<Schemas["InboundAchTransfer"]> {
    return answer(this.control.POST("/_sandbox/inbound-ach-transfers/{id}/return", { params: { path: { id: transferId } }, body: { reason } }));
  }

  get(transferId: string): Promise<Schemas["InboundAchTransfer"]> {
    return answer(this.reads.GET("/v0/inbound-ach-transfers/{id}", { params: { path: { id: transferId } } }));
  }

  all(): Promise<Schemas["InboundAchTransfer"][]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/inbound-ach-transfers", { params: { query: { limit: 100, cursor } } })));
  }

  of(accountId: string): Promise<Schemas["InboundAchTransfer"][]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/inbound-ach-transfers",
      { params: { query: { account_id: accountId, limit: 100, cursor } } })));
  }
}

/** Insurance payments: the money and the ERA that reconciles with it, in one call. */
export class InsurancePayments {
  constructor(private readonly control: Api) {}

  receive(payment: Schemas["InsurancePaymentRequest"]): Promise<Schemas["InsurancePayment"]> {
    return answer(this.control.POST("/_sandbox/insurance-payments", { body: payment }));
  }
}

/** Remittance advice. */
export class Eras {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  /**
   * An ERA by id, also while its money has not arrived (`transaction_id` null), as
   * GET /_sandbox/eras/{era_id} answers it. A SandboxError 404 for an unknown id, or an ERA still on its way (`era_delay`).
   */
  get(eraId: string): Promise<Schemas["Era"]> {
    return answer(this.control.GET("/_sandbox/eras/{era_id}", { params: { path: { era_id: eraId } } }));
  }

  /**
   * The ERA a remittance lists, paid or not, as GET /_sandbox/remittances/{remittance_id}/era answers it: the JSON
   * form of the 835 x12 serves. A SandboxError 404 as GET /v0/remittances/{id}/era answers it (unknown, or still on its way).
   */
  ofRemittance(remittanceId: string): Promise<Schemas["Era"]> {
    return answer(this.control.GET("/_sandbox/remittances/{remittance_id}/era",
      { params: { path: { remittance_id: remittanceId } } }));
  }

  ofTransaction(transactionId: string): Promise<Schemas["Era"]> {
    return answer(this.reads.GET("/v0/transactions/{id}/era", { params: { path: { id: transactionId } } }));
  }

  /** An entity's remittances, as GET /v0/remittances lists them. */
  remittances(entityId: string): Promise<Schemas["Remittance"][]> {
    return everyPage(async (cursor) => answer(this.reads.GET("/v0/remittances",
      { params: { query: { entity_id: entityId, limit: 100, cursor } } })));
  }

  /** A remittance's ERA as the raw X12 835 the API serves. */
  async x12(remittanceId: string): Promise<string> {
    return answer(this.reads.GET("/v0/remittances/{remittance_id}/era",
      { params: { path: { remittance_id: remittanceId } }, parseAs: "text" }));
  }
}

/** Lockbox mail. */
export class Lockbox {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  /** Mail arrives at a provider's lockbox; its submitted checks are deposited, each with a hold. */
  receiveMail(providerId: string, mail: Schemas["SimulateMailRequest"]): Promise<Schemas["InboundMailItem"]> {
    return answer(this.control.POST("/_sandbox/providers/{provider_id}/mail", { params: { path: { provider_id: providerId } }, body: mail }));
  }

  async mail(providerId: string): Promise<Schemas["InboundMailItem"][]> {
    return (await answer(this.reads.GET("/v0/providers/{provider_id}/mail", { params: { path: { provider_id: providerId } } }))).data;
  }
}

/** Check deposits. */
export class CheckDeposits {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  get(checkDepositId: string): Promise<Schemas["CheckDeposit"]> {
    return answer(this.reads.GET("/v0/check-deposits/{check_deposit_id}", { params: { path: { check_deposit_id: checkDepositId } } }));
  }

  /** A pending check is deposited. */
  submit(checkDepositId: string): Promise<Schemas["CheckDeposit"]> {
    return answer(this.control.POST("/_sandbox/check-deposits/{check_deposit_id}/submit",
      { params: { path: { check_deposit_id: checkDepositId } } }));
  }

  /** The paying bank sends a deposited check back. */
  returnDeposit(checkDepositId: string, reason: string): Promise<Schemas["CheckDeposit"]> {
    return answer(this.control.POST("/_sandbox/check-deposits/{check_deposit_id}/return",
      { params: { path: { check_deposit_id: checkDepositId } }, body: { reason } as Schemas["CheckDepositReturnRequest"] }));
  }
}

/** Saved recipients. */
export class ExternalAccounts {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  get(externalAccountId: string): Promise<Schemas["ExternalAccount"]> {
    return answer(this.reads.GET("/v0/external-accounts/{external_account_id}",
      { params: { path: { external_account_id: externalAccountId } } }));
  }

  archive(externalAccountId: string): Promise<Schemas["ExternalAccount"]> {
    return answer(this.control.POST("/_sandbox/external-accounts/{external_account_id}/archive",
      { params: { path: { external_account_id: externalAccountId } } }));
  }
}

/** Outbound ACH transfers (POST /v0/ach-transfer creates them): play the bank. */
export class AchTransfers {
  constructor(private readonly control: Api, private readonly reads: Api) {}

  get(achTransferId: string): Promise<Schemas["AchTransfer"]> {
    return answer(this.reads.GET("/v0/ach-transfer/{ach_transfer_id}", { params: { path: { ach_transfer_id: achTransferId } } }));
  }

  /** One over the approval threshold goes on. */
  approve(achTransferId: string): Promise<Schemas["AchTransfer"]> {
    return answer(this.control.POST("/_sandbox/ach-transfers/{ach_transfer_id}/approve", { params: { path: { ach_transfer_id: achTransferId } } }));
  }

  reject(achTransferId: string): Promise<Schemas["AchTransfer"]> {
    return answer(this.control.POST("/_sandbox/ach-transfers/{ach_transfer_id}/reject", { params: { path: { ach_transfer_id: achTransferId } } }));
  }

  cancel(achTransferId: string): Promise<Schemas["AchTransfer"]> {
    return answer(this.control.POST("/_sandbox/ach-transfers/{ach_transfer_id}/cancel", { params: { path: { ach_transfer_id: achTransferId } } }));
  }

  returnTransfer(achTransferId: string, reason: string): Promise<Schemas["AchTransfer"]> {
    return answer(this.control.POST("/_sandbox/ach-transfers/{ach_transfer_id}/return",
      { params: { path: { ach_transfer_id: achTransferId } }, body: { reason } as Schemas["AchTransferReturnRequest"] }));
  }
}

type Delivery = Schemas["WebhookDelivery"];

/** Webhooks: subscribe receivers, read the delivery log and the inbox, wait for deliveries. */
export class Webhooks {
  constructor(private readonly control: Api) {}

  /** Sends both events, as the default key sees them, to `url` (`"inbox"`: the sandbox's own receiver), or a whole registration. */
  subscribe(url: string): Promise<Schemas["WebhookEndpoint"]>;
  subscribe(registration: Schemas["WebhookEndpointRequest"]): Promise<Schemas["WebhookEndpoint"]>;
  subscribe(registration: string | Schemas["WebhookEndpointRequest"]) {
    const body = typeof registration === "string" ? { url: registration } : registration;
    return answer(this.control.POST("/_sandbox/webhooks", { body }));
  }

  unsubscribe(endpointId: string): Promise<Schemas["WebhookEndpoint"]> {
    return answer(this.control.DELETE("/_sandbox/webhooks/{endpoint_id}", { params: { path: { endpoint_id: endpointId } } }));
  }

  async endpoints(): Promise<Schemas["WebhookEndpoint"][]> {
    return (await answer(this.control.GET("/_sandbox/webhooks"))).data;
  }

  /** Every delivery since start (or the last reset), newest first, with its attempts. */
  deliveries(): Promise<Delivery[]> {
    return everyPage(async (cursor) => answer(this.control.GET("/_sandbox/webhooks/deliveries", { params: { query: { limit: 100, cursor } } })));
  }

  /** Sends a delivery again now, with the same webhook-id. */
  redeliver(deliveryId: string): Promise<Delivery> {
    return answer(this.control.POST("/_sandbox/webhooks/deliveries/{delivery_id}/redeliver", { params: { path: { delivery_id: deliveryId } } }));
  }

  /** What the sandbox's own receiver got, newest first: all of it, as Java's inbox() (up to the route's most, 1,000). */
  async inbox(): Promise<Schemas["WebhookInbox"]["data"]> {
    return (await answer(this.control.GET("/_sandbox/webhooks/inbox", { params: { query: { limit: 1000 } } }))).data;
  }

  /**
   * Waits until a delivery of `event` succeeded and answers the oldest such: `(event, within)`,
   * `(event, matching, within)`; or until `count` did, answering them oldest first: `(count, event, within)`.
   * `within` is an ISO 8601 duration (`PT5S`).
   */
  awaitDelivered(event: string, within: string): Promise<Delivery>;
  awaitDelivered(event: string, matching: (delivery: Delivery) => boolean, within: string): Promise<Delivery>;
  awaitDelivered(count: number, event: string, within: string): Promise<Delivery[]>;
  async awaitDelivered(first: string | number, second: string | ((delivery: Delivery) => boolean), third?: string): Promise<Delivery | Delivery[]> {
    if (typeof first === "number") {
      const event = second as string;
      const delivered = await this.until(`${first} deliveries of ${event}`, third!, (all) => {
        const oldestFirst = all.filter((d) => d.event === event && d.status === "delivered").reverse();
        return oldestFirst.length >= first ? oldestFirst.slice(0, first) : undefined;
      });
      return delivered;
    }
    const matching = typeof second === "function" ? second : () => true;
    const within = typeof second === "function" ? third! : second;
    return this.until(`a delivery of ${first}`, within, (all) =>
      all.filter((d) => d.event === first && d.status === "delivered" && matching(d)).at(-1));
  }

  /** Waits until a delivery of `event` has had at least `attempts` attempts, failed or not. */
  awaitAttempts(event: string, attempts: number, within: string): Promise<Delivery> {
    return this.until(`a delivery of ${event} with ${attempts} attempts`, within, (all) =>
      all.filter((d) => d.event === event && d.attempts.length >= attempts).at(-1));
  }

  /** The general wait: until some delivery satisfies `condition`; after `within`, an Error saying `what` and listing every delivery. */
  await(what: string, condition: (delivery: Delivery) => boolean, within: string): Promise<Delivery> {
    return this.until(what, within, (all) => all.filter(condition).at(-1));
  }

  private async until<T>(what: string, within: string, found: (deliveries: Delivery[]) => T | undefined): Promise<T> {
    const deadline = Date.now() + milliseconds(within);
    for (;;) {
      const deliveries = await this.deliveries();
      const result = found(deliveries);
      if (result !== undefined) return result;
      if (Date.now() >= deadline) {
        throw new Error(`waited ${within} for ${what}; the deliveries were: ${JSON.stringify(deliveries)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** Scripted failures of /v0 requests: the next matching requests get them, before auth and validation. */
export class Faults {
  constructor(private readonly control: Api) {}

  /**
   * `(method, path, status)`, or the whole fault: `body`, `headers` (`{ "Retry-After": "1" }`), `delay_ms`,
   * `after_processing` (the request is processed first, its changes kept, then answered with the fault),
   * `close_connection` (no answer: the connection is reset; with `after_processing`, the lost answer), `times`.
   * Answers the faults now scripted.
   */
  inject(method: string, path: string, status: number): Promise<Schemas["Fault"][]>;
  inject(fault: Schemas["FaultRequest"]): Promise<Schemas["Fault"][]>;
  async inject(fault: string | Schemas["FaultRequest"], path?: string, status?: number) {
    const body = typeof fault === "string" ? { method: fault, path: path ?? "", status: status ?? 0 } : fault;
    return (await answer(this.control.POST("/_sandbox/faults", { body }))).faults;
  }

  async list(): Promise<Schemas["Fault"][]> {
    return (await answer(this.control.GET("/_sandbox/faults"))).faults;
  }

  async clear(): Promise<void> {
    await answer(this.control.DELETE("/_sandbox/faults"));
  }
}

type JournalEntry = Schemas["JournalEntry"];

/** What the /v0 API was asked and answered since the last reset (or clear), oldest first. */
export class Journal {
  constructor(private readonly control: Api) {}

  /**
   * Every request, or those matching a method and a path as faults match them: `*` for any method; a
   * path ending in `*` matches as a prefix (`/v0/cards/*`), one without `?` ignores the query.
   * `(method, path)` or `({ method, path })`.
   */
  async requests(method?: string | { method?: string; path?: string }, path?: string): Promise<JournalEntry[]> {
    const pattern = typeof method === "object" ? method : { method, path };
    const journal = (await answer(this.control.GET("/_sandbox/requests"))) as Schemas["RequestJournal"];
    return journal.data.filter((entry) => matches(pattern.method ?? "*", pattern.path ?? "*", entry.method, entry.path));
  }

  /** Forgets what was served so far. */
  async clear(): Promise<void> {
    await answer(this.control.DELETE("/_sandbox/requests"));
  }
}

/** The sandbox's own request pattern (faults, the Java handle's journal queries), to the letter. */
function matches(method: string, path: string, requestMethod: string, target: string): boolean {
  if (method !== "*" && method.toUpperCase() !== requestMethod.toUpperCase()) return false;
  const query = target.indexOf("?");
  const compared = query >= 0 && !path.includes("?") ? target.slice(0, query) : target;
  return path.endsWith("*") ? compared.startsWith(path.slice(0, -1)) : compared === path;
}

function single<T>(items: T[], name: string, nameOf: (item: T) => string | null | undefined, kind: string): T {
  const found = items.filter((item) => nameOf(item) === name);
  if (found.length === 1) return found[0];
  if (found.length === 0) {
    throw new Error(`no ${kind} is named ${name}; there are: ${items.map(nameOf).join(", ")}`);
  }
  throw new Error(`${found.length} ${kind}s are named ${name}`);
}
