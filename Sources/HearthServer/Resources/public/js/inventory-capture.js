// Hearth Inventory: the capture page. Photo mode makes an item from photos in one step and opens
// it for the details; receipt mode uploads a receipt for the server to read; barcode mode decodes a
// code (live with the browser's BarcodeDetector where there is one, else from a photo on the server)
// and says whether the household owns it already.

import { request, problemText } from "./api.js";
import { upload, oversized, createItem, addPhotos } from "./inventory-upload.js";

const status = document.getElementById("capture-status");
const progress = document.getElementById("capture-progress");
const errorBox = document.getElementById("capture-error");
const section = document.querySelector("section.capture");
const maxMB = Number(section?.dataset.maxMb ?? 25);

function fail(text) {
  errorBox.textContent = text;
  errorBox.hidden = false;
  status.textContent = "";
}

// ---------- Photo: an item in one step ----------
async function captureItem(files) {
  if (!files.length) return;
  errorBox.hidden = true;
  const tooBig = oversized(files, maxMB);
  if (tooBig) { fail(tooBig); return; }
  const name = document.getElementById("capture-name").value.trim() || "New item";
  const room = document.getElementById("capture-room").value;
  status.textContent = "Making the item…";
  const created = await createItem(room ? { name, roomId: room } : { name });
  if (!created.ok) { fail(problemText(created)); return; }
  const uploaded = await addPhotos(created.data.id, [...files], { progress, status });
  if (!uploaded.ok) {
    fail(`${problemText(uploaded)} The item was made without photos: add them on its page.`);
    return;
  }
  location.assign(`/inventory/items/${created.data.id}/edit?photos=${files.length}`);
}

for (const id of ["capture-camera", "capture-files"]) {
  document.getElementById(id)?.addEventListener("change", (event) => captureItem(event.target.files));
}

// ---------- Receipt: read on the server ----------
async function captureReceipt(files) {
  if (!files.length) return;
  errorBox.hidden = true;
  const tooBig = oversized(files, maxMB);
  if (tooBig) { fail(tooBig); return; }
  progress.hidden = false;
  status.textContent = "Uploading the receipt…";
  const result = await upload("/api/v1/inventory/receipts", [files[0]], (fraction) => { progress.value = Math.round(fraction * 100); });
  progress.hidden = true;
  if (!result.ok) { fail(problemText(result)); return; }
  // From an item's "Add a receipt": the receipt's page offers to link it to that item.
  const item = new URLSearchParams(location.search).get("item");
  location.assign(`/inventory/receipts/${result.data.id}${item ? `?item=${encodeURIComponent(item)}` : ""}`);
}

for (const id of ["receipt-camera", "receipt-files"]) {
  document.getElementById(id)?.addEventListener("change", (event) => captureReceipt(event.target.files));
}

// ---------- Barcode: owned already, or a new item ----------
const result = document.getElementById("barcode-result");

function show(lookup) {
  result.replaceChildren();
  if (!lookup.codes.length) { status.textContent = "No barcode found in the photo. Hold it closer and straight, in good light."; return; }
  const code = lookup.codes[0];
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
