// Hearth's inventory lock, on a page behind it: tells the server when someone uses the page (at
// most every 20 s) or, locking immediately, that it is shown (every 5 s, never while hidden); asks
// whether it is locked now and then and whenever the page is shown again; and goes to the lock
// screen once it is. While hidden, a page locking immediately is covered, so that the app
// switcher's picture shows nothing of the inventory.

const choice = document.documentElement.dataset.inventoryLock;
const csrf = document.querySelector('meta[name="csrf-token"]')?.content ?? "";
const immediately = choice === "immediately";
const USE_INTERVAL = immediately ? 5_000 : 20_000;
const CHECK_INTERVAL = immediately ? 5_000 : 15_000;
let lastUse = Date.now(); // loading this page was a use

function toLockScreen() {
  location.replace(`/unlock?next=${encodeURIComponent(location.pathname + location.search)}`);
}

/** Asks the server (`/lock/state`, or `/lock/used` which counts as a use); the lock screen if locked. */
async function ask(path) {
  const post = path === "/lock/used";
  try {
    const response = await fetch(path, {
      method: post ? "POST" : "GET", body: post ? new URLSearchParams({ csrf_token: csrf }) : undefined,
      credentials: "same-origin", cache: "no-store",
    });
    if (!response.ok) return; // signed out or the server in trouble: the next page decides
    if ((await response.json()).locked) toLockScreen();
  } catch { /* offline: nothing to open or lock against */ }
}

function used() {
  if (document.visibilityState !== "visible" || Date.now() - lastUse < USE_INTERVAL) return;
  lastUse = Date.now();
  ask("/lock/used");
}

if (choice) {
  // Nothing of a locked inventory stays on the device to be read offline (copies kept before the lock was on go).
  import("./outbox.js").then(({ dropCopies }) => dropCopies(["inventory", "itempage:", "itemform:", "thumb:"]));
  for (const type of ["pointerdown", "keydown", "scroll", "input"]) addEventListener(type, used, { passive: true, capture: true });
  document.addEventListener("visibilitychange", async () => {
    if (document.visibilityState === "hidden") {
      if (immediately) document.documentElement.classList.add("inventory-covered");
      return;
    }
    await ask(immediately ? "/lock/used" : "/lock/state");
    document.documentElement.classList.remove("inventory-covered");
  });
  // Back to a page the browser kept (back/forward cache): the lock may have closed meanwhile.
  addEventListener("pageshow", (event) => { if (event.persisted) ask("/lock/state"); });
  setInterval(() => {
    if (document.visibilityState !== "visible") return;
    if (immediately) {
      lastUse = Date.now();
      ask("/lock/used");
    } else {
      ask("/lock/state");
    }
  }, CHECK_INTERVAL);
}
