// Hearth offline: what a signed-in browser keeps to work without a connection, in IndexedDB.
//
// - Which account this browser shows (database "hearth"): its id and the page's CSRF token, so the
//   service worker and a page opened offline can send changes later.
// - Per account (database "hearth-<user id>"): the outbox of changes not yet sent (photos taken
//   offline among them, as Blobs), the changes the server refused (until the person has read why),
//   and a copy of what the pages show (the timer, the lists, the rooms).
//
// Written as a plain script so that the pages (as a module, for its side effect) and the service
// worker (importScripts, for Background Sync) share one replay: `self.hearthOffline`.
(() => {
  const CHANNEL = "hearth-outbox";
  const REQUEST_TIMEOUT = 15_000;
  /** How long a sender waits for the outbox's lock before taking it (longer than one request). */
  const LOCK_PATIENCE = REQUEST_TIMEOUT + 5_000;
  const BATCH = 50;
  const connections = new Map(); // database name → Promise<IDBDatabase>

  const promised = (request) => new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const finished = (transaction) => new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () => reject(transaction.error);
  });

  function open(name, upgrade) {
    if (!connections.has(name)) {
      const request = indexedDB.open(name, 1);
      request.onupgradeneeded = () => upgrade(request.result);
      const opening = promised(request).then((db) => {
        // Another tab deletes this account's data (signing out): let it.
        db.onversionchange = () => { db.close(); connections.delete(name); };
        return db;
      });
      opening.catch(() => connections.delete(name));
      connections.set(name, opening);
    }
    return connections.get(name);
  }

  const meta = () => open("hearth", (db) => db.createObjectStore("current"));
  const accountName = (userId) => `hearth-${userId}`;
  const account = (userId) => open(accountName(userId), (db) => {
    db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
    db.createObjectStore("refused", { keyPath: "seq" });
    db.createObjectStore("copies"); // e.g. "lists" → the list cards, "list:<id>" → one list with its items
  });

  /** The account this browser shows, `{ userId, csrfToken }`, or null when nobody signed in here. */
  async function currentAccount() {
    const db = await meta();
    return (await promised(db.transaction("current").objectStore("current").get("account"))) ?? null;
  }

  /**
   * Notes who is signed in (every signed-in page does). Another account's copy is deleted then: two
   * accounts on one device never see each other's data. Its outbox stays, sent when it signs in again.
   */
  async function signedIn(userId, csrfToken) {
    const previous = await currentAccount();
    if (previous?.userId === userId && previous.csrfToken === csrfToken) return;
    const db = await meta();
    const writing = db.transaction("current", "readwrite");
    writing.objectStore("current").put({ userId, csrfToken }, "account");
    await finished(writing);
    if (previous && previous.userId !== userId) {
      const old = await account(previous.userId);
      const clearing = old.transaction("copies", "readwrite");
      clearing.objectStore("copies").clear();
      await finished(clearing);
    }
  }

  /** Signing out: this account's copy and outbox are deleted, and nobody is shown here any more. */
  async function signedOut(userId) {
    const db = await meta();
    const writing = db.transaction("current", "readwrite");
    writing.objectStore("current").delete("account");
    await finished(writing);
    const name = accountName(userId);
    (await connections.get(name))?.close();
    connections.delete(name);
    await promised(indexedDB.deleteDatabase(name));
  }

  async function read(userId, storeName, key) {
    const db = await account(userId);
    return (await promised(db.transaction(storeName).objectStore(storeName).get(key))) ?? null;
  }

  async function readAll(userId, storeName) {
    const db = await account(userId);
    return promised(db.transaction(storeName).objectStore(storeName).getAll());
  }

  /**
   * Writes copies (`{ key: value }`, null deletes) and appends `entries` to the outbox in one
   * transaction: what the page shows and what it will send are never out of step.
   */
  async function save(userId, { copies = {}, entries = [] } = {}) {
    const db = await account(userId);
    const writing = db.transaction(["copies", "outbox"], "readwrite");
    for (const [key, value] of Object.entries(copies)) {
      if (value === null) writing.objectStore("copies").delete(key);
      else writing.objectStore("copies").put(value, key);
    }
    const now = new Date().toISOString();
    for (const entry of entries) writing.objectStore("outbox").add({ ...entry, queuedAt: now });
    await finished(writing);
    if (entries.length) announce({ type: "queued" });
  }

  /** Deletes every copy whose key starts with one of `prefixes` (e.g. "itempage:"). */
  async function dropCopies(userId, prefixes) {
    const db = await account(userId);
    const writing = db.transaction("copies", "readwrite");
    writing.objectStore("copies").openCursor().onsuccess = (event) => {
      const cursor = event.target.result;
      if (!cursor) return;
      if (prefixes.some((prefix) => String(cursor.key).startsWith(prefix))) cursor.delete();
      cursor.continue();
    };
    await finished(writing);
  }

  async function dismiss(userId, seq) {
    const db = await account(userId);
    const writing = db.transaction("refused", "readwrite");
    writing.objectStore("refused").delete(seq);
    await finished(writing);
    announce({ type: "dismissed" });
  }

  function announce(message) {
    try {
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage(message);
      channel.close();
    } catch { /* no BroadcastChannel: this page still hears its own outcomes */ }
  }

  /**
   * Sends the outbox in order, one change at a time (one sender per account across tabs and the
   * worker). Each change is safe to send twice: new things carry their id, checks their time, and
   * a delete of what is gone is done. A change the server refuses (4xx) moves to "refused" with the
   * reason; no connection or a server in trouble stops the replay until the next try, and so does
   * an inventory change while the inventory's lock is closed. Answers `"synced"`, `"waiting"`,
   * `"signedOut"` or `"locked"`; `onOutcome(entry, result, outcome)` hears each change.
   */
  function replay(userId, csrfToken, onOutcome = () => {}) {
    const run = async () => {
      const db = await account(userId);
      for (;;) {
        // A batch at a time in one read; a change that points later ones at a new id reads again.
        const batch = await promised(db.transaction("outbox").objectStore("outbox").getAll(null, BATCH));
        if (batch.length === 0) return "synced";
        for (const entry of batch) {
          const result = await send(entry, csrfToken);
          const outcome = judge(entry, result);
          if (outcome === "wait" || outcome === "signedOut" || outcome === "locked") {
            announce({ type: outcome });
            return outcome === "wait" ? "waiting" : outcome;
          }
          const remapped = await settle(db, entry, result, outcome);
          onOutcome(entry, result, outcome);
          announce({ type: "outcome", entry: { ...entry, files: undefined }, result, outcome });
          if (remapped) break;
        }
      }
    };
    if (!self.navigator.locks) return run();
    // A holder that keeps the outbox longer than any one request may take has gone astray (a page
    // frozen on its way out, a worker stopped mid-event): the lock is taken from it, as every change
    // is safe to send twice.
    const name = `hearth-outbox-${userId}`;
    return self.navigator.locks.request(name, { signal: AbortSignal.timeout(LOCK_PATIENCE) }, run).catch((error) => {
      if (error?.name !== "TimeoutError") throw error;
      return self.navigator.locks.request(name, { steal: true }, run);
    });
  }

  async function send(entry, csrfToken) {
    const init = {
      method: entry.method, credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRF-Token": csrfToken ?? "" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    };
    if (entry.files) {
      // Photos taken offline, kept as Blobs: sent as parts named `file`, as the upload forms do.
      const form = new FormData();
      for (const { blob, name } of entry.files) form.append("file", blob, name);
      init.body = form;
    } else if (entry.body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(entry.body);
    }
    try {
      const response = await fetch(entry.url, init);
      const data = response.status === 204 ? null : await response.json().catch(() => null);
      return { ok: response.ok, status: response.status, data };
    } catch {
      return { ok: false, status: 0, data: null };
    }
  }

  function judge(entry, { ok, status, data }) {
    if (ok || ((status === 404 || status === 410) && entry.method === "DELETE")) return "done"; // gone, as asked
    if (status === 0 || status === 408 || status === 429 || status >= 500) return "wait";
    if (status === 401 || (status === 403 && /CSRF/.test(data?.detail ?? ""))) return "signedOut";
    // The inventory's lock closed before an inventory change was sent: kept until it is open again.
    if (status === 403 && data?.type === "urn:hearth:problem:inventory-locked") return "locked";
    return "refused";
  }

  /**
   * Removes a sent change; keeps a refused one with its reason; points later changes at the id the
   * server chose (true then: what was read before is out of date).
   */
  async function settle(db, entry, result, outcome) {
    const writing = db.transaction(["outbox", "refused"], "readwrite");
    const outbox = writing.objectStore("outbox");
    outbox.delete(entry.seq);
    if (outcome === "refused") {
      writing.objectStore("refused").put({ ...entry, status: result.status, detail: result.data?.detail ?? null });
    }
    const chosen = result.data?.id;
    const remaps = Boolean(outcome === "done" && entry.creates && chosen && chosen.toLowerCase() !== entry.creates.toLowerCase());
    if (remaps) {
      // "Milk" was already on the list: the server added the quantities up on its own line.
      outbox.openCursor().onsuccess = (event) => {
        const later = event.target.result;
        if (!later) return;
        if (later.value.url.includes(entry.creates)) later.update({ ...later.value, url: later.value.url.split(entry.creates).join(chosen) });
        later.continue();
      };
    }
    await finished(writing);
    return remaps;
  }

  self.hearthOffline = {
    CHANNEL, currentAccount, signedIn, signedOut, read, readAll, save, dropCopies, dismiss, replay,
  };
})();
