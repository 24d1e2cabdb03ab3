// Hearth's service worker: the installed app opens like the seed apps did, also without a
// connection. The server fills in this release's VERSION and its static ASSETS: they are kept at
// install and served from the cache first (a page of a newer release fetches its own). A page that
// cannot be loaded is answered with a shell kept for it (the timer, the lists, one list, the items, the capture page), which shows the
// signed-in account's own copy from IndexedDB, or else with the honest offline page. Pages and API
// answers carry a household's data and are never cached here; the copy is per account
// (offline-db.js), and Background Sync sends its outbox when the connection is back.
importScripts("/js/offline-db.js");

const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const CACHE = `hearth-${VERSION}`;
const OFFLINE = "/offline";
const STATIC = /^\/(css|js|icons)\/|^\/favicon\.svg$/;
/** Which kept shell answers a page asked for without a connection. */
const SHELLS = [
  [/^\/focus\/?$/, "/shell/focus"],
  [/^\/inventory\/?$/, "/shell/inventory"],
  [/^\/inventory\/capture\/?$/, "/shell/capture"],
  [/^\/inventory\/items\/(new|[0-9a-f-]{36}(\/edit)?)\/?$/i, "/shell/item"],
  [/^\/lists\/?$/, "/shell/lists"],
  [/^\/lists\/[0-9a-f-]{36}\/?$/i, "/shell/list"],
];

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // Kept signed out (credentials omitted): the shells carry nobody's data.
    const pages = [OFFLINE, ...SHELLS.map(([, shell]) => shell)];
    await Promise.all(pages.map(async (page) => {
      const response = await fetch(page, { credentials: "omit", cache: "no-store" });
      if (!response.ok) throw new Error(`${page} answered ${response.status}`);
      await cache.put(page, response);
    }));
    await cache.addAll(ASSETS.map((path) => new Request(path, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage(url.pathname)));
  } else if (STATIC.test(url.pathname)) {
    const version = url.searchParams.get("v");
    if (!version || version === VERSION) event.respondWith(cacheFirst(request, url.pathname));
  }
});

async function offlinePage(path) {
  const shell = SHELLS.find(([pattern]) => pattern.test(path))?.[1] ?? OFFLINE;
  return (await caches.match(shell)) ?? (await caches.match(OFFLINE)) ?? Response.error();
}

/** This release's file from the cache, or from the network (and then kept). */
async function cacheFirst(request, path) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(path);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(path, response.clone());
  return response;
}

// Background Sync (where the browser has it): the outbox is sent even after its page was closed.
// A replay that still finds no connection fails the event, so the browser tries again later.
self.addEventListener("sync", (event) => {
  if (event.tag !== "hearth-outbox") return;
  event.waitUntil((async () => {
    const account = await self.hearthOffline.currentAccount();
    if (!account) return;
    const state = await self.hearthOffline.replay(account.userId, account.csrfToken);
    if (state === "waiting") throw new Error("The server cannot be reached yet.");
  })());
});

// Notifications (Settings → Notifications): the server pushes a timer's end, its alarm and its
// dismissal, and reminders. Each push's JSON says what to show. A Focus page that is open and on
// screen rings the timer's alarm itself, so then the timer's pushes show nothing twice.
self.addEventListener("push", (event) => {
  let data = null;
  try { data = event.data?.json(); } catch { /* not Hearth's JSON: show nothing of it */ }
  if (data) event.waitUntil(showPush(data));
});

async function showPush(data) {
  await setBadge(data.badge);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const focusOnScreen = windows.some((client) => client.visibilityState === "visible"
    && new URL(client.url).pathname.startsWith("/focus"));
  const timerPush = TIMER_KINDS.includes(data.kind);
  if (data.closes) {
    // A timer stopped on another device: its alarm goes here too. Browsers want a notification
    // for every push, so a quiet one takes the alarm's place for a moment, then goes as well.
    for (const shown of await self.registration.getNotifications({ tag: data.tag })) shown.close();
    if (focusOnScreen) return;
    await self.registration.showNotification(data.title, { body: data.body, tag: data.tag, silent: true, icon: ICON });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const shown of await self.registration.getNotifications({ tag: data.tag })) shown.close();
    return;
  }
  if (focusOnScreen && timerPush) return;
  await self.registration.showNotification(data.title, {
    body: data.body, tag: data.tag, icon: ICON, badge: BADGE,
    renotify: Boolean(data.renotify), requireInteraction: Boolean(data.requireInteraction), silent: Boolean(data.silent),
    actions: (data.actions ?? []).map(({ action, title }) => ({ action, title })),
    data: { url: data.url ?? "/", actions: data.actions ?? [] },
  });
}

const TIMER_KINDS = ["pomodoro", "countdown", "rest", "cleared"];
const ICON = "/icons/icon-192.png";
const BADGE = "/icons/maskable-192.png";

/** The number on the installed app's icon (a timer ringing), where the platform has one. */
async function setBadge(count) {
  if (count === undefined || count === null || !("setAppBadge" in self.navigator)) return;
  try {
    if (count > 0) await self.navigator.setAppBadge(count); else await self.navigator.clearAppBadge();
  } catch { /* the platform refused: the notification itself still tells */ }
}

// A tap on a button does what it says through the API (with the button's own sealed link: the
// worker has no page and no CSRF token), then opens or focuses the page it is about. A tap on the
// notification itself only opens the page. Swiping a notification away acknowledges it and
// changes nothing: the alarm stops only when someone stops it.
self.addEventListener("notificationclick", (event) => {
  event.waitUntil(handleClick(event.notification, event.action));
});

async function handleClick(notification, action) {
  notification.close();
  const button = (notification.data?.actions ?? []).find((candidate) => candidate.action === action);
  // The page opens at once (browsers let a worker open one only just after the tap); it follows the
  // timer's events, so it shows the button's change as soon as that is made.
  await Promise.all([openPage(notification.data?.url ?? "/"), button?.link ? perform(button.link) : null]);
}

async function perform(link) {
  try {
    const response = await fetch("/api/v1/push/actions", {
      method: "POST", credentials: "omit",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ token: link }),
    });
    if (response.ok) await setBadge(0);
  } catch { /* offline: the page shows the timer as it is */ }
}

async function openPage(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === url) ?? windows[0];
  if (same) {
    if (same.url !== url && "navigate" in same) await same.navigate(url).catch(() => {});
    return same.focus();
  }
  return self.clients.openWindow(url);
}
