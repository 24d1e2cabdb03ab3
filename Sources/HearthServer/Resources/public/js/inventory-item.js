// Hearth Inventory: an item's page. Photos are added (camera or gallery, several at once), made
// primary or deleted through the API; the page then loads again to show them. Moving and deleting
// the item go through the outbox, so they work without a connection too: the page then says what
// is not saved yet, and shows the server's item again once it is.

import { request, problemText } from "./api.js";
import { addPhotos, oversized } from "./inventory-upload.js";
import { messageLine } from "./message-line.js";
import { dismissRefused, onOutcome, pending, sendNow } from "./outbox.js";

const page = document.getElementById("item-page");
const itemId = page?.dataset.itemId?.toUpperCase();
const apiURL = `/api/v1/inventory/items/${itemId}`;
const shell = document.documentElement.dataset.shell === "true";
const status = document.getElementById("photo-status");
const progress = document.getElementById("photo-progress");

// ---------- photos (with a connection: the capture page keeps photos taken offline) ----------

async function send(files) {
  if (!files.length) return;
  const tooBig = oversized(files, 25);
  if (tooBig) { status.textContent = tooBig; return; }
  const result = await addPhotos(itemId, [...files], { progress, status });
  if (result.ok) location.reload();
}

for (const id of ["photo-camera", "photo-files"]) {
  document.getElementById(id)?.addEventListener("change", (event) => send(event.target.files));
}

document.getElementById("photos")?.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-photo-id]");
  if (!button) return;
  const url = `${apiURL}/photos/${button.dataset.photoId}`;
  const deleting = !button.classList.contains("make-primary");
  if (deleting && !confirm("Delete this photo? This cannot be undone.")) return;
  button.disabled = true;
  const result = deleting
    ? await request(url, { method: "DELETE" })
    : await request(url, { method: "PATCH", body: { position: 1 } });
  if (result.ok) { location.reload(); return; }
  button.disabled = false;
  status.textContent = problemText(result);
});

// ---------- moving and deleting, also offline ----------

const underHeader = (line) => page.querySelector(".item-header").after(line);

function showError(text) {
  messageLine("item-error", { className: "error", role: "alert", place: underHeader }).textContent = text;
}

const itemName = () => document.getElementById("item-name")?.textContent.trim() ?? "the item";

let changing = false; // this page's own change: it says the outcome itself

/** Sends one change of this item; `done` runs once the server has it. */
async function change(form, entry, done) {
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  changing = true;
  const { outcome, result } = await sendNow(entry).catch((error) => ({ outcome: "refused", result: { data: { detail: error.message } } }));
  if (outcome === "done") done();
  else if (outcome === "refused") showError(result.data?.detail ?? `The server refused this (${result.status}).`);
  else showWaiting();
  button.disabled = false;
  changing = outcome === "done"; // leaving the page
}

document.querySelector("form.move-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const select = document.getElementById("move-room");
  const roomId = select.value;
  const changedAt = new Date().toISOString();
  const room = select.selectedOptions[0]?.textContent ?? "no room";
  change(event.target, {
    url: apiURL, method: "PATCH", body: roomId ? { roomId, changedAt } : { clear: ["roomId"], changedAt },
    label: `moving ${itemName()} to ${room}`,
  }, () => { location.href = `/inventory/items/${itemId}?notice=saved`; });
});

document.getElementById("delete-item")?.form.addEventListener("submit", (event) => {
  event.preventDefault();
  change(event.target, { url: apiURL, method: "DELETE", label: `deleting ${itemName()}` },
    () => { location.href = `/inventory?deleted=${itemId}`; });
});

/** Says which changes of this item are not saved yet; the name shows the last edit waiting. */
async function showWaiting() {
  const waiting = await pending(apiURL);
  if (waiting.length === 0) { document.getElementById("item-waiting")?.remove(); return; }
  const labels = [...new Set(waiting.map((entry) => entry.label))];
  messageLine("item-waiting", { place: underHeader }).textContent = `Not saved yet: ${labels.join("; ")}. Sent when the connection is back.`;
  const edit = waiting.filter((entry) => entry.method === "PUT").at(-1);
  if (edit) document.getElementById("item-name").textContent = edit.body.name;
}

if (page) {
  if (shell) {
    // Without a connection: adding photos (the capture page keeps them) and copying need the server.
    for (const element of page.querySelectorAll("#add-photos, .photo-actions, #duplicate-item")) element.closest("form, div")?.remove();
  }
  showWaiting();
  onOutcome(async (entry, result, outcome) => {
    if (changing || !entry.url.toUpperCase().startsWith(apiURL.toUpperCase())) return;
    if (outcome === "refused") {
      showError(`Not saved: ${entry.label}. ${result.data?.detail ?? ""}`);
      await dismissRefused(entry.seq);
    }
    if (shell) showWaiting();
    else if ((await pending(apiURL)).length === 0) location.reload(); // the server's item, with what just landed
  });
}
