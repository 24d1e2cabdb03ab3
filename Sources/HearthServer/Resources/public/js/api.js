// Hearth: the browser's side of the API — JSON requests that never throw, one sentence for a
// refusal, the event stream (/api/v1/events) with its reconnection, and ids made on the client.

// The page's CSRF token: the API takes a change made with the session cookie only with it, so
// another site cannot make a signed-in browser change anything.
const csrfToken = document.querySelector('meta[name="csrf-token"]')?.content ?? "";

/** Sends a request; never throws. `status` 0 means the server could not be reached. */
export async function request(url, { method = "GET", body } = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (method !== "GET") init.headers["X-CSRF-Token"] = csrfToken;
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

/** What to tell the person about a failed `request`. */
export function problemText({ status, data }) {
  if (status === 0) return "Could not reach the server. Check the connection and try again.";
  if (status === 401) return "You are signed out. Reload the page and sign in again.";
  return data?.detail || `The server answered ${status}. Try again.`;
}

/**
 * Follows the events named `name`. `onEvent` gets each one parsed. A stream that comes back after
 * a break (or when the browser shows the page again from its back/forward cache) first gets every
 * event it missed, on whichever server it reaches: the server knows where it stopped from the last
 * event id. Only when those are no longer kept does the server send `reset`, and `onReconnect` runs
 * to read everything again. `onLive(bool)` hears whether the stream is up.
 */
export function followEvents(name, { onEvent, onReconnect = () => {}, onLive = () => {} }) {
  let lastEventId = "";
  let events = null;
  const connect = () => {
    // A new EventSource cannot send Last-Event-ID itself (only its own retries do): the query says it.
    const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : "";
    const source = new EventSource(`/api/v1/events${query}`);
    events = source;
    const seen = (message) => { if (message.lastEventId) lastEventId = message.lastEventId; };
    source.addEventListener("ready", (message) => {
      seen(message);
      onLive(true);
    });
    source.addEventListener("reset", (message) => {
      seen(message);
      onReconnect();
    });
    // Every event moves the place to reconnect from, also those of other names (this page's other streams follow them).
    for (const other of ["timer", "list", "inventory", "report"]) {
      if (other !== name) source.addEventListener(other, seen);
    }
    source.addEventListener(name, (message) => {
      seen(message);
      let event = null;
      try { event = JSON.parse(message.data); } catch { return; } // a malformed event changes nothing
      onEvent(event);
    });
    source.addEventListener("error", () => {
      onLive(false);
      // EventSource retries by itself unless the server refused (signed out, 5xx): then try later.
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        setTimeout(() => { if (events === source) connect(); }, 10_000);
      }
    });
  };
  // A page kept in the back/forward cache must not keep its stream: browsers allow six
  // connections to a server, and a few cached pages holding theirs would stall every new page.
  // Shown again, it reconnects and catches up on what happened meanwhile.
  window.addEventListener("pagehide", () => { events?.close(); events = null; });
  window.addEventListener("pageshow", (event) => { if (event.persisted && !events) connect(); });
  connect();
}

/**
 * A new id for something made here, so a change sent twice cannot make a second one: a random
 * UUID in upper case, as the server writes ids (crypto.randomUUID exists only on https and localhost).
 */
export function newId() {
  if (crypto.randomUUID) return crypto.randomUUID().toUpperCase();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toUpperCase();
}
