// Hearth Lists: one shopping list, live. The page carries the list as JSON; every change shows at
// once (optimistic) and is then sent to the API; a refusal puts the item back and says why.
// Other members' changes arrive as `list` events and are applied by reading the list again.

import { followEvents, problemText, request } from "./api.js";
import { API, newId, requestChange } from "./list-api.js";
import { bindGestures } from "./list-gestures.js";
import { $, focusNeighbour, highlight, render, rowOf, showError, toast } from "./list-view.js";

let list = JSON.parse($("list-data").textContent);
let items = new Map(list.items.map((item) => [item.id, item]));
let gone = false;
let inFlight = 0; // our requests not answered yet
let changes = 0; // counts our changes, so a re-read that overlapped one is not applied

function draw() {
  render(list, items, { gone });
  $("list-page").dataset.saving = String(inFlight > 0);
}
const key = (name) => name.trim().toLowerCase();
const itemURL = (id) => `${API}/${list.id}/items/${id}`;
const offline = () => showError("No connection. Your change is kept and sent when the connection is back.");
const send = (url, options) => requestChange(url, options, { onRetry: offline });

// ---------- changes: optimistic, rolled back on refusal ----------

/**
 * The one way a change is made: `apply` shows it at once, `perform` sends it; on success `settle`
 * takes the server's answer, on a refusal `undo` takes the change back, the reason is shown and
 * the list is read again to be sure.
 */
async function mutate({ apply, perform, settle = () => {}, undo, failure }) {
  apply();
  changes += 1;
  inFlight += 1;
  draw();
  const result = await perform();
  inFlight -= 1;
  if (result.ok) {
    showError("");
    settle(result.data);
  } else {
    undo();
    showError(`${failure} ${problemText(result)}`);
    rereadSoon();
  }
  draw();
  return result;
}

/** Changes one item to `optimistic` (null: gone). Undo restores it only if nothing newer replaced it. */
function change(id, optimistic, perform, failure) {
  const before = items.get(id);
  const untouched = () => items.get(id) === (optimistic || undefined);
  return mutate({
    apply: () => { if (optimistic) items.set(id, optimistic); else items.delete(id); },
    perform,
    settle: (answer) => {
      if (answer?.id && answer.id !== id) { // added up with a line already on the list
        items.delete(id);
        items.set(answer.id, answer);
      } else if (answer?.id && untouched()) {
        items.set(id, answer);
      }
    },
    undo: () => { if (untouched()) { if (before) items.set(id, before); else items.delete(id); } },
    failure,
  });
}

function addItem(name, quantity = "") {
  name = name.trim();
  quantity = quantity.trim();
  if (!name) {
    showError("Type what to buy first; a name of only spaces is not an item.");
    $("add-name").focus();
    return;
  }
  const id = newId();
  const now = new Date().toISOString();
  const shown = { id, name, quantity: quantity || null, note: null, purchased: false, changedAt: now, createdAt: now, pending: true };
  change(id, shown, () => send(`${API}/${list.id}/items`, { method: "POST", body: { id, name, quantity: quantity || undefined } }),
    `Could not add ${name}.`)
    .then((result) => {
      if (!result.ok) return;
      highlight(rowOf(result.data.id));
      toast(result.status === 201 ? `${name} added.` : `${result.data.name}: now ${result.data.quantity || "on the list"}.`);
    });
}

function setPurchased(id, purchased) {
  const item = items.get(id);
  if (!item) return;
  const row = rowOf(id);
  const refocus = row?.contains(document.activeElement) ? focusNeighbour(row) : null;
  const changedAt = new Date().toISOString();
  change(id, { ...item, purchased, changedAt }, () => send(itemURL(id), { method: "PATCH", body: { purchased, changedAt } }),
    purchased ? `Could not check ${item.name}.` : `Could not put ${item.name} back.`)
    .then((result) => {
      if (result.ok && result.data.purchased !== purchased) {
        showError(`${item.name} was changed on another device just now; that change stands.`);
      }
    });
  refocus?.();
}

function deleteItem(id) {
  const item = items.get(id);
  if (!item || item.pending) return;
  // An item that is already gone (a retry whose first try got through) is what was asked for.
  const remove = async () => {
    const result = await send(itemURL(id), { method: "DELETE" });
    return result.status === 404 ? { ok: true, status: 204, data: null } : result;
  };
  change(id, null, remove, `Could not delete ${item.name}.`)
    .then((result) => {
      if (result.ok) toast(`${item.name} deleted.`, { label: "Undo", run: () => restoreItems([item], `Could not bring back ${item.name}.`) });
    });
}

/** Puts deleted or cleared items back where they stood: same ids, check marks and times. */
function restoreItems(restored, failure) {
  const body = {
    items: restored.map(({ id, name, quantity, note, purchased, changedAt, createdAt }) =>
      ({ id, name, quantity: quantity || undefined, note: note || undefined, purchased, changedAt, createdAt })),
  };
  return mutate({
    apply: () => restored.forEach((item) => { if (!items.has(item.id)) items.set(item.id, { ...item, pending: true }); }),
    perform: () => send(`${API}/${list.id}/restore-items`, { method: "POST", body }),
    settle: (answer) => {
      for (const item of answer.items ?? []) if (restored.some((r) => r.id === item.id)) items.set(item.id, item);
    },
    undo: () => restored.forEach((item) => { if (items.get(item.id)?.pending) items.delete(item.id); }),
    failure,
  });
}

function editItem(id, { name, quantity, note }) {
  const item = items.get(id);
  if (!item) return;
  change(id, { ...item, name, quantity: quantity || null, note: note || null },
    () => send(itemURL(id), { method: "PATCH", body: { name, quantity, note } }), `Could not save ${item.name}.`);
}

function clearPurchased() {
  const cleared = [...items.values()].filter((item) => item.purchased);
  if (cleared.length === 0) return;
  mutate({
    apply: () => cleared.forEach((item) => items.delete(item.id)),
    perform: () => send(`${API}/${list.id}/clear-purchased`, { method: "POST" }),
    settle: () => toast(cleared.length === 1 ? "1 item cleared." : `${cleared.length} items cleared.`,
      { label: "Undo", run: () => restoreItems(cleared, "Could not bring the basket back.") }),
    undo: () => cleared.forEach((item) => { if (!items.has(item.id)) items.set(item.id, item); }),
    failure: "Could not clear the basket.",
  });
}

// ---------- reading the list again (other members' changes) ----------

let rereadTimer = null;
let reading = false;
function rereadSoon() {
  clearTimeout(rereadTimer);
  rereadTimer = setTimeout(reread, 60);
}

/** Reads the list from the server, one read at a time, and applies it only if none of our changes overlapped. */
async function reread() {
  if (gone) return;
  if (reading || inFlight > 0) { rereadTimer = setTimeout(reread, 100); return; }
  reading = true;
  const started = changes;
  const result = await readWhole(`${API}/${list.id}`);
  reading = false;
  if (changes !== started || inFlight > 0) { rereadSoon(); return; }
  if (result.ok) {
    list = result.data;
    items = new Map(list.items.map((item) => [item.id, item]));
    draw();
  } else if (result.status === 404 || result.status === 410) {
    listGone();
  }
}

/** The list with all its items: the API answers a page at a time, `nextCursor` says where the next one starts. */
async function readWhole(url) {
  const first = await request(url);
  for (let page = first; page.ok && page.data.nextCursor; ) {
    page = await request(`${url}?cursor=${page.data.nextCursor}`);
    if (!page.ok) return page;
    first.data.items.push(...page.data.items);
  }
  if (first.ok) delete first.data.nextCursor;
  return first;
}

function listGone() {
  gone = true;
  items.clear();
  draw();
  $("list-gone").hidden = false;
  for (const id of ["add-form", "suggestions", "list-options", "list-counts"]) $(id).hidden = true;
}

// ---------- suggestions ----------

let suggestionTimer = null;
let suggestionQuery = null;
function suggest() {
  clearTimeout(suggestionTimer);
  suggestionTimer = setTimeout(async () => {
    const query = $("add-name").value.trim();
    suggestionQuery = query;
    const result = await request(`${API}/suggestions?q=${encodeURIComponent(query)}&list=${list.id}`);
    if (!result.ok || suggestionQuery !== query) return;
    const onList = new Set([...items.values()].filter((item) => !item.purchased).map((item) => key(item.name)));
    const buttons = result.data.names.filter((name) => !onList.has(key(name))).slice(0, 6).map((name) => {
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

function clearAddBox() {
  $("add-name").value = "";
  $("add-quantity").value = "";
  suggest();
}

$("add-form").addEventListener("submit", (event) => {
  event.preventDefault();
  addItem($("add-name").value, $("add-quantity").value);
  clearAddBox();
  $("add-name").focus();
});
$("add-name").addEventListener("input", suggest);
$("add-name").addEventListener("focus", suggest);
$("suggestions").addEventListener("click", (event) => {
  const button = event.target.closest("button");
  if (!button) return;
  addItem(button.dataset.name, $("add-quantity").value);
  clearAddBox();
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
  bindGestures(container, { onSwipe: deleteItem });
}
$("clear-purchased").addEventListener("click", clearPurchased);

let editing = null;
function openEditor(id) {
  const item = items.get(id);
  if (!item || item.pending) return;
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

// Changes not sent yet (no connection) would be lost with the page: ask before leaving.
window.addEventListener("beforeunload", (event) => { if (inFlight > 0) event.preventDefault(); });

followEvents("list", {
  onEvent: (event) => {
    if (event.listId !== list.id) return;
    if (event.type === "listDeleted" || event.type === "listPurged") listGone();
    else if (event.type === "listRestored" && gone) location.reload();
    else rereadSoon();
  },
  onReconnect: rereadSoon,
  onLive: (live) => { $("list-page").dataset.live = String(live); },
});

draw();
