// Hearth Inventory: the capture page. Photo mode makes an item from photos in one step and opens
// it for the details; receipt mode uploads a receipt for the server to read; barcode mode decodes a
// code (live with the browser's BarcodeDetector where there is one, else from a photo on the server):
// a Hearth label or an asset id opens its item
// and says whether the household owns it already.

import { newId, request, problemText } from "./api.js";
import { upload, oversized, createItem, addPhotos, photoUpload } from "./inventory-upload.js";
import { keepCopies, queue, readCopy } from "./outbox.js";

const shell = document.documentElement.dataset.shell === "true";
if (shell) keepAskedMode();

const status = document.getElementById("capture-status");
const progress = document.getElementById("capture-progress");
const errorBox = document.getElementById("capture-error");
const section = document.querySelector("section.capture");
const maxMB = Number(section?.dataset.maxMb ?? 25);

/** A capture page opened without a connection holds the Photo and Receipt modes: the one asked for stays. */
function keepAskedMode() {
  const asked = new URLSearchParams(location.search).get("mode") ?? "photo";
  for (const mode of ["photo", "receipt", "barcode"]) {
    document.getElementById(`mode-${mode}`)?.toggleAttribute("aria-current", mode === asked);
    if (mode !== asked) document.getElementById(`capture-${mode}`)?.remove();
  }
  if (!document.querySelector("section.capture")) {
    const note = document.getElementById("capture-error");
    note.textContent = "Looking up a barcode needs a connection: the server reads it and searches your inventory.";
    note.hidden = false;
  }
}

function fail(text) {
  errorBox.textContent = text;
  errorBox.hidden = false;
  status.textContent = "";
}

// ---------- Photo: an item in one step ----------
// With a connection the photos upload with a progress bar and the item opens for its details.
// Without one (a basement), the item and its photos wait in this device's outbox and are sent when
// the connection is back; their ids are chosen here, so nothing is made twice on the way.
async function captureItem(files) {
  if (!files.length) return;
  errorBox.hidden = true;
  const tooBig = oversized(files, maxMB);
  if (tooBig) { fail(tooBig); return; }
  const name = document.getElementById("capture-name").value.trim() || "New item";
  const room = document.getElementById("capture-room").value;
  const item = { id: newId(), name, ...(room ? { roomId: room } : {}) };
  const photoIds = [...files].map(() => newId());
  const photos = [...files];
  if (!navigator.onLine) { await keepForLater(item, photos, photoIds, true); return; }
  status.textContent = "Making the item…";
  const created = await createItem(item);
  if (created.status === 0) { await keepForLater(item, photos, photoIds, true); return; }
  if (!created.ok) { fail(problemText(created)); return; }
  const uploaded = await addPhotos(created.data.id, photos, { progress, status, ids: photoIds });
  if (uploaded.status === 0) { await keepForLater(item, photos, photoIds, false); return; }
  if (!uploaded.ok) {
    fail(`${problemText(uploaded)} The item was made without photos: add them on its page.`);
    return;
  }
  location.assign(`/inventory/items/${created.data.id}/edit?photos=${files.length}`);
}

/** Puts the item (unless it was made already) and its photos in the outbox, and says so. */
function keepForLater(item, photos, photoIds, withItem) {
  const entries = [
    ...(withItem ? [{ url: "/api/v1/inventory/items", method: "POST", body: item, creates: item.id, label: `making the item ${item.name}` }] : []),
    photoUpload(item.id, photos, photoIds, item.name),
  ];
  const kept = `“${item.name}” and ${photos.length === 1 ? "its photo are" : `its ${photos.length} photos are`} kept on this device and sent when the connection is back. Take the next one.`;
  document.getElementById("capture-name").value = "";
  return queueCapture(entries, kept, ["capture-camera", "capture-files"]);
}

/** Queues what was captured without a connection, says what happens to it, and readies the inputs for the next one. */
async function queueCapture(entries, kept, inputIds) {
  try {
    await queue(entries);
  } catch (error) {
    fail(error.message);
    return;
  }
  progress.hidden = true;
  status.textContent = `No connection: ${kept}`;
  for (const id of inputIds) document.getElementById(id).value = "";
}

for (const id of ["capture-camera", "capture-files"]) {
  document.getElementById(id)?.addEventListener("change", (event) => captureItem(event.target.files));
}

// The rooms, kept for a capture page opened without a connection (it has none of its own).
const roomMenu = document.getElementById("capture-room");
if (roomMenu && document.documentElement.dataset.shell === "true") {
  readCopy("rooms").then((rooms) => {
    for (const { value, title } of rooms ?? []) roomMenu.append(new Option(title, value));
  });
} else if (roomMenu) {
  keepCopies({ rooms: [...roomMenu.options].filter((option) => option.value).map((option) => ({ value: option.value, title: option.text })) });
}

// ---------- Receipt: read on the server ----------
async function captureReceipt(files) {
  if (!files.length) return;
  errorBox.hidden = true;
  const tooBig = oversized(files, maxMB);
  if (tooBig) { fail(tooBig); return; }
  const url = `/api/v1/inventory/receipts?id=${newId()}`; // sent again, it makes one receipt
  const file = files[0];
  if (!navigator.onLine) { await keepReceiptForLater(url, file); return; }
  progress.hidden = false;
  status.textContent = "Uploading the receipt…";
  const result = await upload(url, [file], (fraction) => { progress.value = Math.round(fraction * 100); });
  progress.hidden = true;
  if (result.status === 0) { await keepReceiptForLater(url, file); return; }
  if (!result.ok) { fail(problemText(result)); return; }
  // From an item's "Add a receipt": the receipt's page offers to link it to that item.
  const item = new URLSearchParams(location.search).get("item");
  location.assign(`/inventory/receipts/${result.data.id}${item ? `?item=${encodeURIComponent(item)}` : ""}`);
}

function keepReceiptForLater(url, file) {
  return queueCapture([{ url, method: "POST", files: [{ blob: file, name: file.name || "receipt.jpg" }], label: "uploading a receipt" }],
    "the receipt is kept on this device, and read when the connection is back (Inventory → Receipts).", ["receipt-camera", "receipt-files"]);
}

for (const id of ["receipt-camera", "receipt-files"]) {
  document.getElementById(id)?.addEventListener("change", (event) => captureReceipt(event.target.files));
}

// ---------- Barcode: owned already, or a new item ----------
const result = document.getElementById("barcode-result");

// A Hearth label's QR code: the address of an item's page, on whatever server address it was printed with.
const LABEL = /^\s*(?:https?:\/\/[^/\s]+(?:\/[^\s]*?)?|)\/inventory\/items\/([0-9a-fA-F-]{36})(?:[/?#]\S*)?\s*$/;
const ASSET_ID = /^\d{3,5}-\d{3}$/;

function openItem(item) {
  status.textContent = `Opening ${item.name}…`;
  location.assign(`/inventory/items/${item.id}`);
}

const NOT_OURS = "This label is of an item that is not in your household's inventory, or is in Recently deleted.";

function show(lookup) {
  result.replaceChildren();
  if (lookup.labelled) { openItem(lookup.labelled); return; }
  if (!lookup.codes.length) { status.textContent = "No barcode found in the photo. Hold it closer and straight, in good light."; return; }
  const code = lookup.codes[0];
  if (LABEL.test(code.text)) { status.textContent = NOT_OURS; return; }
  status.textContent = `${code.symbology}: ${code.text}`;
  const add = document.createElement("a");
  add.className = "button primary";
  add.id = "barcode-add";
  add.href = `/inventory/items/new?barcode=${encodeURIComponent(code.text)}`;
  if (lookup.owned.length) {
    const owned = lookup.owned[0];
    const line = document.createElement("p");
    line.id = "barcode-owned";
    line.append("You already have ");
    const link = document.createElement("a");
    link.href = `/inventory/items/${owned.id}`;
    link.textContent = owned.name;
    line.append(link, lookup.owned.length > 1 ? ` and ${lookup.owned.length - 1} more like it.` : ".");
    const another = document.createElement("form");
    another.method = "post";
    another.action = `/inventory/items/${owned.id}/duplicate`;
    another.innerHTML = `<input type="hidden" name="csrf_token"><button type="submit" class="primary" id="barcode-another">Add another</button>`;
    another.querySelector("input").value = document.querySelector('meta[name="csrf-token"]').content;
    result.append(line, another);
  } else {
    add.textContent = "Add it as a new item";
    result.append(add);
  }
}

async function lookUp(text) {
  const label = LABEL.exec(text);
  if (label) {
    // As the server reads a photographed label: only the household's items outside Recently deleted.
    const item = await request(`/api/v1/inventory/items/${label[1]}`);
    if (item.ok) openItem(item.data); else status.textContent = NOT_OURS;
    return;
  }
  if (ASSET_ID.test(text)) {
    const found = await request(`/api/v1/inventory/items?q=${encodeURIComponent(text)}&status=all&limit=1`);
    if (found.ok && found.data.items.length) { openItem(found.data.items[0]); return; }
  }
  const answer = await request(`/api/v1/inventory/items?barcode=${encodeURIComponent(text)}&limit=5`);
  if (!answer.ok) { fail(problemText(answer)); return; }
  show({ codes: [{ symbology: "Code", text }], owned: answer.data.items });
}

document.getElementById("barcode-camera")?.addEventListener("change", async (event) => {
  const files = event.target.files;
  if (!files.length) return;
  errorBox.hidden = true;
  status.textContent = "Reading the code…";
  const answer = await upload("/api/v1/inventory/barcode", [files[0]]);
  if (!answer.ok) { fail(problemText(answer)); return; }
  show(answer.data);
});

document.getElementById("barcode-form")?.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = document.getElementById("barcode-text").value.trim();
  if (text) lookUp(text);
});

// Live scanning where the browser can decode codes itself.
const liveButton = document.getElementById("barcode-live");
if (liveButton && "BarcodeDetector" in window && navigator.mediaDevices?.getUserMedia) {
  liveButton.hidden = false;
  liveButton.addEventListener("click", async () => {
    const video = document.getElementById("barcode-video");
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    } catch {
      fail("The camera is not available; photograph the code instead.");
      return;
    }
    video.srcObject = stream;
    video.hidden = false;
    await video.play();
    const detector = new window.BarcodeDetector({ formats: ["ean_13", "upc_a", "code_128", "qr_code"] });
    const scan = async () => {
      const codes = await detector.detect(video).catch(() => []);
      if (codes.length) {
        stream.getTracks().forEach((track) => track.stop());
        video.hidden = true;
        lookUp(codes[0].rawValue);
      } else {
        requestAnimationFrame(scan);
      }
    };
    scan();
  });
}
