// Hearth Lists: drawing one list — rows kept per item id and moved only when out of place (so a
// row keeps focus where it can), the header counts, and the short messages.

export const $ = (id) => document.getElementById(id);

const template = $("item-template").content.firstElementChild;
const rows = new Map(); // item id → <li>

const byCreated = (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const byChangedDesc = (a, b) => b.changedAt.localeCompare(a.changedAt) || a.id.localeCompare(b.id);

/** Draws `list` (name, emoji) with `items` (a Map by id): to buy oldest first, the basket newest first. */
export function render(list, items, { gone = false } = {}) {
  const all = [...items.values()];
  const toBuy = all.filter((item) => !item.purchased).sort(byCreated);
  const basket = all.filter((item) => item.purchased).sort(byChangedDesc);
  for (const [id, row] of rows) {
    if (!items.has(id)) { row.remove(); rows.delete(id); }
  }
  place($("to-buy"), toBuy);
  place($("in-basket"), basket);
  $("nothing-to-buy").hidden = toBuy.length > 0 || gone;
  $("nothing-to-buy").textContent = all.length === 0
    ? "Nothing on this list yet. Type what you need in the box above; the small box takes a quantity like 2 l or 500 g."
    : "Everything is in the basket. Clear it when you are done, or add what else you need.";
  $("basket-count").textContent = basket.length;
  $("basket").hidden = basket.length === 0 || gone;
  $("list-counts").textContent = all.length === 0 ? "Empty" : `${toBuy.length} to buy · ${basket.length} in the basket`;
  $("list-name").textContent = list.name;
  $("list-emoji").textContent = list.emoji || "";
  document.title = `${list.name} · Hearth`;
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
