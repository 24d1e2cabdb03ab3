// Hearth's service worker: the installed app opens like the seed apps did. Styles, scripts and
// icons come from a cache when the network cannot bring them; a page that cannot be loaded shows
// the honest offline page. Pages and API answers carry a household's data and are never cached.
const CACHE = "hearth-shell-v1";
const OFFLINE = "/offline";
const STATIC = /^\/(css|js|icons)\/|^\/favicon\.svg$/;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const response = await fetch(OFFLINE, { credentials: "omit", cache: "no-store" });
    const html = await response.clone().text();
    await cache.put(OFFLINE, response);
    // The offline page's own styles and scripts, so that it looks right without a network.
    const assets = [...html.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map((match) => match[1])
      .filter((path) => STATIC.test(new URL(path, location.origin).pathname));
    await cache.addAll([...new Set(assets)]);
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
    event.respondWith(fetch(request).catch(async () => (await caches.match(OFFLINE)) ?? Response.error()));
  } else if (STATIC.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  }
});

/** The network's answer (kept for later), or the kept one when there is no network. */
async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) ?? Response.error();
  }
}

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
