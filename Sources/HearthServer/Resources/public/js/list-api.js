// Hearth Lists: reading a whole list from /api/v1/lists, and ids for new lists and items (so a
// change sent twice cannot add a second one).

import { request } from "./api.js";

export const API = "/api/v1/lists";

/** A list with all its items: the API answers a page at a time, `nextCursor` says where the next one starts. */
export async function readWhole(url) {
  const first = await request(url);
  for (let page = first; page.ok && page.data.nextCursor; ) {
    page = await request(`${url}?cursor=${page.data.nextCursor}`);
    if (!page.ok) return page;
    first.data.items.push(...page.data.items);
  }
  if (first.ok) delete first.data.nextCursor;
  return first;
}

/** A random UUID in upper case, as the server writes ids; crypto.randomUUID exists only on https and localhost. */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID().toUpperCase();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toUpperCase();
}
