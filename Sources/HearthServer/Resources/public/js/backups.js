// Hearth Settings → Backups: a restore is previewed (dryRun) before it runs, and both say what
// they do in words.

import { problemText } from "./api.js";
import { upload, oversized } from "./inventory-upload.js";

const section = document.getElementById("restore");
const form = document.getElementById("restore-form");
const fileInput = document.getElementById("restore-file");
const passphraseField = document.getElementById("restore-passphrase-field");
const passphraseInput = document.getElementById("restore-passphrase");
const progress = document.getElementById("restore-progress");
const status = document.getElementById("restore-status");
const report = document.getElementById("restore-report");
const title = document.getElementById("restore-report-title");
const counts = document.getElementById("restore-counts");
const warnings = document.getElementById("restore-warnings");
const runButton = document.getElementById("restore-run");
const cancelButton = document.getElementById("restore-cancel");

const kinds = [["items", "Items"], ["photos", "Photos"], ["documents", "Documents"], ["receipts", "Receipts"], ["rooms", "Rooms"], ["categories", "Categories"],
  ["claims", "Claims"], ["lists", "Shopping lists"], ["sessions", "Focus sessions"]];
const verbs = [["added", "added"], ["updated", "updated"], ["skipped", "skipped (already here)"], ["removed", "removed first"]];

/** Whether the chosen file is an encrypted backup (`….zip.enc`), which needs its passphrase. */
function encrypted() {
  return fileInput.files?.[0]?.name.toLowerCase().endsWith(".enc") ?? false;
}

function strategy() {
  return form.querySelector('input[name="strategy"]:checked')?.value ?? "merge";
}

/** Lists what a restore does (or would do), one line per kind of record. */
function show(data, dryRun) {
  title.textContent = dryRun ? `What a ${data.strategy} will change` : `Restored (${data.strategy})`;
  counts.replaceChildren();
  for (const [key, label] of kinds) {
    const parts = verbs.filter(([verb]) => data[key][verb] > 0).map(([verb, words]) => `${data[key][verb]} ${words}`);
    if (parts.length === 0) continue;
    const line = document.createElement("li");
    line.textContent = `${label}: ${parts.join(", ")}`;
    counts.append(line);
  }
  if (counts.childElementCount === 0) counts.append(Object.assign(document.createElement("li"), { textContent: "Nothing to change." }));
  warnings.replaceChildren(...data.warnings.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  runButton.hidden = !dryRun;
  cancelButton.textContent = dryRun ? "Cancel" : "Done";
  report.hidden = false;
}

async function send(dryRun) {
  const files = fileInput.files;
  if (!files?.length) return;
  const tooBig = oversized(files, Number(section.dataset.maxMb));
  if (tooBig) {
    status.textContent = tooBig;
    return;
  }
  progress.hidden = false;
  progress.value = 0;
  status.textContent = dryRun ? "Reading the backup…" : "Restoring…";
  const url = `/api/v1/backup/restore?strategy=${strategy()}&dryRun=${dryRun}`;
  const fields = encrypted() ? { passphrase: passphraseInput.value } : {};
  const result = await upload(url, files, (fraction) => { progress.value = Math.round(fraction * 100); }, fields);
  progress.hidden = true;
  if (!result.ok) {
    if (result.data?.type === CONFIRMATION_NEEDED) return askToConfirm();
    report.hidden = true;
    status.textContent = problemText(result);
    return;
  }
  status.textContent = dryRun ? "Nothing has changed yet." : "Done. Your inventory shows the restored backup.";
  show(result.data, dryRun);
}

// Downloading and restoring need this browser to have confirmed it is you in the last 10 minutes;
// a page left open longer asks again instead of starting what the server would refuse.
const CONFIRMATION_NEEDED = "urn:hearth:problem:confirmation-needed";
// Counted from when the page loaded, by this device's clock, whatever the server's clock says.
const confirmedUntil = Date.now() + 1000 * Number(document.getElementById("backups-title").dataset.confirmationSecondsLeft);

function askToConfirm() {
  location.assign("/confirm?next=/settings/backups");
}

for (const link of document.querySelectorAll("#download a, a.backup-file")) {
  link.addEventListener("click", (event) => {
    if (Date.now() < confirmedUntil) return;
    event.preventDefault();
    askToConfirm();
  });
}

form?.addEventListener("submit", (event) => {
  event.preventDefault();
  send(true);
});
runButton?.addEventListener("click", () => {
  if (strategy() === "replace" && !confirm("Replace clears the items, receipts and the rooms and categories you added before restoring. Go on?")) return;
  send(false);
});
cancelButton?.addEventListener("click", () => {
  report.hidden = true;
  status.textContent = "";
});
fileInput?.addEventListener("change", () => {
  report.hidden = true;
  status.textContent = "";
  passphraseField.hidden = !encrypted();
  passphraseInput.required = encrypted();
});
