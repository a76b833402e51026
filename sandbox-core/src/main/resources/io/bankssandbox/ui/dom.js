// What the dashboard's scripts (app.js, webhooks.js) share: building elements and calling the control API.
(function () {
  "use strict";
  // Builds an element: el("td", {class: "num", "data-testid": "x"}, "text", childNode, ...).
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // Where this sandbox answers, as the browser reached it: the page's own address less /_sandbox/ui, so
  // that every call goes where the page came from (a sandbox on demand's /sandboxes/{id}, a proxy's prefix).
  const page = location.pathname.lastIndexOf("/_sandbox/ui");
  const root = page < 0 ? "" : location.pathname.slice(0, page);
  const baseUrl = location.origin + root;

  // Where the admin token (asked for when the sandbox runs with --admin-token) is kept for this tab.
  const TOKEN_KEY = "banks-sandbox-admin-token";

  // The Authorization header the control API wants, when a token was given.
  function authorization(headers) {
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) headers.Authorization = "Bearer " + token;
    return headers;
  }

  class ApiError extends Error {
    constructor(status, body) {
      const message = body && body.message !== undefined
        ? (Array.isArray(body.message) ? body.message.join("; ") : body.message)
        : body && body.error ? body.error : "HTTP " + status;
      super(message);
      this.status = status;
      this.body = body;
    }
  }

  async function call(method, path, body) {
    const headers = authorization({ Accept: "application/json" });
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(root + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let json = null;
    try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
    if (response.status === 401) {
      // The sandbox runs with --admin-token: ask for it once, keep it for this tab.
      document.querySelector("#token-bar").hidden = false;
      throw new ApiError(401, json || { message: "Admin token required" });
    }
    if (!response.ok) throw new ApiError(response.status, json);
    return json;
  }

  // A button's action, the one way every button runs one: ask first when `ask` is given (a null or false
  // answer cancels), keep the button disabled while `run(answer)` calls the control API, then `show` the
  // outcome (`done`, a text or a function of the result, with "ok"; `failed(error)` or its message with
  // "error") and `after()` refreshes what the page shows. Returns the result, or null when cancelled or failed.
  async function act(button, { ask, run, done, failed, show, after }) {
    let answer;
    if (ask) {
      answer = await ask();
      if (answer === null || answer === false) return null;
    }
    if (button) button.disabled = true;
    try {
      const result = await run(answer);
      show(typeof done === "function" ? done(result) : done, "ok");
      if (after) await after();
      return result;
    } catch (e) {
      show(failed ? failed(e) : e.message, "error");
      return null;
    } finally {
      if (button) button.disabled = false;
    }
  }

  window.BanksSandboxUi = Object.freeze({ el, ApiError, TOKEN_KEY, baseUrl, authorization, call, act });
})();
