// Banks Sandbox dashboard. Plain JavaScript, no build step: everything it shows comes from the
// control API (GET /_sandbox/state for the lists, /_sandbox/clock, /_sandbox/requests), and every
// button calls the control API too, so the page never holds a second copy of a rule.
"use strict";

(function () {
  const JOURNAL_POLL_MS = 1500;
  const STATE_POLL_MS = 5000;
  // ACH return reason codes, with the NACHA code each stands for (the API takes the snake_case name).
  const RETURN_REASONS = [
    ["insufficient_funds", "R01"], ["account_closed", "R02"], ["no_account", "R03"],
    ["invalid_account_number", "R04"], ["unauthorized_debit", "R05"],
    ["authorization_revoked_by_customer", "R07"], ["payment_stopped", "R08"],
    ["uncollected_funds", "R09"], ["customer_advised_unauthorized", "R10"],
    ["account_frozen", "R16"], ["duplicate_entry", "R24"],
    ["corporate_customer_advised_not_authorized", "R29"],
  ];

  const $ = (selector, root) => (root || document).querySelector(selector);
  const $$ = (selector, root) => Array.from((root || document).querySelectorAll(selector));

  const view = {
    state: null,
    stateText: "",
    clock: null,
    journalLast: -1,
    journalSize: 0,
    openRequests: new Set(), // journal rows whose bodies are shown, kept open across live updates
    names: { entities: new Map(), accounts: new Map() },
  };

  // ---------- formatting ----------

  const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

  function money(cents) {
    if (cents === null || cents === undefined) return "—";
    return usd.format(Number(cents) / 100);
  }

  function when(ts) {
    if (!ts) return "—";
    const d = new Date(ts);
    if (isNaN(d)) return String(ts);
    return d.toISOString().replace("T", " ").replace(/\.\d{3}Z$/, " UTC").replace(/Z$/, " UTC");
  }

  function longWhen(ts) {
    const d = new Date(ts);
    if (isNaN(d)) return String(ts);
    const day = d.toLocaleDateString("en-US", { weekday: "short", year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
    return day + " · " + d.toISOString().slice(11, 19) + " UTC";
  }

  function intervalName(interval) {
    return String(interval).replace(/^per_/, "per ").replace(/_/g, " ");
  }

  // el("td", {class: "num", "data-testid": "x"}, "text", childNode, ...), from dom.js
  const { el } = window.BanksSandboxUi;

  function badge(status, testid) {
    return el("span", { class: "badge status-" + String(status).replace(/[^a-z_]/g, ""), "data-testid": testid }, status);
  }

  function fill(tableTestId, rows) {
    const body = $(`[data-testid="${tableTestId}"] tbody`);
    body.replaceChildren(...rows);
  }

  // ---------- the control API ----------

  const { ApiError, TOKEN_KEY, baseUrl, authorization, call } = window.BanksSandboxUi; // from dom.js

  // Downloads the session as a QA scenario. Fetched rather than linked, so that the admin token goes along.
  async function downloadScenario(format, fileName) {
    const response = await fetch(baseUrl + "/_sandbox/requests?format=" + format, { headers: authorization({}) });
    if (response.status === 401) $("#token-bar").hidden = false;
    if (!response.ok) throw new ApiError(response.status, null);
    const link = el("a", { href: URL.createObjectURL(await response.blob()), download: fileName, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    return fileName;
  }

  function toast(message, kind) {
    const box = $("#toast");
    box.textContent = message;
    box.className = "toast " + (kind || "ok");
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, kind === "error" ? 8000 : 3500);
  }

  // Runs a button's action through dom.js: `ask` (optional) first, the button disabled meanwhile, the
  // outcome in the toast, then the page refreshed.
  function act(button, label, action, ask) {
    return window.BanksSandboxUi.act(button, { ask, run: action, done: label, show: toast, after: refresh,
      failed: e => (e.status ? e.status + ": " : "") + e.message });
  }

  // ---------- loading ----------

  async function loadClock() {
    view.clock = await call("GET", "/_sandbox/clock");
    $('[data-testid="clock-now"]').textContent = longWhen(view.clock.now);
    $('[data-testid="clock-now"]').setAttribute("data-now", view.clock.now);
    $('[data-testid="clock-mode"]').textContent = view.clock.mode;
    // The "advance to" field follows the clock until the user types a time of their own.
    const input = $('[data-testid="advance-to-input"]');
    if (!input.dataset.edited && document.activeElement !== input) input.value = view.clock.now.slice(0, 19).replace("T", " ");
  }

  async function loadState() {
    const state = await call("GET", "/_sandbox/state");
    // The clock is part of the export; re-render only when the data moved.
    const text = JSON.stringify(Object.assign({}, state, { clock: null, idempotency_keys: null }));
    if (text === view.stateText) return;
    view.state = state;
    view.stateText = text;
    render();
  }

  async function loadJournal() {
    const journal = await call("GET", "/_sandbox/requests");
    const entries = journal.data || [];
    // The last sequence number and the count together tell a new request from a cleared journal.
    view.journalSize = entries.length;
    const last = (entries.length ? entries[entries.length - 1].sequence : 0) + "/" + entries.length;
    if (last === view.journalLast) return false;
    const changed = view.journalLast !== -1;
    view.journalLast = last;
    renderJournal(entries);
    return changed;
  }

  async function refresh() {
    try {
      await Promise.all([loadClock(), loadState(), loadJournal()]);
      $("#token-bar").hidden = true;
    } catch (e) {
      if (e.status !== 401) toast("Could not load the sandbox: " + e.message, "error");
    }
  }

  // The journal is live; a new /v0 request may have changed data, and a running clock resolves
  // transfers on its own, so the state is re-read when either moves.
  async function poll() {
    try {
      // A hidden tab does not poll; a long journal (it keeps up to 10,000 requests with their
      // bodies) is read less often, since each read carries all of it.
      if ($("#journal-live").checked && !document.hidden) {
        const moved = await loadJournal();
        await loadClock();
        if (moved) await loadState();
      }
    } catch (e) {
      // shown by the next explicit refresh; polling stays quiet
    } finally {
      setTimeout(poll, view.journalSize > 1000 ? 4 * JOURNAL_POLL_MS : JOURNAL_POLL_MS);
    }
  }

  async function pollState() {
    try {
      if (!document.hidden) await loadState();
    } catch (e) { /* quiet */ }
    setTimeout(pollState, STATE_POLL_MS);
  }

  // ---------- rendering ----------

  function entityName(id) { return view.names.entities.get(id) || id; }
  function accountName(id) { return view.names.accounts.get(id) || id; }

  function render() {
    const s = view.state;
    view.names.entities = new Map((s.entities || []).map(e => [e.id, e.name]));
    view.names.accounts = new Map((s.accounts || []).map(a => [a.id, a.name]));
    renderEntities(s);
    renderAccounts(s);
    renderTransactions(s);
    renderCards(s);
    renderCardPayments(s);
    renderCardHolds(s);
    renderAch(s);
    renderOutbound(s);
    renderMail(s);
    renderEras(s);
    renderExternal(s);
    renderKeys(s);
    renderPickers(s);
  }

  function renderEntities(s) {
    const accountsBy = new Map();
    for (const a of s.accounts || []) accountsBy.set(a.entity_id, (accountsBy.get(a.entity_id) || 0) + 1);
    fill("entities-table", (s.entities || []).map(e => el("tr", { "data-testid": "entity-row-" + e.id },
      el("td", {}, el("strong", {}, e.name)),
      el("td", {}, String(e.structure || "").replace(/_/g, " ")),
      el("td", { class: "mono" }, e.npi || "—"),
      el("td", {}, e.address ? `${e.address.city}, ${e.address.state}` : "—"),
      el("td", { class: "num" }, accountsBy.get(e.id) || 0),
      el("td", { class: "mono muted" }, e.id))));
  }

  function renderAccounts(s) {
    fill("accounts-table", (s.accounts || []).map(a => el("tr", { "data-testid": "account-row-" + a.id },
      el("td", {}, el("strong", {}, a.name)),
      el("td", {}, entityName(a.entity_id)),
      el("td", { class: "mono" }, `${a.account_number} / ${a.routing_number}`),
      el("td", { class: "num", "data-testid": "account-available-" + a.id, "data-cents": a.available_balance }, money(a.available_balance)),
      cardHoldsCell(a.id),
      el("td", { class: "num", "data-testid": "account-total-" + a.id, "data-cents": a.total_balance }, money(a.total_balance)),
      el("td", { class: "mono muted" }, a.id))));
  }

  function renderTransactions(s) {
    const recent = (s.transactions || []).slice()
      .sort((a, b) => String(b.occurred_at).localeCompare(String(a.occurred_at)) || String(b.id).localeCompare(String(a.id)))
      .slice(0, 25);
    fill("transactions-table", recent.map(t => el("tr", { "data-testid": "transaction-row-" + t.id },
      el("td", {}, when(t.occurred_at)),
      el("td", {}, accountName(t.account_id)),
      el("td", {}, t.description || String(t.source_category || "").replace(/_/g, " "),
        el("div", { class: "muted small" }, String(t.source_category || "").replace(/_/g, " "))),
      el("td", { class: "num " + (t.amount < 0 ? "debit" : "credit") }, money(t.amount)),
      el("td", { class: "mono muted" }, t.id))));
  }

  function renderCards(s) {
    fill("cards-table", (s.cards || []).map(c => el("tr", { "data-testid": "card-row-" + c.id },
      el("td", {}, el("strong", {}, c.nickname || "(no nickname)"), el("div", { class: "mono muted" }, "•••• " + c.last_4)),
      el("td", {}, badge(c.status, "card-status-" + c.id)),
      el("td", {}, accountName(c.bank_account_id), el("div", { class: "muted small" }, entityName(c.entity_id))),
      el("td", { "data-testid": "card-limits-" + c.id },
        (c.spending_limits || []).length === 0 ? el("span", { class: "muted" }, "no limits")
          : el("ul", { class: "limits" }, c.spending_limits.map(l => el("li", {},
            el("strong", {}, money(l.amount)), " ", intervalName(l.interval),
            l.merchant_category_codes && l.merchant_category_codes.length
              ? el("span", { class: "muted small" }, " (MCC " + l.merchant_category_codes.join(", ") + ")") : null)))),
      el("td", {}, when(c.created_at), el("div", { class: "muted small" }, c.issued_via ? "via " + c.issued_via : "")),
      el("td", { class: "mono muted" }, c.id))));
  }

  function renderCardPayments(s) {
    const cards = new Map((s.cards || []).map(c => [c.id, c]));
    const recent = (s.card_payments || []).slice()
      .sort((a, b) => String(b.authorized_at).localeCompare(String(a.authorized_at)) || String(b.id).localeCompare(String(a.id)))
      .slice(0, 25);
    fill("card-payments-table", recent.map(p => {
      const card = cards.get(p.card_id);
      return el("tr", { "data-testid": "card-payment-row-" + p.id },
        el("td", {}, when(p.authorized_at)),
        el("td", {}, card ? (card.nickname || "(no nickname)") + " •••• " + card.last_4 : p.card_id),
        el("td", {}, "MCC " + p.merchant_category_code + " · " + p.merchant_country),
        el("td", { class: "num debit" }, money(p.amount)),
        el("td", { class: "mono muted" }, p.id));
    }));
  }

  function authorizationMessage(result, cents) {
    if (result.decision === "approved" && result.authorization) return "Approved and held " + money(cents);
    if (result.decision === "approved") return "Approved " + money(cents);
    const limit = result.limit ? ` (${money(result.limit.amount)} ${intervalName(result.limit.interval)})` : "";
    return "Declined " + money(cents) + ": " + String(result.decline_reason).replace(/_/g, " ") + limit;
  }

  function achResolution(t) {
    if (t.status === "pending") return el("span", {}, "resolves ", when(t.automatically_resolves_at));
    if (t.status === "accepted") return el("span", {}, "accepted ", when(t.accepted_at));
    if (t.status === "declined" && t.declined) return el("span", {}, when(t.declined.declined_at), el("div", { class: "muted small" }, t.declined.reason));
    if (t.status === "returned" && t.returned) return el("span", {}, when(t.returned.returned_at), el("div", { class: "muted small" }, t.returned.reason));
    return "—";
  }

  function achActions(t) {
    const buttons = [];
    if (t.status === "pending") {
      buttons.push(el("button", { type: "button", class: "primary small", "data-testid": "ach-accept-" + t.id,
        onclick: ev => act(ev.currentTarget, "Accepted " + money(t.amount),
          () => call("POST", `/_sandbox/inbound-ach-transfers/${t.id}/accept`)) }, "Accept"));
      buttons.push(reasonButton("ach-decline-" + t.id, "Decline", "Declined", t,
        "Optional reason code (default payment_stopped).", false, `/_sandbox/inbound-ach-transfers/${t.id}/decline`));
    }
    if (t.status === "accepted") {
      buttons.push(reasonButton("ach-return-" + t.id, "Return", "Returned", t,
        "Reason code, such as account_closed (R02) or insufficient_funds (R01).", true, `/_sandbox/inbound-ach-transfers/${t.id}/return`));
    }
    return el("div", { class: "actions" }, buttons);
  }

  function renderAch(s) {
    const filter = $("#ach-filter").value;
    const transfers = (s.inbound_ach_transfers || []).slice()
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || String(b.id).localeCompare(String(a.id)))
      .filter(t => !filter || t.status === filter);
    fill("ach-table", transfers.map(t => el("tr", { "data-testid": "ach-row-" + t.id, "data-status": t.status },
      el("td", {}, when(t.created_at)),
      el("td", {}, accountName(t.account_id), el("div", { class: "muted small" }, entityName(accountEntity(t.account_id)))),
      el("td", {}, t.originator_company_name || "—",
        el("div", { class: "muted small" }, [t.standard_entry_class_code, t.originator_company_entry_description].filter(Boolean).join(" · "))),
      el("td", { class: "num " + (t.amount < 0 ? "debit" : "credit"), "data-testid": "ach-amount-" + t.id }, money(t.amount)),
      el("td", {}, badge(t.status, "ach-status-" + t.id)),
      el("td", { class: "small" }, achResolution(t)),
      el("td", {}, achActions(t)))));
  }

  function accountEntity(accountId) {
    const account = (view.state.accounts || []).find(a => a.id === accountId);
    return account ? account.entity_id : null;
  }

  function renderOutbound(s) {
    const externals = new Map((s.external_accounts || []).map(x => [x.id, x]));
    const transfers = (s.ach_transfers || []).slice()
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || String(b.id).localeCompare(String(a.id)));
    $('[data-testid="outbound-empty"]').hidden = transfers.length > 0;
    fill("outbound-table", transfers.map(t => {
      const to = externals.get(t.external_account_id);
      const sub = t.submission;
      return el("tr", { "data-testid": "outbound-row-" + t.id, "data-status": t.status },
        el("td", {}, when(t.created_at)),
        el("td", {}, accountName(t.account_id), el("div", { class: "muted small" }, t.description || "")),
        el("td", {}, to ? (to.nickname || to.holder_name) : t.external_account_id,
          to ? el("div", { class: "mono muted small" }, to.routing_number + " / ••" + String(to.account_number).slice(-4)) : null),
        el("td", { class: "num debit" }, money(t.amount)),
        el("td", {}, badge(t.status, "outbound-status-" + t.id)),
        el("td", { class: "small" },
          t.status === "returned" && t.return ? el("span", {}, when(t.return.returned_at), el("div", { class: "muted small" }, t.return.reason))
            : sub ? el("span", {}, "submitted ", when(sub.submitted_at), el("div", { class: "muted small" },
              t.settled_at ? "settled " + when(t.settled_at) : "settles " + when(sub.expected_funds_settlement_at)))
            : t.status === "pending" && t.amount > 10000000 && !t.approved_at ? el("span", { class: "muted" }, "awaiting approval")
            : t.status === "pending" ? el("span", { class: "muted" }, "submits at the next half hour") : "—"),
        el("td", {}, outboundActions(t)));
    }));
  }

  function outboundActions(t) {
    const move = (step, label, body) => el("button", { type: "button", class: step === "approve" ? "primary small" : "small",
      "data-testid": `outbound-${step}-${t.id}`,
      onclick: ev => act(ev.currentTarget, `${label} ${money(t.amount)}`,
        () => call("POST", `/_sandbox/ach-transfers/${t.id}/${step}`, body)) }, label);
    const buttons = [];
    if (t.status === "pending") {
      if (t.amount > 10000000 && !t.approved_at) buttons.push(move("approve", "Approve"));
      buttons.push(move("reject", "Reject"), move("cancel", "Cancel"));
    }
    if (t.status === "submitted") {
      buttons.push(reasonButton("outbound-return-" + t.id, "Return", "Returned", t,
        "Optional reason code (default no_account).", false, `/_sandbox/ach-transfers/${t.id}/return`));
    }
    return el("div", { class: "actions" }, buttons);
  }

  function renderMail(s) {
    const mail = (s.mail || []).slice().sort((a, b) => String(b.received_at).localeCompare(String(a.received_at)));
    fill("mail-table", mail.map(m => {
      const checks = m.checks || [];
      const total = checks.filter(c => c.status === "submitted").reduce((sum, c) => sum + c.amount, 0);
      return el("tr", { "data-testid": "mail-row-" + m.id },
        el("td", {}, when(m.received_at)),
        el("td", {}, entityName(m.provider_id)),
        el("td", {}, accountName(m.account_id)),
        el("td", {}, checks.length === 0 ? el("span", { class: "muted" }, "no checks")
          : el("ul", { class: "checks" }, checks.map(c => el("li", { "data-testid": "check-" + c.id },
            el("strong", {}, money(c.amount)), " ", badge(c.status),
            c.hold ? el("span", { class: "muted small", "data-testid": "check-hold-" + c.id },
              c.hold.status === "released" ? " hold released " + when(c.hold.released_at)
                : " on hold until " + when(c.hold.automatically_releases_at)) : null,
            c.micr ? el("span", { class: "mono muted small" }, " #" + c.micr.serial_number) : null)))),
        el("td", { class: "num" }, money(total)),
        el("td", { class: "mono muted" }, m.id));
    }));
  }

  // What a simulated insurance payment did, in the words of its halves: which money, where, and when the rest comes.
  function insuranceMessage(r, eraDays, paymentDays) {
    const days = n => n + (Number(n) === 1 ? " day" : " days");
    const era = eraDays !== "" ? `; its ERA follows ${days(eraDays)} after the money posts` : ", with its ERA";
    if (r.mail_item) return `Check ${money(r.mail_item.amount)} arrived in the lockbox${era}`;
    if (!r.inbound_ach_transfer) return `ERA arrived; its ${money(r.era.payment.amount)} ACH credit follows in ${days(paymentDays)}`;
    return `Insurance payment ${money(r.inbound_ach_transfer.amount)} arrived, ${r.inbound_ach_transfer.status}${era}`;
  }

  function renderEras(s) {
    // newest received first, as GET /v0/remittances lists them; the received time is the first column
    const eras = (s.eras || []).slice()
      .sort((a, b) => String(b.received_at).localeCompare(String(a.received_at)) || String(b.id).localeCompare(String(a.id)));
    // an ERA still on its way (era_delay) is in no API listing yet; here it shows when it will come
    fill("eras-table", eras.map(e => el("tr", { "data-testid": "era-row-" + e.id, "data-received": e.received_at },
      el("td", {}, e.received_at ? when(e.received_at)
        : el("span", { class: "muted", "data-testid": "era-on-its-way-" + e.id },
          "on its way: " + (e.receives_at ? when(e.receives_at) : e.era_delay + " after the money posts"))),
      el("td", {}, when(e.payment && e.payment.date).replace(" 00:00:00 UTC", "")),
      el("td", {}, e.payer ? e.payer.name : "—", el("div", { class: "mono muted small" }, e.payer ? e.payer.id : "")),
      el("td", {}, e.payee ? e.payee.name : entityName(e.entity_id), el("div", { class: "mono muted small" }, e.payee && e.payee.npi ? "NPI " + e.payee.npi : "")),
      el("td", { class: "num" }, money(e.payment && e.payment.amount),
        el("div", { class: "muted small" }, e.payment ? String(e.payment.method).toUpperCase() + (e.payment.check_number ? " #" + e.payment.check_number : "") : ""),
        // provider-level adjustments (PLB): what the payer added (+) or held back (−), beside the claims
        (e.provider_adjustments || []).length ? el("div", { class: "muted small", "data-testid": "era-plb-" + e.id },
          "PLB " + e.provider_adjustments.map(a => a.reason + " " + (a.amount < 0 ? "+" : "−") + money(Math.abs(a.amount))).join(", ")) : null),
      el("td", {}, el("ul", { class: "claims" }, (e.claims || []).map(c => el("li", {},
        el("span", { class: "mono" }, c.patient_control_number), " ", c.patient ? c.patient.name : "", " · ",
        "charged ", money(c.charged_amount), ", paid ", el("strong", {}, money(c.paid_amount)), " ", badge(c.status))))),
      el("td", { class: "mono muted" }, e.transaction_id
        || (e.payment_arrives_at ? "ACH credit due " + when(e.payment_arrives_at) : "not yet linked")))));
  }

  function renderExternal(s) {
    fill("external-table", (s.external_accounts || []).map(x => el("tr", { "data-testid": "external-row-" + x.id },
      el("td", {}, el("strong", {}, x.nickname || "—")),
      el("td", {}, x.holder_name, el("div", { class: "muted small" }, x.holder_type)),
      el("td", {}, entityName(x.entity_id)),
      el("td", { class: "mono" }, x.routing_number + " / ••" + String(x.account_number).slice(-4)),
      el("td", {}, badge(x.status, "external-status-" + x.id)),
      el("td", {}, when(x.created_at)),
      el("td", {}, x.status === "archived" ? "" : el("button", { type: "button", class: "small", "data-testid": "external-archive-" + x.id,
        onclick: ev => act(ev.currentTarget, "Archived " + (x.nickname || x.id),
          () => call("POST", `/_sandbox/external-accounts/${x.id}/archive`)) }, "Archive")))));
  }

  function renderKeys(s) {
    const keys = s.api_keys || [];
    fill("keys-table", keys.map(k => el("tr", { "data-testid": "key-row-" + k.key },
      el("td", { class: "mono" }, k.key),
      el("td", {}, k.description || ""),
      el("td", {}, (k.entity_ids || []).map(id => id === "*" ? "every entity" : entityName(id)).join(", ")))));
    const key = keys.length ? keys[0].key : "KEY";
    $('[data-testid="curl-example"]').textContent =
      `curl -H 'Authorization: Bearer ${key}' ${baseUrl}/v0/entities`;
  }

  function renderPickers(s) {
    const accountSelect = $('[data-testid="simulate-ach-account"]');
    const chosen = accountSelect.value;
    accountSelect.replaceChildren(...(s.accounts || []).map(a =>
      el("option", { value: a.id }, `${a.name} — ${entityName(a.entity_id)} (${money(a.available_balance)})`)));
    if (chosen) accountSelect.value = chosen;
    const insuranceSelect = $('[data-testid="insurance-account"]');
    const insured = insuranceSelect.value;
    insuranceSelect.replaceChildren(...(s.accounts || []).map(a =>
      el("option", { value: a.id }, `${a.name} — ${entityName(a.entity_id)}`)));
    if (insured) insuranceSelect.value = insured;
    const cardSelect = $('[data-testid="authorize-card"]');
    const card = cardSelect.value;
    const usable = { active: 0, inactive: 1, disabled: 1, canceled: 2 };
    const cards = (s.cards || []).slice().sort((a, b) => (usable[a.status] ?? 1) - (usable[b.status] ?? 1));
    cardSelect.replaceChildren(...cards.map(c =>
      el("option", { value: c.id, "data-status": c.status }, `${c.nickname || "(no nickname)"} •••• ${c.last_4} (${c.status})`)));
    if (card && cards.some(c => c.id === card)) cardSelect.value = card;
    const providerSelect = $('[data-testid="simulate-mail-provider"]');
    const provider = providerSelect.value;
    const withAccounts = new Set((s.accounts || []).map(a => a.entity_id));
    providerSelect.replaceChildren(...(s.entities || []).filter(e => withAccounts.has(e.id)).map(e =>
      el("option", { value: e.id }, e.name)));
    if (provider) providerSelect.value = provider;
  }

  function renderJournal(entries) {
    $('[data-testid="requests-count"]').textContent = entries.length;
    $('[data-testid="requests-empty"]').hidden = entries.length > 0;
    const rows = [];
    const details = new Map();
    for (const r of entries.slice().reverse().slice(0, 200)) {
      const detail = el("tr", { class: "detail", hidden: true },
        el("td", { colspan: 6 }, el("div", { class: "bodies" },
          el("div", {}, el("div", { class: "label" }, "Request body"), el("pre", {}, r.request_body == null ? "—" : JSON.stringify(r.request_body, null, 2))),
          el("div", {}, el("div", { class: "label" }, "Response body"), el("pre", {}, r.response_body == null ? "—" : JSON.stringify(r.response_body, null, 2))))));
      rows.push(el("tr", { class: "request", "data-testid": "request-row-" + r.sequence, title: "Show bodies",
        onclick: () => {
          detail.hidden = !detail.hidden;
          if (detail.hidden) view.openRequests.delete(r.sequence); else view.openRequests.add(r.sequence);
        } },
        el("td", { class: "num muted" }, r.sequence),
        el("td", {}, when(r.at)),
        el("td", { class: "mono" }, r.method),
        el("td", { class: "mono" }, r.path),
        el("td", {}, el("span", { class: "badge " + (r.status < 300 ? "status-accepted" : r.status < 500 ? "status-pending" : "status-declined") }, r.status)),
        el("td", { class: "mono muted small" }, r.idempotency_key || "")));
      rows.push(detail);
      details.set(r.sequence, detail);
    }
    fill("requests-table", rows);
    for (const [sequence, detail] of details) detail.hidden = !view.openRequests.has(sequence);
  }

  // ---------- card holds: payments authorized with settlement "held" ----------

  // What the account's pending card holds take out of its available balance (state: card_authorizations).
  function pendingCardHolds(accountId) {
    return ((view.state && view.state.card_authorizations) || []).filter(h => h.account_id === accountId && h.status === "pending");
  }

  function cardHoldsCell(accountId) {
    const holds = pendingCardHolds(accountId);
    const cents = holds.reduce((sum, h) => sum + h.amount, 0);
    return el("td", { class: "num", "data-testid": "account-card-holds-" + accountId, "data-cents": cents },
      holds.length === 0 ? el("span", { class: "muted" }, "—")
        : [money(cents), el("div", { class: "muted small" }, holds.length + " pending")]);
  }

  function cardHoldMove(h) {
    if (h.status === "pending") return el("span", {}, "expires ", when(h.expires_at));
    if (h.status === "settled") return el("span", {}, "settled ", el("strong", {}, money(h.settled_amount)), " ", when(h.settled_at),
      el("div", { class: "mono muted small" }, h.transaction_id));
    if (h.status === "reversed") return el("span", {}, "reversed ", when(h.reversed_at));
    if (h.status === "expired") return el("span", {}, "expired ", when(h.expired_at));
    return "—";
  }

  function cardHoldActions(h) {
    if (h.status !== "pending") return "";
    return el("div", { class: "actions" },
      el("button", { type: "button", class: "primary small", "data-testid": "card-hold-settle-" + h.id,
        onclick: ev => act(ev.currentTarget, r => "Settled " + money(r.settled_amount),
          cents => call("POST", `/_sandbox/card-authorizations/${h.id}/settle`, { amount: cents }),
          () => askSettleAmount(h)) }, "Settle"),
      el("button", { type: "button", class: "small", "data-testid": "card-hold-reverse-" + h.id,
        onclick: ev => act(ev.currentTarget, "Reversed " + money(h.amount),
          () => call("POST", `/_sandbox/card-authorizations/${h.id}/reverse`)) }, "Reverse"));
  }

  function renderCardHolds(s) {
    const cards = new Map((s.cards || []).map(c => [c.id, c]));
    const holds = (s.card_authorizations || []).slice()
      .sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)) || String(b.id).localeCompare(String(a.id)));
    $('[data-testid="card-holds-empty"]').hidden = holds.length > 0;
    fill("card-holds-table", holds.map(h => {
      const card = cards.get(h.card_id);
      return el("tr", { "data-testid": "card-hold-row-" + h.id, "data-status": h.status },
        el("td", {}, when(h.created_at)),
        el("td", {}, card ? (card.nickname || "(no nickname)") + " •••• " + card.last_4 : h.card_id,
          el("div", { class: "muted small" }, accountName(h.account_id))),
        el("td", {}, "MCC " + h.merchant_category_code + " · " + h.merchant_country),
        el("td", { class: "num", "data-testid": "card-hold-amount-" + h.id }, money(h.amount)),
        el("td", {}, badge(h.status, "card-hold-status-" + h.id)),
        el("td", { class: "small", "data-testid": "card-hold-move-" + h.id }, cardHoldMove(h)),
        el("td", {}, cardHoldActions(h)));
    }));
  }

  // Asks the amount to settle, in dollars (the held amount to start with); answers cents, or null when cancelled.
  function askSettleAmount(h) {
    const dialog = $("#settle-dialog");
    const input = $('[data-testid="settle-amount"]');
    $("#settle-title").textContent = "Settle the hold of " + money(h.amount);
    input.value = (h.amount / 100).toFixed(2);
    return new Promise(resolve => {
      dialog.addEventListener("close", () => {
        resolve(dialog.returnValue === "ok" ? dollarsToCents(input.value) : null);
      }, { once: true });
      dialog.returnValue = "";
      dialog.showModal();
      input.select();
    });
  }

  // ---------- dialogs ----------

  // A transfer's button that asks for a reason code (`required`, or optional: the API's default), then
  // posts it to `path`: "Decline $75.00" asks, "Declined $75.00" reports.
  function reasonButton(testid, verb, done, t, help, required, path) {
    return el("button", { type: "button", class: "small", "data-testid": testid,
      onclick: ev => act(ev.currentTarget, done + " " + money(t.amount),
        reason => call("POST", path, reason ? { reason } : {}),
        () => askReason(verb + " " + money(t.amount), help, required)) }, verb);
  }

  function askReason(title, help, required) {
    const dialog = $("#reason-dialog");
    const input = $('[data-testid="reason-input"]');
    $("#reason-title").textContent = title;
    $("#reason-help").textContent = help;
    input.required = required;
    input.value = "";
    return new Promise(resolve => {
      dialog.addEventListener("close", () => {
        resolve(dialog.returnValue === "ok" ? reasonName(input.value.trim()) : null);
      }, { once: true });
      dialog.returnValue = "";
      dialog.showModal();
      input.focus();
    });
  }

  // The API takes snake_case reasons; a NACHA code (R01...) typed by habit is translated.
  function reasonName(typed) {
    const known = RETURN_REASONS.find(([, code]) => code === typed.toUpperCase());
    return known ? known[0] : typed;
  }

  // ---------- wiring ----------

  function showTab(name) {
    const tab = $$("[data-tab]").some(a => a.dataset.tab === name) ? name : "accounts";
    for (const a of $$("[data-tab]")) a.setAttribute("aria-selected", String(a.dataset.tab === tab));
    for (const p of $$("[data-panel]")) p.hidden = p.dataset.panel !== tab;
  }

  function dollarsToCents(text) {
    const value = Math.round(Number(text) * 100);
    return Number.isFinite(value) ? value : NaN;
  }

  function wire() {
    $('[data-testid="base-url"]').textContent = baseUrl;
    $("#ach-reasons").replaceChildren(...RETURN_REASONS.map(([name, code]) =>
      el("option", { value: name }, code)));
    window.addEventListener("hashchange", () => showTab(location.hash.slice(1)));
    showTab(location.hash.slice(1));

    for (const button of $$("[data-advance]")) {
      button.addEventListener("click", () => act(button, r => advancedMessage(r),
        () => call("POST", "/_sandbox/clock/advance", { by: button.dataset.advance })));
    }
    $("#advance-to-form").addEventListener("submit", ev => {
      ev.preventDefault();
      const value = $('[data-testid="advance-to-input"]').value.trim().replace(" ", "T");
      const to = (value.length === 16 ? value + ":00" : value) + "Z";
      act($('[data-testid="advance-to"]'), r => advancedMessage(r), () => call("POST", "/_sandbox/clock/advance", { to }).then(r => {
        delete $('[data-testid="advance-to-input"]').dataset.edited;
        return r;
      }));
    });
    $('[data-testid="advance-to-input"]').addEventListener("input", ev => { ev.currentTarget.dataset.edited = "1"; });
    $('[data-testid="reset"]').addEventListener("click", ev => {
      act(ev.currentTarget, "Reset to the fixtures", () => {
        delete $('[data-testid="advance-to-input"]').dataset.edited;
        return call("POST", "/_sandbox/reset");
      }, () => confirm("Reset the sandbox to its fixtures? Data, clock, idempotency keys, journal and faults go back."));
    });
    $("#ach-filter").addEventListener("change", () => view.state && renderAch(view.state));

    $("#simulate-ach-form").addEventListener("submit", ev => {
      ev.preventDefault();
      const form = ev.currentTarget;
      const cents = dollarsToCents(form.amount.value);
      const body = { account_id: form.account_id.value, amount: form.direction.value === "debit" ? -cents : cents };
      if (form.originator_company_name.value.trim()) body.originator_company_name = form.originator_company_name.value.trim();
      if (form.resolves_to.value) body.resolves_to = form.resolves_to.value;
      act($('[data-testid="simulate-ach-submit"]'), t => `Inbound ACH ${money(t.amount)} arrived, ${t.status}`,
        () => call("POST", "/_sandbox/inbound-ach-transfers", body)).then(t => {
        if (t) { $("#ach-filter").value = ""; renderAch(view.state); }
      });
    });

    $("#authorize-form").addEventListener("submit", ev => {
      ev.preventDefault();
      const form = ev.currentTarget;
      const cents = dollarsToCents(form.amount.value);
      const body = { amount: cents, merchant_category_code: form.merchant_category_code.value,
        merchant_country: form.merchant_country.value };
      if (form.settlement.value === "held") body.settlement = "held"; // immediate is the API's default
      const result = $("#authorize-result");
      result.textContent = "";
      act($('[data-testid="authorize-submit"]'), r => authorizationMessage(r, cents),
        () => call("POST", `/_sandbox/cards/${encodeURIComponent(form.card_id.value)}/authorizations`, body)).then(r => {
        if (!r) return;
        result.textContent = authorizationMessage(r, cents);
        result.className = "small " + (r.decision === "approved" ? "credit" : "debit");
        result.dataset.decision = r.decision;
      });
    });

    $("#insurance-form").addEventListener("submit", ev => {
      ev.preventDefault();
      const form = ev.currentTarget;
      const charged = dollarsToCents(form.charged.value);
      const paid = dollarsToCents(form.paid.value);
      const owes = dollarsToCents(form.patient_responsibility.value || "0");
      // Only the amounts: the sandbox balances the claim itself (PR-2 for the patient's share, CO-45 for the rest).
      const body = {
        account_id: form.account_id.value,
        payer: { name: form.payer_name.value.trim(), id: form.payer_id.value.trim() },
        claims: [{
          patient_control_number: "PCN-" + Date.now().toString(36).toUpperCase(),
          charged_amount: charged, paid_amount: paid, patient_responsibility: owes,
          patient: { name: form.patient.value.trim() },
        }],
      };
      // Payers' ways, each sent only when asked for, so a plain payment is the request it always was.
      const eraDays = form.era_delay_days.value, paymentDays = form.payment_delay_days.value;
      if (form.method.value === "check") body.method = "check";
      if (eraDays !== "") body.era_delay = "P" + Number(eraDays) + "D";
      if (paymentDays !== "") body.payment_delay = "P" + Number(paymentDays) + "D";
      if (form.interest.value) body.provider_adjustments = [{ reason: "L6", amount: -dollarsToCents(form.interest.value) }];
      act($('[data-testid="insurance-submit"]'), r => insuranceMessage(r, eraDays, paymentDays),
        () => call("POST", "/_sandbox/insurance-payments", body));
    });

    $("#simulate-mail-form").addEventListener("submit", ev => {
      ev.preventDefault();
      const form = ev.currentTarget;
      const checks = form.amount.value ? [{ amount: dollarsToCents(form.amount.value), status: form.status.value }] : [];
      act($('[data-testid="simulate-mail-submit"]'), m => `Mail received with ${m.checks.length} check(s)`,
        () => call("POST", `/_sandbox/providers/${encodeURIComponent(form.provider_id.value)}/mail`, { checks }));
    });

    $("#journal-clear").addEventListener("click", ev => act(ev.currentTarget, "Journal cleared",
      () => call("DELETE", "/_sandbox/requests")));
    $("#journal-export-json").addEventListener("click", ev => act(ev.currentTarget, name => "Saved " + name,
      () => downloadScenario("scenario", "session.json")));
    $("#journal-export-yaml").addEventListener("click", ev => act(ev.currentTarget, name => "Saved " + name,
      () => downloadScenario("scenario-yaml", "session.yaml")));

    $("#token-form").addEventListener("submit", ev => {
      ev.preventDefault();
      const token = $('[data-testid="token-input"]').value.trim();
      if (token) sessionStorage.setItem(TOKEN_KEY, token); else sessionStorage.removeItem(TOKEN_KEY);
      refresh();
    });
  }

  function advancedMessage(result) {
    const n = (result.events || []).length;
    return `Clock at ${longWhen(result.now)}; ${n} event${n === 1 ? "" : "s"} applied`;
  }

  wire();
  refresh().then(() => {
    setTimeout(poll, JOURNAL_POLL_MS);
    setTimeout(pollState, STATE_POLL_MS);
  });
})();
