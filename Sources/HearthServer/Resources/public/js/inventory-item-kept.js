// Hearth Inventory offline: an item's page and its form as this device last saw them. With a
// connection, an item's page keeps itself, its photos and its edit form in the account's copy; a
// page the service worker opens without a connection (an item, its edit form, a new item) draws
// that copy, and the item's page and form then work as usual, through the outbox.

import { keepCopies, pending, readCopy } from "./outbox.js";
import { drawKeptImages, imagePaths, keepImages, keepPage, keepsNothing, keptWhen } from "./inventory-kept.js";

const MOST_PHOTOS = 12;
const shell = document.documentElement.dataset.shell === "true";

/** Keeps this item's page as shown, its photos and its edit form (read again only when the page changed). */
async function keepItem(article) {
  if (keepsNothing) return;
  const id = article.dataset.itemId.toUpperCase();
  const unchanged = (await readCopy(`itempage:${id}`))?.html === article.outerHTML && (await readCopy(`itemform:${id}`));
  await keepCopies({ [`itempage:${id}`]: { html: article.outerHTML, keptAt: new Date().toISOString() } });
  await keepImages(imagePaths(article, "#photos img").slice(0, MOST_PHOTOS));
  if (!unchanged && document.getElementById("edit-item")) await keepPage(`/inventory/items/${id}/edit`, `itemform:${id}`);
}

/** The kept form for `id` (null: a new item): its own, else the new-item form made into this item's. */
async function keptForm(id) {
  const own = id && (await readCopy(`itemform:${id}`));
  if (own) return own.html;
  const blank = await readCopy("itemform:new");
  if (!blank) return null;
  if (!id) return blank.html;
  const made = document.createElement("div");
  made.innerHTML = blank.html;
  made.querySelector("#item-form").setAttribute("action", `/inventory/items/${id}`);
  made.querySelector("h1").textContent = "Edit item";
  made.querySelector(".back-link").setAttribute("href", `/inventory/items/${id}`);
  return made.innerHTML;
}

/** An item made offline and never seen from the server: its name, what waits, and its form. */
function itemMadeHere(id) {
  const article = document.createElement("article");
  article.className = "item-page";
  article.id = "item-page";
  article.dataset.itemId = id;
  article.innerHTML = `<a class="back-link" href="/inventory">Inventory</a><header class="item-header"><h1 id="item-name"></h1></header>
    <section class="item-actions"><a class="button primary" href="/inventory/items/${id}/edit" id="edit-item">Edit</a></section>`;
  return article.outerHTML;
}

async function drawKept() {
  const [, id, edit] = location.pathname.match(/^\/inventory\/items\/([0-9a-f-]{36})(\/edit)?\/?$/i) ?? [];
  const itemId = id?.toUpperCase();
  const place = document.getElementById("kept-page");
  if (!itemId || edit) {
    const html = await keptForm(itemId);
    if (!html) { document.getElementById("item-not-kept").hidden = false; return; }
    place.innerHTML = html;
    place.querySelector('input[name="csrf_token"]')?.remove();
    await import("./inventory-form.js");
    return;
  }
  const kept = await readCopy(`itempage:${itemId}`);
  const madeHere = !kept && (await pending(`/api/v1/inventory/items/${itemId}`)).some((entry) => entry.method === "PUT");
  if (!kept && !madeHere) { document.getElementById("item-not-kept").hidden = false; return; }
  place.innerHTML = kept ? kept.html : itemMadeHere(itemId);
  place.querySelectorAll('input[name="csrf_token"]').forEach((input) => input.remove());
  await drawKeptImages(place, "li");
  if (kept) document.getElementById("item-kept-at").textContent = ` (${keptWhen(kept.keptAt)})`;
  await import("./inventory-item.js");
}

if (shell) {
  drawKept();
} else {
  const article = document.getElementById("item-page");
  if (article) keepItem(article);
}
