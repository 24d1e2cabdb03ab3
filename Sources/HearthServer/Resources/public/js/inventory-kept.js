// Hearth Inventory offline: what the pages keep of the inventory in the account's copy, as the
// server drew it, and how a page opened without a connection draws it again.

import { keepCopies, readCopy } from "./outbox.js";

/** With the inventory's lock on, nothing of the inventory is kept on the device to be read without the password. */
export const keepsNothing = Boolean(document.documentElement.dataset.inventoryLock);

/** Keeps the pictures at `paths` (thumbnails, an item's photos) not kept yet, as Blobs. */
export async function keepImages(paths) {
  if (keepsNothing) return;
  for (const path of new Set(paths)) {
    if (await readCopy(`thumb:${path}`)) continue;
    try {
      const response = await fetch(path, { credentials: "same-origin" });
      if (response.ok) await keepCopies({ [`thumb:${path}`]: await response.blob() });
    } catch { /* offline meanwhile: kept next time */ }
  }
}

/** The paths of the pictures in `element`. */
export function imagePaths(element, selector = "img") {
  return [...element.querySelectorAll(selector)].map((image) => new URL(image.src, location.href).pathname);
}

/** Keeps the main part of the page at `path` (e.g. a form) under `key`; nothing when it cannot be read. */
export async function keepPage(path, key) {
  if (keepsNothing) return;
  try {
    const response = await fetch(path, { credentials: "same-origin" });
    if (!response.ok) return;
    const main = new DOMParser().parseFromString(await response.text(), "text/html").querySelector("main");
    if (main) await keepCopies({ [key]: { html: main.innerHTML, keptAt: new Date().toISOString() } });
  } catch { /* offline meanwhile: kept next time */ }
}

/** Shows each picture in `element` from its kept Blob; one not kept is left out (with its `holder`, e.g. "li"). */
export async function drawKeptImages(element, holder = null) {
  for (const image of element.querySelectorAll("img")) {
    const blob = await readCopy(`thumb:${new URL(image.src, location.href).pathname}`);
    if (blob) image.src = URL.createObjectURL(blob);
    else ((holder && image.closest(holder)) || image).remove();
  }
}

/** "27 Nov 2026, 14:05": when a copy was kept. */
export function keptWhen(keptAt) {
  return new Date(keptAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}
