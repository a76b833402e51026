// The Webhooks tab: endpoints, the delivery log with every attempt (and Redeliver), the inbox.
// Kept apart from app.js: it reads only the webhook control routes and shares nothing but dom.js, the tab
// switching (data-tab / data-panel) and the admin token that dom.js sends.
(function () {
  "use strict";
  const POLL_MS = 1000;
  const $ = (selector) => document.querySelector(selector);
  let lastText = "";

  const { el, call } = window.BanksSandboxUi; // from dom.js

  function say(message, kind) {
    const out = $('[data-testid="webhooks-message"]');
    out.textContent = message;
    out.className = "small " + (kind === "error" ? "error" : "muted");
  }

  function when(ts) {
    return ts ? ts.replace("T", " ").replace(/\.\d+Z$/, "Z") : "";
  }

  function attemptText(a) {
    return when(a.at) + " \u2192 " + (a.status_code !== null ? a.status_code : a.error) + " (" + a.duration_ms + " ms)";
  }

  function summary(body) {
    if (body.transaction) return body.transaction.id + " " + (body.transaction.amount / 100).toFixed(2);
    if (body.entity) return body.entity.id + " " + body.entity.name;
    return "";
  }

  function render(endpoints, deliveries, inbox) {
    $('[data-testid="webhook-endpoints-table"] tbody').replaceChildren(...endpoints.map(e => el("tr",
      { "data-testid": "webhook-endpoint-row", "data-id": e.id },
      el("td", null, el("code", null, e.id)), el("td", null, e.url), el("td", null, e.api_key),
      el("td", null, e.events.join(", ")), el("td", null, e.signed ? "yes" : "no"), el("td", null, e.origin),
      el("td", null, e.origin === "control"
        ? el("button", { type: "button", "data-testid": "webhook-delete", onclick: (ev) => act(ev.target,
            () => call("DELETE", "/_sandbox/webhooks/" + e.id), "Removed " + e.url) }, "Remove")
        : ""))));
    $('[data-testid="webhook-endpoints-empty"]').hidden = endpoints.length > 0;
    $('[data-testid="webhook-deliveries-table"] tbody').replaceChildren(...deliveries.map(d => el("tr",
      { "data-testid": "webhook-delivery-row", "data-id": d.id, "data-status": d.status },
      el("td", null, when(d.occurred_at)), el("td", null, d.event), el("td", null, summary(d.body)),
      el("td", null, d.endpoint_id),
      el("td", null, el("span", { class: "badge status-" + d.status, "data-testid": "webhook-delivery-status" }, d.status)),
      el("td", { "data-testid": "webhook-delivery-attempts" },
        el("ol", { class: "attempts" }, d.attempts.map(a => el("li", null, attemptText(a))))),
      el("td", null, when(d.next_attempt_at)),
      el("td", null, el("button", { type: "button", "data-testid": "webhook-redeliver", onclick: (ev) => act(ev.target,
        () => call("POST", "/_sandbox/webhooks/deliveries/" + d.id + "/redeliver", {}), "Redelivering " + d.event_id) },
        "Redeliver")))));
    $('[data-testid="webhook-deliveries-empty"]').hidden = deliveries.length > 0;
    $('[data-testid="webhook-inbox-table"] tbody').replaceChildren(...inbox.map(i => el("tr",
      { "data-testid": "webhook-inbox-row" },
      el("td", null, when(i.received_at)), el("td", null, i.event), el("td", null, el("code", null, i.webhook_id)),
      el("td", null, el("pre", { class: "body" }, JSON.stringify(i.body, null, 2))))));
    $('[data-testid="webhook-inbox-empty"]').hidden = inbox.length > 0;
  }

  async function load() {
    const [endpoints, deliveries, inbox] = await Promise.all([
      call("GET", "/_sandbox/webhooks"),
      call("GET", "/_sandbox/webhooks/deliveries?limit=100"),
      call("GET", "/_sandbox/webhooks/inbox?limit=50")]);
    const text = JSON.stringify([endpoints, deliveries, inbox]);
    if (text === lastText) return;
    lastText = text;
    render(endpoints.data, deliveries.data, inbox.data);
  }

  // A button's action through dom.js: the outcome in the tab's message line, then the tab reloaded.
  function act(button, action, done) {
    return window.BanksSandboxUi.act(button, { run: action, done, show: say, after: load });
  }

  async function poll() {
    try {
      const panel = $('[data-panel="webhooks"]');
      if (panel && !panel.hidden && !document.hidden) await load();
    } catch (e) { /* the next poll or action reports */ }
    setTimeout(poll, POLL_MS);
  }

  function wire() {
    $('[data-testid="webhook-subscribe-form"]').addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      const body = { url: form.url.value.trim() };
      if (form.api_key.value.trim()) body.api_key = form.api_key.value.trim();
      const events = [...form.querySelectorAll('input[name="events"]:checked')].map(i => i.value);
      if (events.length) body.events = events;
      if (form.secret.value) body.secret = form.secret.value;
      act(form.querySelector("button"), () => call("POST", "/_sandbox/webhooks", body), "Subscribed " + body.url);
    });
    poll();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
