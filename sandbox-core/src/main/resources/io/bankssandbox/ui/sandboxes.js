// The Sandboxes tab: this sandbox and those started on demand (POST /_sandbox/sandboxes), each with a
// link to its own dashboard. Kept apart from app.js, as webhooks.js is: it reads only /_sandbox/sandboxes.
// A sandbox started on demand starts no more (its /_sandbox/sandboxes answers 404): there the tab is hidden.
(function () {
  "use strict";
  const POLL_MS = 2000;
  const $ = (selector) => document.querySelector(selector);
  let lastText = "";

  const { el, call } = window.BanksSandboxUi; // from dom.js

  function say(message, kind) {
    const out = $('[data-testid="sandboxes-message"]');
    out.textContent = message;
    out.className = "small " + (kind === "error" ? "error" : "muted");
  }

  function when(ts) {
    return ts ? ts.replace("T", " ").replace(/\.\d+Z$/, "Z") : "";
  }

  function render(sandboxes) {
    const onDemand = sandboxes.filter(s => !s.host);
    $('[data-testid="sandboxes-count"]').textContent = String(onDemand.length);
    $('[data-testid="sandboxes-table"] tbody').replaceChildren(...sandboxes.map(s => el("tr",
      { "data-testid": "sandbox-row", "data-id": s.id, "data-host": s.host ? "true" : "false" },
      el("td", null, s.host ? el("strong", null, "this sandbox") : (s.name || "—")),
      el("td", null, el("code", null, s.id)),
      el("td", { class: "mono" }, s.base_url),
      el("td", null, s.host ? "" : el("a", { href: s.dashboard_url, target: "_blank", rel: "noopener",
        "data-testid": "sandbox-dashboard-link" }, "Open dashboard")),
      el("td", null, when(s.clock.now), " ", el("span", { class: "badge" }, s.clock.mode)),
      el("td", null, when(s.created_at)),
      el("td", null, s.idle_timeout || ""),
      el("td", null, s.host ? "" : el("button", { type: "button", class: "small", "data-testid": "sandbox-close",
        onclick: (ev) => act(ev.currentTarget, () => call("DELETE", "/_sandbox/sandboxes/" + s.id),
          "Closed " + (s.name || s.id)) }, "Close")))));
    $('[data-testid="sandboxes-empty"]').hidden = onDemand.length > 0;
  }

  async function load() {
    let list;
    try {
      list = await call("GET", "/_sandbox/sandboxes");
    } catch (e) {
      if (e.status === 404) { // started on demand itself: nothing to list here
        $('[data-testid="tab-sandboxes"]').hidden = true;
        return false;
      }
      throw e;
    }
    const text = JSON.stringify(list.data);
    if (text !== lastText) {
      lastText = text;
      render(list.data);
    }
    return true;
  }

  function act(button, action, done) {
    return window.BanksSandboxUi.act(button, { run: action, done, show: say, after: load });
  }

  async function poll() {
    try {
      const panel = $('[data-panel="sandboxes"]');
      if (panel && !panel.hidden && !document.hidden && !(await load())) return;
    } catch (e) { /* the next poll or action reports */ }
    setTimeout(poll, POLL_MS);
  }

  function wire() {
    $('[data-testid="sandbox-new-form"]').addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target;
      const body = {};
      if (form.name.value.trim()) body.name = form.name.value.trim();
      if (form.clock.value) body.clock = form.clock.value;
      act(form.querySelector("button"), () => call("POST", "/_sandbox/sandboxes", body),
        created => "Started " + (created.name || created.id) + " on " + created.base_url);
    });
    // once at start, whatever tab shows: the count in the tab, or no tab at all on a sandbox started on demand
    load().then(shown => { if (shown) setTimeout(poll, POLL_MS); }, () => setTimeout(poll, POLL_MS));
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
