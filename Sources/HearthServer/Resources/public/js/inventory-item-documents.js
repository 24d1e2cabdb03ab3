// Hearth Inventory: an item's documents. A PDF or picture is attached with its kind (manual,
// warranty, appraisal, receipt, other) through the API, with progress; a document is renamed, given
// another kind or deleted there too. The page then loads again to show the server's list.

import { newId, request, problemText } from "./api.js";
import { upload, oversized } from "./inventory-upload.js";

const page = document.getElementById("item-page");
const itemId = page?.dataset.itemId?.toUpperCase();
const apiURL = `/api/v1/inventory/items/${itemId}/documents`;
const status = document.getElementById("document-status");
const progress = document.getElementById("document-progress");

document.getElementById("document-file")?.addEventListener("change", async (event) => {
  const input = event.target;
  const file = input.files[0];
  if (!file) return;
  const tooBig = oversized([file], 25);
  if (tooBig) { status.textContent = tooBig; return; }
  const kind = document.getElementById("document-kind").value;
  input.disabled = true;
  progress.hidden = false;
  progress.value = 0;
  status.textContent = `Uploading “${file.name}”…`;
  // The id is chosen here, so the same upload sent again adds the document once.
  const result = await upload(`${apiURL}?kind=${encodeURIComponent(kind)}&id=${newId()}`, [file], (fraction) => {
    progress.value = Math.round(fraction * 100);
    if (fraction >= 1) status.textContent = "Reading it…";
  });
  progress.hidden = true;
  input.disabled = false;
  input.value = "";
  if (result.ok) { location.reload(); return; }
  status.textContent = problemText(result);
});

document.getElementById("documents")?.addEventListener("submit", async (event) => {
  const form = event.target.closest("form.edit-document");
  if (!form) return;
  event.preventDefault();
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  const body = { title: form.elements.title.value, kind: form.elements.kind.value };
  const result = await request(`${apiURL}/${form.dataset.documentId}`, { method: "PATCH", body });
  if (result.ok) { location.reload(); return; }
  button.disabled = false;
  status.textContent = problemText(result);
});

document.getElementById("documents")?.addEventListener("click", async (event) => {
  const button = event.target.closest("button.delete-document");
  if (!button) return;
  if (!confirm("Delete this document? This cannot be undone.")) return;
  button.disabled = true;
  const result = await request(`${apiURL}/${button.dataset.documentId}`, { method: "DELETE" });
  if (result.ok) { location.reload(); return; }
  button.disabled = false;
  status.textContent = problemText(result);
});
