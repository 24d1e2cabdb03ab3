// Hearth offline, on the page: changes go to the persistent outbox (offline-db.js) and are sent from
// there — at once when the server can be reached, else when the browser is online again, by the
// service worker's Background Sync where the browser has it, and at the next page load. The header
// says how things stand: "Offline — 3 changes waiting", "Synced", and what the server refused.

import { counted } from "./counted.js";
import "./offline-db.js";
import { newId } from "./api.js";

const offline = self.hearthOffline;
const pageToken = document.querySelector('meta[name="csrf-token"]')?.content ?? "";

/**
 * Who this page works for, `{ userId, csrfToken }`: the signed-in page says so itself; a page the
 * service worker opened without a connection shows the account this browser last signed in with.
 */
export const account = (async () => {
  const userId = document.documentElement.dataset.account;
  try {
    if (userId) {
      await offline.signedIn(userId, pageToken);
      return { userId, csrfToken: pageToken };
    }
    return await offline.currentAccount();
  } catch {
    return null; // no IndexedDB here: the page works online only
  }
})();

/** Reads this account's copy `key` (e.g. "lists", "list:<id>"); null when none is kept. */
export async function readCopy(key) {
  const who = await account;
  return who ? offline.read(who.userId, "copies", key).catch(() => null) : null;
}

/** Keeps copies (`{ key: value }`) without queuing a change, e.g. after reading from the server. */
export async function keepCopies(copies) {
  const who = await account;
  if (who) await offline.save(who.userId, { copies }).catch(() => {});
}

/** Deletes this account's copies whose keys start with one of `prefixes`. */
export async function dropCopies(prefixes) {
  const who = await account;
  if (who) await offline.dropCopies(who.userId, prefixes).catch(() => {});
}

/**
 * Queues changes (`{ url, method, body, label, creates? }`, sent in order) together with the
 * copies that show them, then starts sending. Resolves once both are stored.
 */
export async function queue(entries, copies = {}) {
  const who = await account;
  if (!who) throw new Error("This browser cannot keep changes (no IndexedDB); they need a connection.");
  await offline.save(who.userId, { copies, entries });
  everWaited = true;
  flush();
}

/** Takes a refused change off the list once the page has said why in its own place. */
export async function dismissRefused(seq) {
  const who = await account;
  if (who) await offline.dismiss(who.userId, seq).catch(() => {});
}

const outcomeListeners = new Set();
/** `listener(entry, result, outcome)` hears every change sent from any tab: "done" or "refused". Returns a way to stop. */
export function onOutcome(listener) {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/**
 * Queues one change (as `queue`) and sends it at once. Resolves `{ outcome: "done", result }` or
 * `{ outcome: "refused", result }` once the server answered — a refusal is then the caller's to show
 * in its own place, and off the header's list — or `{ outcome: "waiting" }` when the server cannot
 * be reached: the change stays queued and is sent later.
 */
export async function sendNow(entry, copies = {}) {
  const mark = newId();
  let stop = () => {};
  const heard = new Promise((resolve) => {
    stop = onOutcome((sent, result, outcome) => { if (sent.mark === mark) resolve({ outcome, result, seq: sent.seq }); });
  });
  try {
    await queue([{ ...entry, mark }], copies);
    await flush();
    if ((await pending(entry.url)).some((waiting) => waiting.mark === mark)) return { outcome: "waiting" };
    const answer = await heard;
    if (answer.outcome === "refused") await dismissRefused(answer.seq);
    return answer;
  } finally {
    stop();
  }
}

const statusListeners = new Set();
/** `listener({ waiting, refused, state })` hears whenever the outbox changes. */
export function onStatus(listener) { statusListeners.add(listener); }

let state = navigator.onLine ? "synced" : "waiting";
let everWaited = false; // once this page had changes waiting, the status stays (then says "Synced")
let sending = null;
let again = false;
let retryTimer = null;
let retryDelay = 1000;
const ONLINE_RETRY_LIMIT = 4000;

/** Sends what waits (one replay at a time; a flush during a replay runs once more after it). */
export function flush() {
  if (sending) { again = true; return sending; }
  sending = (async () => {
    const who = await account;
    if (!who) return;
    // Asked again meanwhile (the connection is back, another tab queued): once more at once, also
    // after a replay that found no connection when it started.
    do {
      again = false;
      state = await offline.replay(who.userId, who.csrfToken).catch(() => "waiting");
    } while (again && state !== "signedOut" && state !== "locked");
    clearTimeout(retryTimer);
    if (state === "waiting") {
      retryTimer = setTimeout(flush, retryDelay);
      // Online but unanswered (a server restarting, a slow answer): try again soon; offline, less often.
      retryDelay = Math.min(retryDelay * 2, navigator.onLine ? ONLINE_RETRY_LIMIT : 15_000);
      askForBackgroundSync();
    } else {
      retryDelay = 1000;
      syncAsked = false;
    }
  })().finally(() => { sending = null; refreshSoon(); });
  return sending;
}

let syncAsked = false;
/** Asks the service worker to send the outbox when the browser is online again, even with this page closed (once per wait). */
function askForBackgroundSync() {
  if (syncAsked || !navigator.serviceWorker?.controller) return;
  syncAsked = true;
  navigator.serviceWorker.ready.then((registration) => registration.sync?.register("hearth-outbox")).catch(() => {});
}

/** The waiting changes whose URL starts with `prefix` (e.g. one list's, any case), oldest first. */
export async function pending(prefix = "") {
  const who = await account;
  if (!who) return [];
  const entries = await offline.readAll(who.userId, "outbox").catch(() => []);
  return entries.filter((entry) => entry.url.toLowerCase().startsWith(prefix.toLowerCase()));
}

/** The number of waiting changes of `url`'s prefix (e.g. one list's), or of all. */
export async function waiting(prefix = "") {
  return (await pending(prefix)).length;
}

// ---------- the header's status ----------

const statusLine = document.getElementById("sync-status");
const refusedList = document.getElementById("sync-refused");
let refreshTimer = null;

/** Redraws the status soon: a replay of 200 changes redraws a few times, not 200. */
function refreshSoon() {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(refresh, 50);
}

async function refresh() {
  const who = await account;
  if (!who) return;
  const [entries, refused] = await Promise.all([
    offline.readAll(who.userId, "outbox").catch(() => []),
    offline.readAll(who.userId, "refused").catch(() => []),
  ]);
  const status = { waiting: entries.length, refused, state };
  statusListeners.forEach((listener) => listener(status));
  draw(status);
}

function draw({ waiting: count, refused, state: now }) {
  if (statusLine) {
    const changes = `${counted(count, "change")} waiting`;
    const offlineNow = !navigator.onLine || now === "waiting";
    if (count > 0) everWaited = true;
    statusLine.textContent = now === "signedOut" && count > 0 ? `Signed out — sign in again to send ${changes}`
      : now === "locked" && count > 0 ? `Inventory locked — open it to send ${changes}`
      : offlineNow ? (count > 0 ? `Offline — ${changes}` : "Offline")
      : count > 0 ? `Sending — ${changes}` : "Synced";
    statusLine.dataset.state = offlineNow ? "offline" : count > 0 ? "sending" : "synced";
    statusLine.hidden = !offlineNow && count === 0 && !everWaited;
  }
  if (refusedList) {
    refusedList.replaceChildren(...refused.map(refusedItem));
    refusedList.hidden = refused.length === 0;
  }
}

function refusedItem(entry) {
  const item = document.createElement("li");
  const text = document.createElement("span");
  text.textContent = `Not saved: ${entry.label}. ${entry.detail ?? `The server answered ${entry.status}.`}`;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "link";
  button.textContent = "Dismiss";
  button.addEventListener("click", async () => {
    const who = await account;
    await offline.dismiss(who.userId, entry.seq);
  });
  item.append(text, " ", button);
  return item;
}

try {
  const channel = new BroadcastChannel(offline.CHANNEL);
  channel.addEventListener("message", ({ data }) => {
    if (data.type === "outcome") outcomeListeners.forEach((listener) => listener(data.entry, data.result, data.outcome));
    // Another tab or the worker queued a change, or one of theirs reached the server: send now.
    if ((data.type === "queued" || data.type === "outcome") && !sending) { retryDelay = 1000; flush(); }
    refreshSoon();
  });
} catch { /* no BroadcastChannel: this page hears only its own changes, at its next refresh */ }

window.addEventListener("online", () => { retryDelay = 1000; flush(); });
window.addEventListener("offline", refreshSoon);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") flush(); });
refreshSoon(); // what waits shows at once, also while another tab or the worker holds the outbox
flush();
