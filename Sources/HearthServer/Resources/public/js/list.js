// Hearth Lists: one shopping list, live and offline. The page carries the list as JSON (a page the
// service worker opened without a connection reads this account's copy instead); every change
// shows at once and goes to the outbox, which sends it when it can, in order, also after a reload.
// The copy is saved with each change, so a reload offline shows the list as the person left it,
// lines not yet saved marked. Other members' changes arrive as `list` events and are applied by
// reading the list again once none of ours waits.

import { counted } from "./counted.js";
import { followEvents, newId, request } from "./api.js";
import { API, readWhole } from "./list-api.js";
import { bindDrag, dragging } from "./drag.js";
import { bindGestures } from "./list-gestures.js";
import { $, focusNeighbour, highlight, inAisle, render, rowOf, showError, toast, TITLES } from "./list-view.js";
import { flush, keepCopies, onOutcome, onStatus, queue, readCopy, waiting } from "./outbox.js";
import { takeShortcut } from "./shortcuts.js";

const shell = document.documentElement.dataset.shell === "true";
// Ids in upper case, as the server writes them: the copy's keys and the outbox's URLs match however the id came.
const listId = (shell ? location.pathname.split("/").filter(Boolean)[1] : JSON.parse($("list-data").textContent).id).toUpperCase();
const listURL = `${API}/${listId}`;
const copyKey = `list:${listId}`;
let list = null;
let items = new Map();
let gone = false;
let changes = 0; // counts our changes, so a re-read that overlapped one is not applied
let stores = []; // the household's stores with their aisle orders
// Per device: the store shopped at now (null: the list's usual one) and the aisles folded by a tap.
const shoppingAtKey = `shopping-at:${listId}`;
const collapsedKey = `aisles-folded:${listId}`;
const collapsed = new Set(JSON.parse(localStorage.getItem(collapsedKey) || "[]"));

function shoppingAt() {
  const chosen = localStorage.getItem(shoppingAtKey);
  const id = chosen === null ? list?.storeId : chosen;
  return stores.find((store) => store.id === id) ?? null;
}

function draw() {
  if (!list || dragging) return; // a row being dragged stays where the finger has it; the drop draws
  const store = shoppingAt();
  render(list, items, { gone, store, collapsed });
  drawStoreChoices(store);
}

/** The "Shopping at" and "Usually shopped at" menus, with the household's stores (rebuilt only when those change). */
let storeChoices = "";
function drawStoreChoices(store) {
  const choices = JSON.stringify(stores.map(({ id, name }) => [id, name]));
  if (choices !== storeChoices) {
    storeChoices = choices;
    const options = (first) => [new Option(first, ""), ...stores.map((each) => new Option(each.name, each.id))];
    $("shopping-at").replaceChildren(...options("Any store"));
    $("usual-store").replaceChildren(...options("No usual store (Hearth's aisle order)"));
  }
  $("shopping-at").value = store?.id ?? "";
  $("usual-store").value = list.storeId ?? "";
  $("shopping-at-bar").hidden = stores.length === 0 || gone;
}

const key = (name) => name.trim().toLowerCase();
const itemURL = (id) => `${listURL}/items/${id}`;
const snapshot = () => ({ ...list, items: [...items.values()] });
const storesURL = "/api/v1/stores";

/** The list to show first: the page's, unless changes of ours still wait (then the copy that shows them). */
async function initialList() {
  const copy = await readCopy(copyKey);
  if (shell) return copy;
  const fromPage = JSON.parse($("list-data").textContent);
  if (copy && (await waiting(listURL)) > 0) return copy;
  keepCopies({ [copyKey]: fromPage });
  return fromPage;
}

// ---------- changes: shown at once, sent by the outbox ----------

/** The one way a change is made: `apply` shows it at once; `entries` go to the outbox with the copy that shows them. */
function mutate(apply, entries) {
  apply();
  changes += 1;
  draw();
  $("list-page").dataset.saving = "true";
  queue(entries, { [copyKey]: snapshot() }).catch((error) => showError(error.message));
}

/** Adds `name`; an aisle known for it (a suggestion's) places it at once, before the server answers. */
function addItem(name, quantity = "", category = undefined) {
  name = name.trim();
  quantity = quantity.trim();
  if (!name) {
    showError("Type what to buy first; a name of only spaces is not an item.");
    $("add-name").focus();
    return;
  }
  const id = newId();
  const now = new Date().toISOString();
  const shown = { id, name, quantity: quantity || null, note: null, purchased: false, changedAt: now, createdAt: now, category, pending: true };
  mutate(() => items.set(id, shown), [{
    url: `${listURL}/items`, method: "POST", body: { id, name, quantity: quantity || undefined }, creates: id,
    label: `adding ${name} to ${list.name}`,
  }]);
  highlight(rowOf(id));
  toast(`${name} added.`);
}

function setPurchased(id, purchased) {
  const item = items.get(id);
  if (!item) return;
  const row = rowOf(id);
  const refocus = row?.contains(document.activeElement) ? focusNeighbour(row) : null;
  const changedAt = new Date().toISOString();
  mutate(() => items.set(id, { ...item, purchased, changedAt, pending: true }), [{
    url: itemURL(id), method: "PATCH", body: { purchased, changedAt },
    label: purchased ? `checking ${item.name}` : `putting ${item.name} back`,
  }]);
  refocus?.();
}

function deleteItem(id) {
  const item = items.get(id);
  if (!item) return;
  mutate(() => items.delete(id), [{ url: itemURL(id), method: "DELETE", label: `deleting ${item.name}` }]);
  toast(`${item.name} deleted.`, { label: "Undo", run: () => restoreItems([item], `bringing back ${item.name}`) });
}

/** Puts deleted or cleared items back where they stood: same ids, check marks, times, aisles and stores. */
function restoreItems(restored, label) {
  const body = {
    items: restored.map(({ id, name, quantity, note, purchased, changedAt, createdAt, category, position, onlyAt }) =>
      ({ id, name, quantity: quantity || undefined, note: note || undefined, purchased, changedAt, createdAt,
         category: category || undefined, position: position ?? undefined, onlyAt: onlyAt?.length ? onlyAt : undefined })),
  };
  mutate(() => restored.forEach((item) => { if (!items.has(item.id)) items.set(item.id, { ...item, pending: true }); }),
    [{ url: `${listURL}/restore-items`, method: "POST", body, label }]);
}

/** Saves the editor: a changed aisle or store marking is sent (and teaches the household), not one merely shown. */
function editItem(id, { name, quantity, note, category, onlyAt }, opened) {
  const item = items.get(id);
  if (!item) return;
  const body = { name, quantity, note, changedAt: new Date().toISOString() };
  const moved = category !== opened.category;
  if (moved) body.category = category;
  else category = item.category;
  if (onlyAt && onlyAt.join() !== opened.onlyAt.join()) body.onlyAt = onlyAt;
  else onlyAt = item.onlyAt;
  mutate(() => items.set(id, { ...item, name, quantity: quantity || null, note: note || null, category, onlyAt,
                               position: moved ? null : item.position, pending: true }),
    [{ url: itemURL(id), method: "PATCH", body, label: `saving ${item.name}` }]);
  if (moved) toast(`${name} is under ${TITLES.get(category)} now, on every list from now on.`);
}

/**
 * An item dragged to another place in its aisle: after the row above it (or before the one below)
 * among all the aisle's items the server numbers — also those folded away as only at other stores —
 * numbered there at once and sent as that position.
 */
function moveInAisle(row) {
  const item = items.get(row.dataset.id);
  if (!item || item.pending) { draw(); return; }
  const aisle = [...items.values()].filter((other) => !other.purchased && !other.pending && other.category === item.category && other.id !== item.id)
    .sort(inAisle);
  const above = items.get(row.previousElementSibling?.dataset.id);
  const below = items.get(row.nextElementSibling?.dataset.id);
  const at = above ? aisle.indexOf(above) + 1 : below ? aisle.indexOf(below) : aisle.length;
  aisle.splice(Math.max(at, 0), 0, item);
  const position = aisle.indexOf(item) + 1;
  mutate(() => aisle.forEach((member, index) => items.set(member.id, { ...member, position: index + 1 })),
    [{ url: itemURL(item.id), method: "PATCH", body: { position }, label: `moving ${item.name}` }]);
}

function clearPurchased() {
  const cleared = [...items.values()].filter((item) => item.purchased);
  if (cleared.length === 0) return;
  mutate(() => cleared.forEach((item) => items.delete(item.id)),
    [{ url: `${listURL}/clear-purchased`, method: "POST", label: `clearing the basket of ${list.name}` }]);
  toast(`${counted(cleared.length, "item")} cleared.`,
    { label: "Undo", run: () => restoreItems(cleared, "bringing the basket back") });
}

// The list's own options: renamed or deleted through the outbox as well, so they work offline too.
$("rename-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("rename-name").value.trim();
  const emoji = event.target.elements.emoji.value.trim();
  if (!name) return;
  const before = list.name;
  mutate(() => { list = { ...list, name, emoji: emoji || undefined }; }, [{
    url: listURL, method: "PATCH", body: { name, emoji }, label: `renaming ${before} to ${name}`,
  }]);
  changeIndexCard((summary) => ({ ...summary, name, emoji: emoji || undefined }));
  $("list-options").open = false;
  toast("Saved.");
});

$("delete-list-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  await queue([{ url: listURL, method: "DELETE", label: `deleting the list ${list.name}` }], { [copyKey]: null });
  await changeIndexCard(() => null);
  await flush();
  location.assign(`/lists?deleted=${listId}`);
});

/** Changes this list's card in the index's copy (null: takes it off). */
async function changeIndexCard(change) {
  const lists = await readCopy("lists");
  if (!lists) return;
  await keepCopies({ lists: lists.map((summary) => (summary.id.toUpperCase() === listId ? change(summary) : summary)).filter(Boolean) });
}

/** What the server made of our changes (from this tab, another one, or the service worker). */
onOutcome(async (entry, result, outcome) => {
  if (!entry.url.startsWith(listURL)) return;
  if (outcome === "done" && result.data?.purchased !== undefined) await saved(entry, result.data);
  if (outcome === "refused" && (result.status === 404 || result.status === 410) && !entry.url.includes("/items/")) {
    listGone();
    return;
  }
  if (outcome === "done" && entry.creates && result.data?.id && result.data.id.toUpperCase() !== entry.creates.toUpperCase()) {
    toast(`${result.data.name}: now ${result.data.quantity || "on the list"}.`); // added up with a line already there
  }
  if (outcome === "done" && entry.body?.purchased !== undefined && result.data && result.data.purchased !== entry.body.purchased) {
    showError(`${result.data.name} was changed on another device just now; that change stands.`);
  }
  rereadSoon();
});

/** An item the server has saved loses its mark, unless more of our changes to it still wait. */
async function saved(entry, item) {
  const sent = entry.creates ?? item.id;
  if (!items.has(sent) || (await waiting(itemURL(sent))) > 0) return;
  items.delete(sent);
  items.set(item.id, item);
  draw();
  keepCopies({ [copyKey]: snapshot() });
}

// The page says whether changes of this browser still wait (tests and the status line read it).
onStatus(({ waiting: count }) => { $("list-page").dataset.saving = String(count > 0); });

// ---------- stores and aisles ----------

$("shopping-at").addEventListener("change", (event) => {
  localStorage.setItem(shoppingAtKey, event.target.value);
  draw();
});

$("usual-store").addEventListener("change", (event) => {
  const storeId = event.target.value;
  const name = stores.find((store) => store.id === storeId)?.name;
  localStorage.removeItem(shoppingAtKey); // shopping at the usual store from now on
  mutate(() => { list = { ...list, storeId: storeId || undefined }; }, [{
    url: listURL, method: "PATCH", body: { storeId }, label: name ? `making ${name} the usual store` : "clearing the usual store",
  }]);
  toast(name ? `Sorted for ${name}.` : "Sorted in Hearth's aisle order.");
});

$("to-buy").addEventListener("click", (event) => {
  const toggle = event.target.closest(".aisle-toggle");
  if (!toggle) return;
  const category = toggle.closest(".aisle").dataset.category;
  if (!collapsed.delete(category)) collapsed.add(category);
  localStorage.setItem(collapsedKey, JSON.stringify([...collapsed]));
  draw();
});

/** The household's stores, kept with the lists' copies for a page opened offline. */
async function readStores() {
  const result = await request(storesURL);
  if (!result.ok) return;
  stores = result.data.stores;
  keepCopies({ stores });
  draw();
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
  if (gone || reading) return;
  // Ours first: the outbox sends them, and the next outcome asks again.
  if ((await waiting(listURL)) > 0) return;
  reading = true;
  const started = changes;
  const result = await readWhole(listURL);
  reading = false;
  if (changes !== started) { rereadSoon(); return; }
  if (result.ok) {
    list = result.data;
    items = new Map(list.items.map((item) => [item.id, item]));
    keepCopies({ [copyKey]: result.data });
    draw();
  } else if (result.status === 404 || result.status === 410) {
    listGone();
  }
}

function listGone() {
  gone = true;
  items.clear();
  keepCopies({ [copyKey]: null });
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
    const result = await request(`${API}/suggestions?q=${encodeURIComponent(query)}&list=${listId}`);
    if (!result.ok || suggestionQuery !== query) return;
    const onList = new Set([...items.values()].filter((item) => !item.purchased).map((item) => key(item.name)));
    const buttons = result.data.suggestions.filter(({ name }) => !onList.has(key(name))).slice(0, 6).map(({ name, category, quantity }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = name;
      if (quantity) {
        const usual = document.createElement("span");
        usual.className = "usual-quantity";
        usual.textContent = ` ${quantity}`;
        button.append(usual);
      }
      button.setAttribute("aria-label", `Add ${name}${quantity ? `, ${quantity}` : ""}`);
      Object.assign(button.dataset, { name, category, quantity: quantity ?? "" });
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
  // The quantity typed wins over the one the household usually buys.
  addItem(button.dataset.name, $("add-quantity").value.trim() || button.dataset.quantity, button.dataset.category);
  clearAddBox();
});

for (const container of [$("to-buy"), $("in-basket"), $("elsewhere-items")]) {
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
bindDrag($("to-buy"), { row: ".item", drop: moveInAisle, settled: draw });

let editing = null;
let opened = null; // the aisle and stores the editor showed, to send only what was changed
function openEditor(id) {
  const item = items.get(id);
  if (!item || item.pending) return;
  editing = id;
  $("edit-name").value = item.name;
  $("edit-quantity").value = item.quantity || "";
  $("edit-note").value = item.note || "";
  $("edit-category").value = item.category || "other";
  $("edit-stores").replaceChildren(...stores.map((store) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = store.id;
    box.checked = (item.onlyAt ?? []).includes(store.id);
    label.append(box, ` ${store.name}`);
    return label;
  }));
  $("edit-only-at").hidden = stores.length === 0;
  opened = { category: $("edit-category").value, onlyAt: (item.onlyAt ?? []).filter((store) => stores.some((each) => each.id === store)) };
  $("edit-dialog").showModal();
}
$("edit-form").addEventListener("submit", () => {
  const name = $("edit-name").value.trim();
  // Without the household's stores (never loaded on this device) the markings are left as they are.
  const onlyAt = stores.length ? [...$("edit-stores").querySelectorAll("input:checked")].map((box) => box.value) : null;
  if (editing && name) {
    editItem(editing, { name, quantity: $("edit-quantity").value.trim(), note: $("edit-note").value.trim(),
                        category: $("edit-category").value, onlyAt }, opened);
  }
  editing = null;
});
$("edit-cancel").addEventListener("click", () => { editing = null; $("edit-dialog").close(); });

followEvents("list", {
  onEvent: (event) => {
    if (event.type === "storesChanged") { readStores(); return; }
    if (event.listId !== listId) return;
    if (event.type === "listDeleted" || event.type === "listPurged") listGone();
    else if (event.type === "listRestored" && gone) location.reload();
    else rereadSoon();
  },
  onReconnect: rereadSoon,
  onLive: (live) => { $("list-page").dataset.live = String(live); },
});

const addFromShortcut = takeShortcut("add") !== null; // the "Add to a list" shortcut
const storesOnPage = shell ? null : JSON.parse($("stores-data").textContent);
if (storesOnPage) keepCopies({ stores: storesOnPage });
stores = storesOnPage ?? (await readCopy("stores")) ?? [];
list = await initialList();
if (list) {
  items = new Map(list.items.map((item) => [item.id, item]));
  $("rename-name").value = list.name; // a page opened offline has no values in its forms
  $("rename-form").elements.emoji.value = list.emoji ?? "";
  draw();
  performance.mark("hearth:list-drawn"); // scripts/offline-figures.py times the offline copy with it
  rereadSoon();
  if (shell) readStores(); // the page's own are current
  if (addFromShortcut) $("add-name").focus();
} else {
  notKept();
}

/** A page opened without a connection for a list this device never kept. */
function notKept() {
  gone = true;
  $("list-gone").textContent = "This list is not kept on this device yet: open it once with a connection, and it opens here offline too.";
  $("list-gone").hidden = false;
  for (const id of ["add-form", "suggestions", "list-options", "list-counts", "basket"]) $(id).hidden = true;
}
