// Hearth Lists: changes sent to /api/v1/lists, tried again while offline, and ids for new items
// (so a retried request cannot add a second line).

import { request } from "./api.js";

export const API = "/api/v1/lists";

/**
 * Sends a change, trying again while the server cannot be reached (a phone in a shop's basement):
 * after 1, 2, 4, 8 and then every 15 seconds, or at once when the browser says it is online again.
 * Safe because every change is idempotent: new things carry their id, checks their `changedAt`.
 */
export async function requestChange(url, options, { onRetry = () => {} } = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const result = await request(url, options);
    if (result.status !== 0) return result;
    onRetry();
    await backOnline(Math.min(1000 * 2 ** attempt, 15_000));
  }
}

function backOnline(milliseconds) {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); window.removeEventListener("online", done); resolve(); };
    const timer = setTimeout(done, milliseconds);
    window.addEventListener("online", done);
  });
}

/** A random UUID; crypto.randomUUID exists only on https and localhost. */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
