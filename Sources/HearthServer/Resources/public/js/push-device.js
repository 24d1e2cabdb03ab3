// This browser's notifications device: the id the server gave its subscription, and how to end it
// (Settings → Notifications, and signing out, so the next person on this browser gets none of them).
import { problemText, request } from "./api.js";

export const deviceKey = "hearth.push.device";

/**
 * Ends this browser's subscription and removes the device from the server's list. Without the
 * device's id (storage was cleared), the server drops it at its next push: the push service then
 * answers that the subscription is gone.
 */
export async function forgetThisDevice() {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  await subscription?.unsubscribe();
  let id = null;
  try { id = localStorage.getItem(deviceKey); localStorage.removeItem(deviceKey); } catch { /* private mode: nothing was kept */ }
  if (!id) return;
  const answer = await request(`/api/v1/push/subscriptions/${id}`, { method: "DELETE" });
  if (!answer.ok && answer.status !== 404) throw new Error(problemText(answer));
}

