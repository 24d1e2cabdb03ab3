// Hearth Lists: talking to the server — JSON requests to /api/v1/lists, tried again while offline,
// ids for new items (so a retried request cannot add a second line), and the household's event stream.

export const API = "/api/v1/lists";

/** Sends a request; never throws. `status` 0 means the server could not be reached. */
export async function request(url, { method = "GET", body } = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, init);
    const data = response.status === 204 ? null : await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

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

export function problemText({ status, data }) {
  if (status === 0) return "Could not reach the server; check the connection.";
  if (status === 401) return "You are signed out; reload the page and sign in again.";
  return data?.detail || `The server answered ${status}.`;
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

/**
 * Follows the household's `list` events. `onEvent` gets each parsed event, `onOpen(reconnected)`
 * each (re)connection (something may have changed while the stream was down), `onLive(bool)` the state.
 */
export function followLists({ onEvent, onOpen = () => {}, onLive = () => {} }) {
  let broken = false;
  const connect = () => {
    const events = new EventSource("/api/v1/events");
    events.addEventListener("open", () => {
      onOpen(broken);
      broken = false;
      onLive(true);
    });
    events.addEventListener("list", (message) => {
      try { onEvent(JSON.parse(message.data)); } catch { /* a malformed event changes nothing */ }
    });
    events.addEventListener("error", () => {
      broken = true;
      onLive(false);
      // EventSource retries by itself unless the server refused (signed out, 5xx): then try later.
      if (events.readyState === EventSource.CLOSED) {
        events.close();
        setTimeout(connect, 10_000);
      }
    });
  };
  connect();
}
