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
