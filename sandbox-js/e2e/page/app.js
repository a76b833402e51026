// ?bank=<base URL>&key=<API key>&account=<account id>: where the bank is, as an app's config would say
const params = new URLSearchParams(location.search);
const bank = params.get("bank");
const headers = { Authorization: `Bearer ${params.get("key")}` };
const dollars = (cents) => (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
const show = (id, text) => (document.querySelector(`[data-testid=${id}]`).textContent = text);

async function read(path) {
  const response = await fetch(bank + path, { headers });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

try {
  const account = await read(`/v0/accounts/${params.get("account")}`);
  show("name", account.name);
  show("balance", dollars(account.total_balance));
  show("available", dollars(account.available_balance));
  const transactions = await read(`/v0/transactions?account_id=${account.id}&limit=5`);
  document.querySelector("[data-testid=transactions]").replaceChildren(...transactions.data.map((t) => {
    const item = document.createElement("li");
    item.textContent = `${t.description ?? t.id}: ${dollars(t.amount)}`;
    return item;
  }));
} catch (error) {
  const shown = document.querySelector("[data-testid=error]");
  shown.hidden = false;
  shown.textContent = String(error.message);
}
