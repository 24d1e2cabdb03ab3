// Hearth Inventory: the item form. Saving goes through the outbox to PUT /api/v1/inventory/items/{id}
// (the fields as typed, with the time of the edit), so it works without a connection too: the
// item's page then shows the edit as not saved yet, and it is sent when the connection is back. The
// server reads the fields by the form's own rules; what it refuses is shown here, on the form. Of
// two devices editing the item offline, the later edit stands (the server says so for the other).
// A new item's photos come first on the form: they upload once the item is saved, or wait in the
// outbox with it. "More details" opens by itself for a field asked for in the address.

import { newId } from "./api.js";
import { messageLine } from "./message-line.js";
import { pending, queue, sendNow } from "./outbox.js";
import { addPhotos, oversized, photoUpload } from "./inventory-upload.js";

const form = document.getElementById("item-form");
const existingId = form?.getAttribute("action").match(/\/inventory\/items\/([0-9a-f-]{36})$/i)?.[1]?.toUpperCase();
const itemId = existingId ?? newId(); // one id per new-item form: a second tap on Save cannot make a second item

/** The API's name of a form field and back: purchase_price ⇄ purchasePrice. */
const apiName = (name) => name.replace(/_(\w)/g, (_, letter) => letter.toUpperCase());
const formName = (name) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The form's fields as typed, by their API names. */
function typedFields() {
  const fields = {};
  for (const [name, value] of new FormData(form)) {
    if (name !== "csrf_token" && typeof value === "string") fields[apiName(name)] = value;
  }
  return fields;
}

/** Fills the form with an edit of this item not sent yet, so that a second edit starts from the first. */
async function showWaitingEdit() {
  const waitingEdits = (await pending(`/api/v1/inventory/items/${itemId}`)).filter((entry) => entry.method === "PUT");
  const last = waitingEdits.at(-1);
  if (!last) return;
  for (const [name, value] of Object.entries(last.body)) {
    const field = form.elements.namedItem(formName(name));
    if (field && "value" in field) field.value = value;
  }
  messageLine("form-waiting", { place: (line) => form.before(line) }).textContent =
    "This form shows your last edit, not saved yet: it is sent when the connection is back.";
}

function showError(text) {
  const line = messageLine("form-error", { className: "error", role: "alert", place: (box) => form.before(box) });
  line.textContent = text;
  line.scrollIntoView({ block: "center" });
}

async function save(event) {
  event.preventDefault();
  if (!form.reportValidity()) return;
  const button = document.getElementById("save-item");
  button.disabled = true;
  const body = { ...typedFields(), changedAt: new Date().toISOString() };
  const page = `/inventory/items/${itemId}`;
  const tooBig = oversized(photos, maxMB);
  if (tooBig) { showError(tooBig); button.disabled = false; return; }
  try {
    const { outcome, result } = await sendNow({ url: `/api/v1${page}`, method: "PUT", body, label: `${existingId ? "saving" : "adding"} ${body.name.trim() || "an item"}` });
    if (outcome === "waiting") {
      await keepPhotos(body.name); // no connection: the item's page shows the item and its photos as waiting
      location.href = page;
    } else if (outcome === "done") {
      if (photos.length && !(await sendPhotos(body.name))) { button.disabled = false; return; }
      location.href = `${page}?notice=${existingId ? "saved" : "item-added"}`;
    } else showError(result.data?.detail ?? `The server refused this edit (${result.status}).`);
  } catch (error) {
    showError(error.message);
  }
  button.disabled = false;
}

// ---------- A new item's photos ----------
const photoInput = document.getElementById("form-photo-files");
const photoIds = [];
const photos = [];
const maxMB = Number(document.querySelector("[data-max-mb]")?.dataset.maxMb ?? 25);

function showPhotos() {
  const strip = document.getElementById("form-photo-strip");
  for (const image of strip.querySelectorAll("img")) URL.revokeObjectURL(image.src);
  strip.replaceChildren(...photos.map((file) => {
    const item = document.createElement("li");
    item.className = "photo";
    item.append(Object.assign(document.createElement("img"), { src: URL.createObjectURL(file), alt: "" }));
    return item;
  }));
  document.getElementById("form-photo-button").firstChild.textContent = photos.length ? "Add more photos" : "Add photos";
}

/** Uploads the photos to the saved item; without a connection they wait in the outbox. False when refused. */
async function sendPhotos(name) {
  const status = document.getElementById("form-photo-status");
  const progress = Object.assign(document.createElement("progress"), { max: 100, hidden: true });
  status.before(progress);
  const uploaded = await addPhotos(itemId, photos, { progress, status, ids: photoIds });
  if (uploaded.status === 0) { await keepPhotos(name); return true; }
  if (!uploaded.ok) showError(`${status.textContent} The item was saved without its photos: add them on its page.`);
  return uploaded.ok;
}

function keepPhotos(name) {
  if (!photos.length) return Promise.resolve();
  return queue([photoUpload(itemId, photos, photoIds, name.trim() || "an item")]);
}

if (photoInput) {
  document.getElementById("form-photos").hidden = false;
  photoInput.addEventListener("change", () => {
    for (const file of photoInput.files) { photos.push(file); photoIds.push(newId()); }
    photoInput.value = "";
    showPhotos();
  });
}

// ---------- More details: open for a field the address or the browser's checks point at ----------
const more = document.getElementById("more-details");
function openFor(field) {
  if (more && field && more.contains(field)) more.open = true;
}
openFor(location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1))));
form?.addEventListener("invalid", (event) => openFor(event.target), true);

if (form) {
  form.addEventListener("submit", save);
  showWaitingEdit();
}
