// Hearth Lists: reading a whole list from /api/v1/lists.

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
