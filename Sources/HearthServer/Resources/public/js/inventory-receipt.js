// Hearth Inventory: a receipt's page. While the server reads the receipt the page waits for the
// household's `receiptRead` event (and checks again after a reconnection), then loads again with
// what was read. "Link to an item" searches the inventory as you type.

import { followEvents, request } from "./api.js";

const page = document.getElementById("receipt-page");
const receiptId = page?.dataset.receiptId;

async function stillReading() {
  const answer = await request(`/api/v1/inventory/receipts/${receiptId}`);
  return !answer.ok || answer.data.status === "reading";
}

if (page?.dataset.reading === "true") {
  const reloadWhenRead = async () => { if (!(await stillReading())) location.reload(); };
  followEvents("inventory", {
    onEvent: (event) => { if (event.type === "receiptRead" && event.receiptId === receiptId) location.reload(); },
    onReconnect: reloadWhenRead,
    // The reading may have ended between the page's rendering and the stream's opening.
    onLive: (live) => { if (live) reloadWhenRead(); },
  });
}

const search = document.getElementById("link-search");
const results = document.getElementById("link-results");
const template = document.getElementById("link-result");
let timer = null;

async function find() {
  const text = search.value.trim();
  results.replaceChildren();
  if (!text) return;
  const answer = await request(`/api/v1/inventory/items?q=${encodeURIComponent(text)}&limit=8`);
  if (!answer.ok || search.value.trim() !== text) return;
  for (const item of answer.data.items) {
    const row = template.content.firstElementChild.cloneNode(true);
    row.querySelector(".result-name").textContent = item.name;
    row.querySelector('input[name="item"]').value = item.id;
    row.querySelector("button").setAttribute("aria-label", `Link to ${item.name}`);
    results.append(row);
  }
  if (!answer.data.items.length) {
    const none = document.createElement("li");
    none.textContent = "No item with that name.";
    results.append(none);
  }
}

search?.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(find, 150); });
