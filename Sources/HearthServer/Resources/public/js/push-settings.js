// Settings → Notifications: subscribes this browser to Web Push with the server's key when the
// person taps "Enable notifications" (permission is asked only then), keeps the server's copy of
// the subscription current, and turns it off again. iPhones and iPads push only to Hearth added to
// the Home Screen, so there the page says how.
import { problemText, request } from "./api.js";
import { deviceKey, forgetThisDevice } from "./push-device.js";

const state = document.getElementById("push-state");
const enable = document.getElementById("push-enable");
const disable = document.getElementById("push-disable");
const errorText = document.getElementById("push-error");

const isAppleMobile = /iPad|iPhone|iPod/.test(navigator.userAgent)
  || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
const isStandalone = matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;
const supported = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

function show(text, { canEnable = false, canDisable = false } = {}) {
  state.textContent = text;
  enable.hidden = !canEnable;
  disable.hidden = !canDisable;
}

function fail(text) {
  errorText.textContent = text;
  errorText.hidden = !text;
}

/** A name for this device, such as "Chrome on Android", for the device list. */
function deviceName() {
  const agent = navigator.userAgent;
  const browser = /Edg\//.test(agent) ? "Edge" : /Firefox\//.test(agent) ? "Firefox"
    : /Chrome\//.test(agent) ? "Chrome" : /Safari\//.test(agent) ? "Safari" : "Browser";
  const system = /Android/.test(agent) ? "Android" : /iPhone/.test(agent) ? "iPhone" : /iPad/.test(agent) ? "iPad"
    : /Mac OS X/.test(agent) ? "Mac" : /Windows/.test(agent) ? "Windows" : /Linux/.test(agent) ? "Linux" : "this device";
  return `${browser} on ${system}`;
}

/** Sends the subscription to the server (again: it updates the same device); remembers its id. */
async function save(subscription) {
  const answer = await request("/api/v1/push/subscriptions", { method: "POST", body: { ...subscription.toJSON(), name: deviceName() } });
  if (!answer.ok) throw new Error(problemText(answer));
  try { localStorage.setItem(deviceKey, answer.data.id); } catch { /* private mode: removing it then needs the list */ }
  return answer;
}

async function refresh() {
  if (!supported) {
    if (isAppleMobile && !isStandalone) {
      document.getElementById("push-ios").hidden = false;
      show("This browser gets notifications only from Hearth on the Home Screen.");
    } else {
      show("This browser cannot get notifications.");
    }
    return;
  }
  if (Notification.permission === "denied") {
    show("Notifications are blocked for Hearth in this browser's settings. Allow them there, then reload this page.");
    return;
  }
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (subscription && Notification.permission === "granted") {
    // The browser may have renewed its keys meanwhile: the server gets the current ones.
    await save(subscription).catch((error) => fail(error.message));
    show("Notifications are on for this device.", { canDisable: true });
  } else {
    show("Notifications are off for this device.", { canEnable: true });
  }
}

enable.addEventListener("click", async () => {
  fail("");
  enable.disabled = true;
  try {
    if (await Notification.requestPermission() !== "granted") {
      await refresh();
      if (Notification.permission !== "denied") fail("Notifications were not allowed. Tap Enable again to be asked again.");
      return;
    }
    const key = await request("/api/v1/push/key");
    if (!key.ok) throw new Error(problemText(key));
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.data.publicKey });
    const saved = await save(subscription);
    if (saved.status === 201) location.assign("/settings/notifications?notice=saved");
    else await refresh();
  } catch (error) {
    fail(error.message || "Notifications could not be turned on. Try again.");
  } finally {
    enable.disabled = false;
  }
});

disable.addEventListener("click", async () => {
  fail("");
  try {
    await forgetThisDevice();
    location.assign("/settings/notifications?notice=saved");
  } catch (error) {
    fail(error.message || "Notifications could not be turned off. Try again.");
  }
});

refresh().catch(() => show("Could not check this browser's notifications. Reload the page to try again."));
