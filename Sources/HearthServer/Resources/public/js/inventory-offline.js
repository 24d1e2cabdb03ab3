// Hearth Inventory offline: the items as this device last saw them. With a connection, the item
// list on the Inventory page is kept in the account's copy (as the server drew it) with the
// thumbnails shown, whenever it changes, and so is the new-item form; a page the service worker
// opens without a connection draws that copy, thumbnails included, read only.

import { keepCopies, readCopy } from "./outbox.js";
import { drawKeptImages, imagePaths, keepImages, keepPage, keepsNothing, keptWhen } from "./inventory-kept.js";

const MOST_THUMBNAILS = 200;
const shell = document.documentElement.dataset.shell === "true";

/** Keeps the list as shown and the thumbnails not kept yet. */
async function keepList() {
  if (keepsNothing) return;
  const list = document.getElementById("item-list");
  if (!list) return;
  await keepCopies({ inventory: { html: list.outerHTML, keptAt: new Date().toISOString() } });
  await keepImages(imagePaths(list, ".tile-photo img").slice(0, MOST_THUMBNAILS));
}

/** Draws the kept list: the tiles without their selection boxes, each photo from its kept thumbnail. */
async function drawKept() {
  const kept = await readCopy("inventory");
  if (!kept) {
    document.getElementById("inventory-not-kept").hidden = false;
    return;
  }
  const list = document.getElementById("item-list");
  list.outerHTML = kept.html;
  const drawn = document.getElementById("item-list");
  for (const element of drawn.querySelectorAll(".select-label, .more, #clear-filters")) element.remove();
  await drawKeptImages(drawn);
  document.getElementById("inventory-kept-at").textContent = keptWhen(kept.keptAt);
}

if (shell) {
  drawKept();
} else {
  let timer = null;
  const soon = () => { clearTimeout(timer); timer = setTimeout(keepList, 1000); };
  const section = document.getElementById("items");
  if (section) new MutationObserver(soon).observe(section, { childList: true, subtree: true });
  soon();
  keepPage("/inventory/items/new", "itemform:new");
}
