// Hearth Lists, the index offline: with a connection it keeps this account's copy of every list
// and its items when it opens (so a list never opened on this device still opens in a shop with no signal);
// without one (the service worker's shell) it draws the cards from that copy. A new list is made
// through the outbox either way, so it can be made offline and filled at once.

import { newId, request } from "./api.js";
import { API, readWhole } from "./list-api.js";
import { flush, keepCopies, queue, readCopy, waiting } from "./outbox.js";
import { takeShortcut } from "./shortcuts.js";

const shell = document.documentElement.dataset.shell === "true";
const MOST_KEPT = 50;
let creating = false; // a new list is on its way: the index read before it must not replace the copy

/** Reads the lists and each one's items from the server into the copy; a list with changes of ours waiting keeps its copy. */
async function keepEverything() {
  const index = await request(API);
  if (!index.ok || creating) return;
  const lists = index.data.lists;
  await keepCopies({ lists });
  for (const summary of lists.slice(0, MOST_KEPT)) {
    const id = summary.id.toUpperCase();
    const url = `${API}/${id}`;
    if ((await waiting(url)) > 0) continue;
    const whole = await readWhole(url);
    if (whole.ok) await keepCopies({ [`list:${id}`]: whole.data });
  }
}

/** The cards from the copy, with the counts of each list's own copy (changes made offline included). */
async function drawFromCopy() {
  const lists = (await readCopy("lists")) ?? [];
  const cards = await Promise.all(lists.map(async (summary) => {
    const copy = await readCopy(`list:${summary.id.toUpperCase()}`);
    const items = copy?.items ?? null;
    const total = items ? items.length : summary.itemCount;
    const purchased = items ? items.filter((item) => item.purchased).length : summary.purchasedCount;
    return card(summary, total, purchased);
  }));
  document.getElementById("lists").replaceChildren(...cards);
  const empty = document.getElementById("no-lists");
  if (empty) empty.hidden = cards.length > 0;
}

function card(summary, total, purchased) {
  const item = document.createElement("li");
  item.className = `list-card${total > 0 && purchased === total ? " done" : ""}`;
  item.dataset.id = summary.id;
  const link = document.createElement("a");
  link.className = "list-card-link";
  link.href = `/lists/${summary.id}`;
  const emoji = document.createElement("span");
  emoji.className = "list-emoji";
  emoji.setAttribute("aria-hidden", "true");
  emoji.textContent = summary.emoji || "🛒";
  const text = document.createElement("span");
  text.className = "list-card-text";
  const name = document.createElement("span");
  name.className = "list-name";
  name.textContent = summary.name;
  const progress = document.createElement("span");
  progress.className = "list-progress";
  progress.textContent = total === 0 ? "Empty" : purchased === total ? `All ${total} in the basket`
    : `${total - purchased} to buy · ${purchased} of ${total} in the basket`;
  text.append(name, progress);
  link.append(emoji, text);
  item.append(link);
  return item;
}

// A new list: shown in the copy at once, sent by the outbox, then opened (offline too).
const form = document.getElementById("new-list");
form?.addEventListener("submit", async (event) => {
  event.preventDefault();
  const name = document.getElementById("new-list-name").value.trim();
  const emoji = document.getElementById("new-list-emoji").value.trim() || undefined;
  if (!name) return;
  creating = true;
  const id = newId();
  const now = new Date().toISOString();
  const lists = (await readCopy("lists")) ?? [];
  const summary = { id, name, emoji, position: lists.length + 1, itemCount: 0, purchasedCount: 0, createdAt: now, updatedAt: now };
  await queue([{ url: API, method: "POST", body: { id, name, emoji }, creates: id, label: `creating the list ${name}` }],
    { lists: [...lists, summary], [`list:${id}`]: { ...summary, items: [] } });
  await flush();
  location.href = `/lists/${id}`;
});

/** The "Add to a list" shortcut (/lists?add=1): the first list, ready to type into; a new one when there is none. */
function addFromShortcut() {
  if (takeShortcut("add") === null) return;
  const first = document.querySelector("#lists li[data-id]");
  if (first) location.replace(`/lists/${first.dataset.id}?add=1`);
  else document.getElementById("new-list-name")?.focus();
}

// Kept when the index is opened (the lists' own pages keep theirs current while open).
if (shell) drawFromCopy().then(addFromShortcut);
else {
  addFromShortcut();
  setTimeout(keepEverything, 300);
}
