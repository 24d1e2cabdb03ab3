// Hearth, on every page: installs the service worker (the app opens like an installed app and
// works offline where it can); asks before a form marked data-confirm destroys something; sends the
// device's time zone with sign-in and registration, and offers to switch when the signed-in
// profile's zone differs from this device's; signing out ends this browser's notifications; the
// keyboard's shortcuts (keyboard.js).
import { forgetThisDevice } from "./push-device.js";
import "./keyboard.js";
document.addEventListener("submit", (event) => {
  const question = event.target.dataset?.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});

const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";

for (const input of document.querySelectorAll("[data-device-time-zone]")) input.value = deviceZone;

const profileZone = document.documentElement.dataset.timeZone;
const offer = document.getElementById("zone-offer");
const dismissedKey = "hearth.zone-offer.kept";
const pair = `${deviceZone}|${profileZone}`;

if (offer && profileZone && deviceZone && deviceZone !== profileZone && readKept() !== pair) {
  for (const name of offer.querySelectorAll("[data-device-zone-name]")) name.textContent = deviceZone;
  const here = new URL(location.href);
  here.searchParams.delete("notice");
  offer.querySelector("[data-current-path]").value = here.pathname + here.search;
  document.getElementById("zone-keep").addEventListener("click", () => {
    try { localStorage.setItem(dismissedKey, pair); } catch { /* private mode: ask again next time */ }
    offer.hidden = true;
  });
  offer.hidden = false;
}

function readKept() {
  try { return localStorage.getItem(dismissedKey); } catch { return null; }
}

// The profile's zone menu: one tap picks this device's zone.
const zoneMenu = document.getElementById("time_zone");
const useDeviceZone = document.getElementById("use-device-zone");
if (zoneMenu && useDeviceZone && [...zoneMenu.options].some((option) => option.value === deviceZone)
    && zoneMenu.value !== deviceZone) {
  useDeviceZone.textContent = `Use this device's zone (${deviceZone})`;
  useDeviceZone.addEventListener("click", () => {
    zoneMenu.value = deviceZone;
    useDeviceZone.hidden = true;
  });
  useDeviceZone.hidden = false;
}

// Signing out ends this browser's notifications and deletes its offline copy and outbox first (at
// most two seconds), so whoever uses it next gets none of the account's timers, lists or reminders.
// Changes still waiting to be sent are lost then: the person is asked first.
const signOut = document.getElementById("logout")?.form;
const userId = document.documentElement.dataset.account;
if (signOut && userId) {
  signOut.addEventListener("submit", async (event) => {
    event.preventDefault();
    const unsent = await (await import("./outbox.js")).waiting().catch(() => 0);
    const changes = unsent === 1 ? "1 change has" : `${unsent} changes have`;
    if (unsent > 0 && !window.confirm(`${changes} not reached the server yet (no connection). Sign out anyway and lose them?`)) return;
    const limit = new Promise((resolve) => { setTimeout(resolve, 2000); });
    const forget = Promise.all([
      "PushManager" in window ? forgetThisDevice().catch(() => {}) : null,
      self.hearthOffline?.signedOut(userId).catch(() => {}),
    ]);
    Promise.race([forget, limit]).then(() => signOut.submit());
  });
}

// Signed in, every page sends what waits in the outbox and shows how it stands (outbox.js).
if (document.body.classList.contains("signed-in")) import("./outbox.js");
if (document.documentElement.dataset.inventoryLock) import("./inventory-lock.js");

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js").catch(() => { /* not installable here (e.g. plain HTTP): the site still works */ });
}

// The offline page stands in for the page asked for: it loads that page by itself once the
// server answers again (checked at growing intervals, at once when the device is back online).
if (document.getElementById("offline-page")) {
  const retry = async (delay) => {
    try {
      if ((await fetch("/health", { cache: "no-store" })).ok) { location.reload(); return; }
    } catch { /* still unreachable */ }
    setTimeout(() => retry(Math.min(delay * 2, 30_000)), delay);
  };
  window.addEventListener("online", () => location.reload());
  setTimeout(() => retry(2_000), 2_000);
}
