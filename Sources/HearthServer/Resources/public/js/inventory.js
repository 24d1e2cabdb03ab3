// Hearth Inventory: the home page. Search as you type and filters swap in the item list from the
// server (one renderer: the same template); "Show more" appends the next page; the bulk bar acts on
// the selected items; the list follows changes made by other members. On a desktop an item opens
// in a pane beside the list.

import { counted } from "./counted.js";
import { followEvents } from "./api.js";

const form = document.getElementById("filters");
const search = document.getElementById("search");
let controller = null;
let timer = null;

function queryString() {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (value) params.append(key, value);
  return params.toString();
}

async function fetchList(url) {
  controller?.abort();
  controller = new AbortController();
  try {
    const response = await fetch(url, { credentials: "same-origin", signal: controller.signal, headers: { Accept: "text/html" } });
    if (!response.ok) return null;
    const fragment = new DOMParser().parseFromString(await response.text(), "text/html");
    return fragment.getElementById("item-list");
  } catch {
    return null; // aborted by a newer request, or offline: the next keystroke tries again
  }
}

async function refresh() {
  const query = queryString();
  const list = await fetchList(`/inventory/items/list?${query}`);
  if (!list) return;
  document.getElementById("item-list").replaceWith(list);
  history.replaceState(null, "", `/inventory${query ? `?${query}` : ""}#items`);
  updateBulk();
}

function schedule(delay) {
  clearTimeout(timer);
  timer = setTimeout(refresh, delay);
}

if (form) {
  search.addEventListener("input", () => schedule(120));
  form.addEventListener("change", (event) => { if (event.target !== search) schedule(0); });
  form.addEventListener("submit", (event) => { event.preventDefault(); schedule(0); });
}

// "Show more": the next page joins the list.
document.addEventListener("click", async (event) => {
  const more = event.target.closest("#more-items");
  if (!more) return;
  event.preventDefault();
  const list = await fetchList(more.dataset.fragment);
  if (!list) { location.assign(more.href); return; }
  document.getElementById("item-tiles").append(...list.querySelector("#item-tiles").children);
  const next = list.querySelector("#more-items");
  if (next) more.replaceWith(next); else more.parentElement.remove();
});

// ---------- Bulk changes ----------
const bulkForm = document.getElementById("bulk-form");
const action = document.getElementById("bulk-action");

function updateBulk() {
  if (!bulkForm) return;
  const selected = document.querySelectorAll(".select-item:checked").length;
  bulkForm.classList.toggle("active", selected > 0);
  document.getElementById("bulk-count").textContent = selected
    ? `${selected} selected` : "Select items to move or delete several at once";
  document.getElementById("bulk-apply").disabled = selected === 0;
}

if (bulkForm) {
  document.addEventListener("change", (event) => { if (event.target.matches(".select-item")) updateBulk(); });
  action.addEventListener("change", () => {
    document.getElementById("bulk-room").hidden = action.value !== "move";
    document.getElementById("bulk-category").hidden = action.value !== "categorize";
  });
  bulkForm.addEventListener("submit", (event) => {
    const selected = document.querySelectorAll(".select-item:checked").length;
    if (action.value === "delete" && !confirm(`Move ${counted(selected, "item")} to Recently deleted?`)) event.preventDefault();
  });
  updateBulk();
}

// Another member's change: the list is read again, keeping the filters and what is selected.
followEvents("inventory", {
  onEvent: () => {
    if (document.querySelector(".select-item:checked")) return; // do not lose a selection in progress
    schedule(300);
  },
  onReconnect: () => schedule(300),
});

// ---------- Grid or compact list: this browser remembers the choice (the server reads the cookie) ----------
document.addEventListener("click", (event) => {
  const button = event.target.closest(".view-button");
  if (!button) return;
  const view = button.dataset.view;
  document.cookie = `hearth_items=${view}; path=/inventory; max-age=31536000; samesite=lax`;
  document.getElementById("item-list")?.classList.toggle("compact", view === "list");
  for (const other of document.querySelectorAll(".view-button")) other.setAttribute("aria-pressed", String(other === button));
});

// ---------- Fix next: one suggestion at a time; "Not now" sets it aside on this browser for 30 days ----------
const SET_ASIDE = "hearth.fixNext.setAside";
const MONTH = 30 * 24 * 3600 * 1000;

function setAside() {
  try {
    const kept = JSON.parse(localStorage.getItem(SET_ASIDE) ?? "{}");
    return Object.fromEntries(Object.entries(kept).filter(([, until]) => until > Date.now()));
  } catch {
    return {};
  }
}

function showSuggestion() {
  const aside = setAside();
  const suggestions = [...document.querySelectorAll("li.suggestion")];
  for (const suggestion of suggestions) {
    suggestion.hidden = Boolean(aside[suggestion.dataset.id]);
    suggestion.querySelector(".dismiss").hidden = false;
  }
  const section = document.getElementById("fix-next");
  if (section) section.hidden = suggestions.every((suggestion) => suggestion.hidden);
}

document.addEventListener("click", (event) => {
  const dismiss = event.target.closest("li.suggestion .dismiss");
  if (!dismiss) return;
  const aside = setAside();
  aside[dismiss.closest("li.suggestion").dataset.id] = Date.now() + MONTH;
  localStorage.setItem(SET_ASIDE, JSON.stringify(aside));
  showSuggestion();
  document.querySelector("li.suggestion:not([hidden]) a")?.focus();
});
showSuggestion();

// ---------- A desktop: the selected item in a pane beside the list ----------
// Its photos, documentation and details, read from the item's own page; "Open" goes there for the
// rest (receipts, documents, maintenance, moving, deleting).
const wide = matchMedia("(min-width: 1024px)");
const pane = document.getElementById("item-pane");
const PARTS = ["header.item-header", "#photos", "#documentation", "section.details"];

function paneActions(href) {
  const actions = document.createElement("p");
  actions.className = "actions";
  actions.append(Object.assign(document.createElement("a"), { className: "button primary", href, textContent: "Open" }),
    Object.assign(document.createElement("a"), { className: "button", href: `${href}/edit`, textContent: "Edit" }),
    Object.assign(document.createElement("button"), { type: "button", className: "pane-close", textContent: "Close" }));
  return actions;
}

async function showInPane(link) {
  let article = null;
  try {
    const response = await fetch(link.href, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (response.ok) article = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("item-page");
  } catch { /* offline: the item's page opens instead, from this device's copy */ }
  if (!article) { location.assign(link.href); return; }
  const parts = PARTS.map((selector) => article.querySelector(selector)).filter(Boolean);
  for (const part of parts) {
    part.querySelectorAll(".photo-actions, form, .add-photos, progress").forEach((node) => node.remove());
    [part, ...part.querySelectorAll("[id]")].forEach((node) => node.removeAttribute("id"));
    const title = part.querySelector("h1");
    if (title) title.replaceWith(Object.assign(document.createElement("h2"), { className: "pane-title", textContent: title.textContent }));
  }
  pane.replaceChildren(...parts, paneActions(link.getAttribute("href")));
  pane.hidden = false;
  for (const tile of document.querySelectorAll(".item-tile[aria-current]")) tile.removeAttribute("aria-current");
  link.closest(".item-tile").setAttribute("aria-current", "true");
  pane.focus({ preventScroll: true });
}

function closePane() {
  pane.hidden = true;
  document.querySelector(".item-tile[aria-current] .tile-link")?.focus();
  for (const tile of document.querySelectorAll(".item-tile[aria-current]")) tile.removeAttribute("aria-current");
}

if (pane) {
  document.addEventListener("click", (event) => {
    if (event.target.closest(".pane-close")) { closePane(); return; }
    const link = event.target.closest("#item-tiles .tile-link");
    if (!link || !wide.matches || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    showInPane(link);
  });
  pane.addEventListener("keydown", (event) => { if (event.key === "Escape") closePane(); });
  wide.addEventListener("change", () => { if (!wide.matches) closePane(); });
}
