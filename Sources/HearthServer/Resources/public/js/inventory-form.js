// Hearth Inventory: the item form. Saving goes through the outbox to PUT /api/v1/inventory/items/{id}
// (the fields as typed, with the time of the edit), so it works without a connection too: the
// item's page then shows the edit as not saved yet, and it is sent when the connection is back. The
// server reads the fields by the form's own rules; what it refuses is shown here, on the form. Of
// two devices editing the item offline, the later edit stands (the server says so for the other).

import { newId } from "./api.js";
import { messageLine } from "./message-line.js";
import { pending, sendNow } from "./outbox.js";

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
  try {
    const { outcome, result } = await sendNow({ url: `/api/v1${page}`, method: "PUT", body, label: `${existingId ? "saving" : "adding"} ${body.name.trim() || "an item"}` });
    if (outcome === "waiting") location.href = page; // no connection: the item's page shows the edit as waiting
    else if (outcome === "done") location.href = `${page}?notice=${existingId ? "saved" : "item-added"}`;
    else showError(result.data?.detail ?? `The server refused this edit (${result.status}).`);
  } catch (error) {
    showError(error.message);
  }
  button.disabled = false;
}

if (form) {
  form.addEventListener("submit", save);
  showWaitingEdit();
}
