// Hearth Inventory → Reports: the PDF made with progress and downloaded, and imports previewed
// before they run.

import { followEvents, problemText } from "./api.js";
import { upload } from "./inventory-upload.js";

const reportForm = document.getElementById("report-form");
const reportProgress = document.getElementById("report-progress");
const reportStatus = document.getElementById("report-status");
let waitingFor = null;

followEvents("report", {
  onEvent: (event) => {
    if (event.progress === waitingFor) reportProgress.value = Math.round(event.done * 100);
  },
});

/** The file name the server gave in Content-Disposition. */
function fileName(response, fallback) {
  return /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;
}

function save(blob, name) {
  const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

reportForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const boxes = [...reportForm.querySelectorAll('input[name="room"]')];
  const chosen = boxes.filter((box) => box.checked).map((box) => box.value);
  if (chosen.length === 0) {
    reportStatus.textContent = "Choose at least one room.";
    return;
  }
  waitingFor = crypto.randomUUID();
  const query = new URLSearchParams({
    photos: String(document.getElementById("report-photos").checked),
    sort: document.getElementById("report-sort").value,
    progress: waitingFor,
  });
  if (chosen.length < boxes.length) query.set("rooms", chosen.join(","));
  reportProgress.hidden = false;
  reportProgress.value = 0;
  reportStatus.textContent = "Making the PDF…";
  try {
    const response = await fetch(`/api/v1/inventory/report.pdf?${query}`, { headers: { Accept: "application/pdf" } });
    if (!response.ok) {
      let data = null;
      try { data = await response.json(); } catch { /* the status says enough */ }
      reportStatus.textContent = problemText({ status: response.status, data });
      return;
    }
    const name = fileName(response, "hearth-inventory.pdf");
    save(await response.blob(), name);
    reportStatus.textContent = `Done: ${name} is downloaded.`;
  } catch {
    reportStatus.textContent = problemText({ status: 0 });
  } finally {
    reportProgress.hidden = true;
    waitingFor = null;
  }
});

const importForm = document.getElementById("import-form");
const importFile = document.getElementById("import-file");
const importStatus = document.getElementById("import-status");
const importReport = document.getElementById("import-report");
const runButton = document.getElementById("import-run");
const words = { create: "new", update: "updated", skip: "skipped" };

function format() {
  return importForm.querySelector('input[name="format"]:checked')?.value ?? "hearth";
}

function show(data) {
  const rooms = data.roomsCreated.length ? ` New rooms: ${data.roomsCreated.join(", ")}.` : "";
  const verb = data.dryRun ? "will be" : "were";
  document.getElementById("import-summary").textContent =
    `${data.created} ${verb} added, ${data.updated} updated, ${data.skipped} skipped; ${data.problems.length} rows cannot be read.${rooms}`;
  // How the file was read, when it was a guess (a file that is not UTF-8, read as Windows-1252).
  const notice = document.getElementById("import-notice");
  notice.textContent = data.notice ?? "";
  notice.hidden = !data.notice;
  document.getElementById("import-problems").replaceChildren(...data.problems.map((problem) =>
    Object.assign(document.createElement("li"), { textContent: `Line ${problem.line}: ${problem.reason}` })));
  document.getElementById("import-rows").replaceChildren(...data.rows.slice(0, 200).map((row) =>
    Object.assign(document.createElement("li"), {
      className: `import-${row.action}`,
      textContent: `Line ${row.line}: ${row.name} (${words[row.action]}${row.reason ? `: ${row.reason}` : ""})`,
    })));
  runButton.hidden = !data.dryRun || data.created + data.updated === 0;
  importReport.hidden = false;
}

async function send(dryRun) {
  if (!importFile.files?.length) return;
  importStatus.textContent = dryRun ? "Reading the file…" : "Importing…";
  const result = await upload(`/api/v1/inventory/import?format=${format()}&dryRun=${dryRun}`, importFile.files);
  if (!result.ok) {
    importReport.hidden = true;
    importStatus.textContent = problemText(result);
    return;
  }
  importStatus.textContent = dryRun ? "Nothing has changed yet." : "Imported.";
  show(result.data);
}

importForm.addEventListener("submit", (event) => {
  event.preventDefault();
  send(true);
});
runButton.addEventListener("click", () => send(false));
document.getElementById("import-cancel").addEventListener("click", () => {
  importReport.hidden = true;
  importStatus.textContent = "";
});
importFile.addEventListener("change", () => {
  importReport.hidden = true;
  importStatus.textContent = "";
});
