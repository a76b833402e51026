// e2e/bff/app.mjs: the application under test, a Node backend in front of the bank. It holds the bank's
// address and API key and serves the page; the browser only ever talks to it. `createApp` is the factory
// a test calls once per test, with that test's sandbox.
import http from "node:http";

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Balance</title></head>
<body>
  <p>Balance <strong data-testid="balance">…</strong></p>
  <script type="module">
    const account = new URLSearchParams(location.search).get("account");
    const balance = await (await fetch("/api/accounts/" + encodeURIComponent(account))).json();
    document.querySelector("[data-testid=balance]").textContent =
      (balance.total_balance / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
  </script>
</body></html>`;

/** Starts the backend on a free port, calling the bank at `bankUrl` with `apiKey`; `close()` stops it. */
export async function createApp({ bankUrl, apiKey }) {
  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url, "http://localhost");
    const account = /^\/api\/accounts\/([\w-]+)$/.exec(url.pathname);
    if (account) {
      const bank = await fetch(`${bankUrl}/v0/accounts/${account[1]}`, { headers: { Authorization: `Bearer ${apiKey}` } });
      const { total_balance } = await bank.json();
      response.writeHead(bank.status, { "Content-Type": "application/json" }).end(JSON.stringify({ total_balance }));
    } else if (url.pathname === "/") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => {
      server.close(resolve);
      // close() waits for every open connection, and a browser may hold one with no request on it yet
      server.closeAllConnections();
    }),
  };
}
