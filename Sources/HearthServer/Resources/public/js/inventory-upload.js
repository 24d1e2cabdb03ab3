// Hearth Inventory: sends files to the API as multipart parts named `file`, with progress, and
// makes items in one step from the capture page.

import { newId, request, problemText } from "./api.js";

const csrfToken = document.querySelector('meta[name="csrf-token"]')?.content ?? "";

/**
 * Posts `files` to `url` as parts named `file`, after a part for each of `fields`; `onProgress(fraction)`
 * hears how far the upload is. Never throws: resolves to { ok, status, data } like `request`.
 */
export function upload(url, files, onProgress = () => {}, fields = {}) {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append("file", file, file.name || "photo.jpg");
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("X-CSRF-Token", csrfToken);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => { if (event.lengthComputable) onProgress(event.loaded / event.total); });
    xhr.addEventListener("load", () => {
      let data = null;
      try { data = JSON.parse(xhr.responseText); } catch { /* not JSON: the status says enough */ }
      resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, data });
    });
    xhr.addEventListener("error", () => resolve({ ok: false, status: 0, data: null }));
    xhr.send(form);
  });
}

/** Whether any file is over the server's limit (in MB); says which in `problem`. */
export function oversized(files, maxMB) {
  const big = [...files].find((file) => file.size > maxMB * 1024 * 1024);
  return big ? `“${big.name}” is larger than ${maxMB} MB; choose a smaller photo.` : null;
}

/** Uploads photos of an item (with `ids`, one per file, an upload sent again adds each once), showing progress in `progress` and words in `status`. */
export async function addPhotos(itemId, files, { progress, status, ids = null }) {
  progress.hidden = false;
  progress.value = 0;
  status.textContent = files.length === 1 ? "Uploading the photo…" : `Uploading ${files.length} photos…`;
  const query = ids ? `?ids=${ids.join(",")}` : "";
  const result = await upload(`/api/v1/inventory/items/${itemId}/photos${query}`, files, (fraction) => {
    progress.value = Math.round(fraction * 100);
    if (fraction >= 1) status.textContent = "Making thumbnails…";
  });
  progress.hidden = true;
  status.textContent = result.ok ? "" : problemText(result);
  return result;
}

/** The outbox entry that uploads `photos` of an item, with their `ids`, once the connection is back. */
export function photoUpload(itemId, photos, ids, itemName) {
  return {
    url: `/api/v1/inventory/items/${itemId}/photos?ids=${ids.join(",")}`, method: "POST",
    files: photos.map((file, index) => ({ blob: file, name: file.name || `photo-${index + 1}.jpg` })),
    label: `uploading ${photos.length === 1 ? "a photo" : `${photos.length} photos`} of ${itemName}`,
  };
}

/** Makes a new item (retries are safe: the id is chosen here, or by the caller). */
export async function createItem(fields) {
  return request("/api/v1/inventory/items", { method: "POST", body: { id: newId(), ...fields } });
}
