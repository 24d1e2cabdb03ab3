// Hearth Lists: one shopping list, live. The page carries the list as JSON; every change shows at
// once (optimistic) and is then sent to the API; a refusal puts the item back as it was and says why.
// Other members' changes arrive as `list` events and are applied by reading the list again.

import { API, followLists, newId, problemText, request } from "./list-api.js";
import { bindGestures } from "./list-gestures.js";

const $ = (id) => document.getElementById(id);
const page = $("list-page");
const template = $("item-template").content.firstElementChild;

let list = JSON.parse($("list-data").textContent);
let items = new Map(list.items.map((item) => [item.id, item]));
const rows = new Map(); // item id → <li>
let inFlight = 0; // our requests not answered yet: a re-read waits for them
let rereadWanted = false;
let gone = false;

// ---------- rendering ----------

const key = (name) => name.trim().toLowerCase();
const byCreated = (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const byChangedDesc = (a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id);

function render() {
  const all = [...items.values()];
  const toBuy = all.filter((item) => !item.purchased).sort(byCreated);
  const basket = all.filter((item) => item.purchased).sort(byChangedDesc);
  place($("to-buy"), toBuy);
  place($("in-basket"), basket);
  for (const [id, row] of rows) if (!items.has(id)) { row.remove(); rows.delete(id); }
  $("nothing-to-buy").hidden = toBuy.length > 0 || gone;
  $("basket-count").textContent = basket.length;
  $("basket").hidden = basket.length === 0 || gone;
  $("list-counts").textContent = all.length === 0 ? "Empty" : `${toBuy.length} to buy · ${basket.length} in the basket`;
  $("list-name").textContent = list.name;
  $("list-emoji").textContent = list.emoji || "";
  document.title = `${list.name} · Hearth`;
}

/**
 * Puts the rows in `container` in order, moving only those out of place (a moved row loses focus).
 * Rows left over belong to the other section, which takes them, or are removed by render().
 */
function place(container, ordered) {
  ordered.forEach((item, index) => {
    const row = rowFor(item);
    if (container.children[index] !== row) container.insertBefore(row, container.children[index] || null);
  });
}

function rowFor(item) {
  let row = rows.get(item.id);
  if (!row) {
    row = template.cloneNode(true);
    row.dataset.id = item.id;
    rows.set(item.id, row);
  }
  const checkbox = row.querySelector("input");
  checkbox.checked = item.purchased;
  row.querySelector(".check .visually-hidden").textContent = `${item.purchased ? "Put back" : "In the basket"}: ${item.name}`;
  row.querySelector(".item-name").textContent = item.name;
  row.querySelector(".item-quantity").textContent = item.quantity || "";
  row.querySelector(".item-note").textContent = item.note || "";
  row.querySelector(".item-main").setAttribute("aria-label", `Edit ${item.name}`);
  row.querySelector(".item-delete").setAttribute("aria-label", `Delete ${item.name}`);
  row.classList.toggle("pending", Boolean(item.pending));
  return row;
}

// ---------- messages ----------

/** Flashes a row that was just added (or added up). */
function highlight(row) {
  if (!row) return;
  row.classList.remove("arrived");
  void row.offsetWidth; // restarts the animation
  row.classList.add("arrived");
  row.addEventListener("animationend", () => row.classList.remove("arrived"), { once: true });
}

let toastTimer = null;
function toast(text) {
  const element = $("toast");
  element.textContent = text;
  element.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => element.classList.remove("shown"), 3500);
}

function showError(text) {
  $("list-error").textContent = text;
  $("list-error").hidden = !text;
}

// ---------- changes: optimistic, rolled back on refusal ----------

/**
 * Applies `change` to the item `id` at once, sends the request, then takes the server's answer
 * (the item it returns wins) or restores what was there before.
 */
async function change(id, apply, send, failure) {
  const before = items.get(id);
  apply();
  render();
  inFlight += 1;
  const result = await send();
  inFlight -= 1;
  if (result.ok) {
    showError("");
    const answer = result.data;
    if (answer?.id && answer.id !== id) { // merged into a line already on the list
      items.delete(id);
      items.set(answer.id, answer);
    } else if (answer?.id && items.has(id)) {
      items.set(id, answer);
    }
  } else {
    if (before) items.set(id, before); else items.delete(id);
    showError(`${failure} ${problemText(result)}`);
    if (result.status === 404 || result.status === 410) rereadWanted = true;
  }
  render();
  if (inFlight === 0 && rereadWanted) reread();
  return result;
}

const itemURL = (id) => `${API}/${list.id}/items/${id}`;

function addItem(name, quantity = "") {
  name = name.trim();
  if (!name) return;
  const id = newId();
  const now = new Date().toISOString();
  change(
    id,
    () => items.set(id, { id, name, quantity: quantity.trim() || null, note: null, purchased: false, changedAt: now, createdAt: now, pending: true }),
    () => request(`${API}/${list.id}/items`, { method: "POST", body: { id, name, quantity: quantity.trim() || undefined } }),
    `Could not add ${name}.`,
  ).then((result) => {
    if (result.ok) {
      highlight(rows.get(result.data.id));
      toast(result.status === 201 ? `${name} added.` : `${result.data.name}: now ${result.data.quantity || "on the list"}.`);
    }
  });
}

function setPurchased(id, purchased) {
  const item = items.get(id);
  if (!item) return;
  const changedAt = new Date().toISOString();
  change(
    id,
    () => items.set(id, { ...item, purchased, changedAt }),
    () => request(itemURL(id), { method: "PATCH", body: { purchased, changedAt } }),
    purchased ? `Could not check ${item.name}.` : `Could not put ${item.name} back.`,
  );
}

function deleteItem(id) {
  const item = items.get(id);
  if (!item) return;
  change(id, () => items.delete(id), () => request(itemURL(id), { method: "DELETE" }), `Could not delete ${item.name}.`)
    .then((result) => { if (result.ok) toast(`${item.name} deleted.`); });
}

function editItem(id, { name, quantity, note }) {
  const item = items.get(id);
  if (!item) return;
  change(
    id,
    () => items.set(id, { ...item, name, quantity: quantity || null, note: note || null }),
    () => request(itemURL(id), { method: "PATCH", body: { name, quantity, note } }),
    `Could not save ${item.name}.`,
  );
}

async function clearPurchased() {
  const cleared = [...items.values()].filter((item) => item.purchased);
  if (cleared.length === 0) return;
  cleared.forEach((item) => items.delete(item.id));
  render();
  inFlight += 1;
  const result = await request(`${API}/${list.id}/clear-purchased`, { method: "POST" });
  inFlight -= 1;
  if (result.ok) {
    showError("");
    toast(cleared.length === 1 ? "1 item cleared." : `${cleared.length} items cleared.`);
  } else {
    cleared.forEach((item) => { if (!items.has(item.id)) items.set(item.id, item); });
    showError(`Could not clear the basket. ${problemText(result)}`);
  }
  render();
  if (inFlight === 0 && rereadWanted) reread();
}

// ---------- reading the list again (other members' changes) ----------

let rereadTimer = null;
function scheduleReread() {
  clearTimeout(rereadTimer);
  rereadTimer = setTimeout(reread, 60);
}

async function reread() {
  if (inFlight > 0) { rereadWanted = true; return; }
  rereadWanted = false;
  const result = await request(`${API}/${list.id}`);
  if (inFlight > 0) { rereadWanted = true; return; } // our own change started meanwhile: read after it
  if (result.ok) {
    list = result.data;
    items = new Map(list.items.map((item) => [item.id, item]));
    render();
  } else if (result.status === 404 || result.status === 410) {
    listGone();
  }
}

function listGone() {
  gone = true;
  items.clear();
  render();
  $("list-gone").hidden = false;
  for (const id of ["add-form", "suggestions", "list-options", "basket", "list-counts"]) $(id).hidden = true;
}

// ---------- suggestions ----------

let suggestionTimer = null;
let suggestionQuery = null;
function suggest() {
  clearTimeout(suggestionTimer);
  suggestionTimer = setTimeout(async () => {
    const query = $("add-name").value.trim();
    suggestionQuery = query;
    const result = await request(`${API}/suggestions?q=${encodeURIComponent(query)}`);
    if (!result.ok || suggestionQuery !== query) return;
    const onList = new Set([...items.values()].filter((item) => !item.purchased).map((item) => key(item.name)));
    const names = result.data.names.filter((name) => !onList.has(key(name))).slice(0, 6);
    const buttons = names.map((name) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = name;
      button.setAttribute("aria-label", `Add ${name}`);
      button.dataset.name = name;
      return button;
    });
    $("suggestions").replaceChildren(...buttons);
  }, 120);
}

// ---------- wiring ----------

$("add-form").addEventListener("submit", (event) => {
  event.preventDefault();
  addItem($("add-name").value, $("add-quantity").value);
  $("add-name").value = "";
  $("add-quantity").value = "";
  $("add-name").focus();
  suggest();
});
$("add-name").addEventListener("input", suggest);
$("add-name").addEventListener("focus", suggest);
$("suggestions").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  addItem(button.dataset.name, $("add-quantity").value);
  $("add-name").value = "";
  $("add-quantity").value = "";
  suggest();
});

for (const container of [$("to-buy"), $("in-basket")]) {
  container.addEventListener("change", (event) => {
    const row = event.target.closest(".item");
    if (row && event.target.type === "checkbox") setPurchased(row.dataset.id, event.target.checked);
  });
  container.addEventListener("click", (event) => {
    const row = event.target.closest(".item");
    if (!row) return;
    if (event.target.closest(".item-delete")) deleteItem(row.dataset.id);
    else if (event.target.closest(".item-main")) openEditor(row.dataset.id);
  });
  bindGestures(container, { onSwipe: (id) => deleteItem(id) });
}
$("clear-purchased").addEventListener("click", clearPurchased);

let editing = null;
function openEditor(id) {
  const item = items.get(id);
  if (!item) return;
  editing = id;
  $("edit-name").value = item.name;
  $("edit-quantity").value = item.quantity || "";
  $("edit-note").value = item.note || "";
  $("edit-dialog").showModal();
}
$("edit-form").addEventListener("submit", () => {
  const name = $("edit-name").value.trim();
  if (editing && name) editItem(editing, { name, quantity: $("edit-quantity").value.trim(), note: $("edit-note").value.trim() });
  editing = null;
});
$("edit-cancel").addEventListener("click", () => { editing = null; $("edit-dialog").close(); });

followLists({
  onEvent: (event) => {
    if (event.listId !== list.id) return;
    if (event.type === "listDeleted" || event.type === "listPurged") listGone();
    else if (!gone) scheduleReread();
  },
  onOpen: (reconnected) => { if (reconnected) scheduleReread(); },
  onLive: (live) => { page.dataset.live = String(live); },
});

render();
