// Hearth Inventory: an item's page. Photos are added (camera or gallery, several at once), made
// primary or deleted through the API; the page then loads again to show them.

import { request, problemText } from "./api.js";
import { addPhotos, oversized } from "./inventory-upload.js";

const page = document.getElementById("item-page");
const itemId = page?.dataset.itemId;
const status = document.getElementById("photo-status");
const progress = document.getElementById("photo-progress");

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
  const url = `/api/v1/inventory/items/${itemId}/photos/${button.dataset.photoId}`;
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
