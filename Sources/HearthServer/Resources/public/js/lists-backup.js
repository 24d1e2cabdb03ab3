// Hearth Settings → Lists backup: a revision of the gist is previewed (dryRun) before it is
// restored, through the API, and both say what they do in words.

import { counted } from "./counted.js";
import { request, problemText } from "./api.js";

const form = document.getElementById("gist-restore-form");
const passphraseField = document.getElementById("gist-restore-passphrase-field");
const passphrase = document.getElementById("gist-restore-passphrase");
const status = document.getElementById("gist-restore-status");
const report = document.getElementById("gist-restore-report");
const title = document.getElementById("gist-restore-title");
const counts = document.getElementById("gist-restore-counts");
const warnings = document.getElementById("gist-restore-warnings");
const runButton = document.getElementById("gist-restore-run");
const cancelButton = document.getElementById("gist-restore-cancel");

function chosen() {
  return form.querySelector('input[name="revision"]:checked');
}

function strategy() {
  return form.querySelector('input[name="strategy"]:checked')?.value ?? "merge";
}

/** The passphrase field shows for Hearth's own (encrypted) revisions only. */
function showPassphrase() {
  const encrypted = chosen()?.dataset.encrypted === "true";
  passphraseField.hidden = !encrypted;
  passphrase.required = encrypted;
}

function show(data, dryRun) {
  title.textContent = dryRun ? `What a ${data.strategy} will change` : `Restored (${data.strategy})`;
  const lists = data.lists;
  const parts = [["added", lists.added], ["skipped (already here)", lists.skipped], ["removed first", lists.removed]]
    .filter(([, count]) => count > 0).map(([words, count]) => `${count} ${words}`);
  counts.replaceChildren(
    Object.assign(document.createElement("li"), { textContent: `Lists: ${parts.join(", ") || "nothing to change"}` }),
    Object.assign(document.createElement("li"), { textContent: `The revision holds ${counted(data.items, "item")}.` }));
  warnings.replaceChildren(...data.warnings.map((text) => Object.assign(document.createElement("li"), { textContent: text })));
  runButton.hidden = !dryRun;
  cancelButton.textContent = dryRun ? "Cancel" : "Done";
  report.hidden = false;
}

async function send(dryRun) {
  const revision = chosen()?.value;
  if (!revision) return;
  status.textContent = dryRun ? "Reading the revision…" : "Restoring…";
  const body = { revision, strategy: strategy(), dryRun };
  if (!passphraseField.hidden) body.passphrase = passphrase.value;
  if (form.dataset.gist) body.gist = form.dataset.gist;
  const result = await request("/api/v1/lists/gist/restore", { method: "POST", body });
  if (!result.ok) {
    report.hidden = true;
    status.textContent = problemText(result);
    return;
  }
  status.textContent = dryRun ? "Nothing has changed yet." : "Done. Your lists show the restored revision.";
  show(result.data, dryRun);
}

form?.addEventListener("change", () => {
  showPassphrase();
  report.hidden = true;
});
form?.addEventListener("submit", (event) => {
  event.preventDefault();
  send(true);
});
runButton?.addEventListener("click", () => {
  if (strategy() === "replace" && !confirm("Replace deletes the household's lists before restoring. Go on?")) return;
  send(false);
});
cancelButton?.addEventListener("click", () => {
  report.hidden = true;
  status.textContent = "";
});
if (form) showPassphrase();
