// Hearth Lists: drawing one list — rows kept per item id and moved only when out of place (so a
// row keeps focus where it can), the header counts, and the short messages.

export const $ = (id) => document.getElementById(id);

const template = $("item-template").content.firstElementChild;
const aisleTemplate = $("aisle-template").content.firstElementChild;
const rows = new Map(); // item id → <li>
const sections = new Map(); // category → <section>
// The categories' headings and Hearth's aisle order, as the item editor offers them.
export const TITLES = new Map([...$("edit-category").options].map((option) => [option.value, option.textContent]));
const DEFAULT_AISLES = [...TITLES.keys()];
const JUST_ADDED = "new"; // an item not saved yet: the server gives it its aisle

const byCreated = (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const byChangedDesc = (a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id);
/** Within an aisle: the household's order, then the order added. */
export const inAisle = (a, b) => (a.position ?? Infinity) - (b.position ?? Infinity) || byCreated(a, b);

/**
 * Draws `list` (name, emoji) with `items` (a Map by id): to buy by aisle in the order of the store
 * shopped at (`store`, else Hearth's), what only other stores have folded away below, the basket
 * newest first. `collapsed` holds the aisles folded by a tap.
 */
export function render(list, items, { gone = false, store = null, collapsed = new Set() } = {}) {
  const all = [...items.values()];
  const found = (item) => !store || !item.onlyAt?.length || item.onlyAt.includes(store.id);
  const toBuy = all.filter((item) => !item.purchased && found(item));
  const elsewhere = all.filter((item) => !item.purchased && !found(item)).sort(byCreated);
  const basket = all.filter((item) => item.purchased).sort(byChangedDesc);
  for (const [id, row] of rows) {
    if (!items.has(id)) { row.remove(); rows.delete(id); }
  }
  drawAisles(toBuy, store?.aisles ?? DEFAULT_AISLES, collapsed);
  place($("elsewhere-items"), elsewhere);
  place($("in-basket"), basket);
  $("elsewhere-count").textContent = elsewhere.length;
  $("elsewhere").hidden = elsewhere.length === 0 || gone;
  const unbought = toBuy.length + elsewhere.length;
  $("nothing-to-buy").hidden = toBuy.length > 0 || gone;
  $("nothing-to-buy").textContent = all.length === 0
    ? "Nothing on this list yet. Type what you need in the box above; the small box takes a quantity like 2 l or 500 g."
    : elsewhere.length > 0 ? `Nothing else to buy at ${store.name}.`
    : "Everything is in the basket. Clear it when you are done, or add what else you need.";
  $("basket-count").textContent = basket.length;
  $("basket").hidden = basket.length === 0 || gone;
  $("list-counts").textContent = all.length === 0 ? "Empty" : `${unbought} to buy · ${basket.length} in the basket`;
  $("list-name").textContent = list.name;
  $("list-emoji").textContent = list.emoji || "";
  document.title = `${list.name} · Hearth`;
}

/** One section per aisle that has items, in `aisles` order (an item just added on top). */
function drawAisles(toBuy, aisles, collapsed) {
  const groups = new Map();
  for (const item of toBuy) {
    const key = item.category || JUST_ADDED;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  const order = [JUST_ADDED, ...aisles, ...[...groups.keys()].filter((key) => key !== JUST_ADDED && !aisles.includes(key))];
  const container = $("to-buy");
  let index = 0;
  for (const key of order) {
    const members = groups.get(key);
    if (!members) continue;
    const section = sectionFor(key);
    if (container.children[index] !== section) container.insertBefore(section, container.children[index] || null);
    index += 1;
    const open = !collapsed.has(key);
    const title = key === JUST_ADDED ? "Just added" : TITLES.get(key) ?? key;
    section.querySelector(".aisle-name").textContent = title;
    section.querySelector(".count").textContent = members.length;
    const toggle = section.querySelector(".aisle-toggle");
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", `${title}, ${members.length} to buy, ${open ? "shown" : "folded"}`);
    section.querySelector(".items").hidden = !open;
    place(section.querySelector(".items"), members.sort(inAisle));
  }
  while (container.children.length > index) {
    const stale = container.lastElementChild;
    sections.delete(stale.dataset.category);
    stale.remove();
  }
}

function sectionFor(category) {
  let section = sections.get(category);
  if (!section) {
    section = aisleTemplate.cloneNode(true);
    section.dataset.category = category;
    section.querySelector(".items").setAttribute("aria-label", TITLES.get(category) ?? "Just added");
    sections.set(category, section);
  }
  return section;
}

/** Puts the rows of `ordered` into `container` in order; rows that belong elsewhere leave first. */
function place(container, ordered) {
  const wanted = new Set(ordered.map((item) => item.id));
  for (const row of [...container.children]) if (!wanted.has(row.dataset.id)) row.remove();
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
  // A line not saved yet (the outbox still holds its change) is marked, and works like any other.
  const pending = Boolean(item.pending);
  row.querySelector("input").checked = item.purchased;
  row.querySelector(".check .visually-hidden").textContent = `${item.purchased ? "Put back" : "In the basket"}: ${item.name}`;
  row.querySelector(".item-name").textContent = item.name;
  row.querySelector(".item-quantity").textContent = item.quantity || "";
  row.querySelector(".item-note").textContent = item.note || "";
  row.querySelector(".item-waiting").hidden = !pending;
  row.querySelector(".item-delete").setAttribute("aria-label", `Delete ${item.name}`);
  row.classList.toggle("pending", pending);
  return row;
}

export const rowOf = (id) => rows.get(id);

/** Moves focus to the checkbox of the row after (or before) `row`, e.g. when a checked row leaves. */
export function focusNeighbour(row) {
  const neighbour = row?.nextElementSibling || row?.previousElementSibling;
  return () => neighbour?.isConnected && neighbour.querySelector("input").focus();
}

/** Flashes a row that was just added (or added up). */
export function highlight(row) {
  if (!row) return;
  row.classList.remove("arrived");
  void row.offsetWidth; // restarts the animation
  row.classList.add("arrived");
  row.addEventListener("animationend", () => row.classList.remove("arrived"), { once: true });
}

let toastTimer = null;
/** A short message at the bottom; `action` ({ label, run }) adds a button such as Undo. */
export function toast(text, action = null) {
  const element = $("toast");
  const message = document.createElement("span");
  message.textContent = text;
  const parts = [message];
  if (action) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "link";
    button.textContent = action.label;
    button.addEventListener("click", () => { element.classList.remove("shown"); action.run(); }, { once: true });
    parts.push(button);
  }
  element.replaceChildren(...parts);
  element.classList.add("shown");
  element.classList.toggle("with-action", Boolean(action));
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => element.classList.remove("shown"), action ? 6000 : 3500);
}

export function showError(text) {
  $("list-error").textContent = text;
  $("list-error").hidden = !text;
}
