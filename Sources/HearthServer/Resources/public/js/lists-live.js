// Hearth Lists: keeps the lists index and Recently deleted current. When any list of the household
// changes, the page is fetched again and its live part ([data-live]) swapped in place. On the index
// the cards can be dragged into a new order.

import { followEvents, problemText, request } from "./api.js";
import { bindDrag, dragging } from "./drag.js";

const live = document.querySelector("[data-live]");
let timer = null;

async function refresh() {
  if (dragging) { scheduleRefresh(); return; }
  try {
    const response = await fetch(location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = page.getElementById(live.id);
    if (dragging) { scheduleRefresh(); return; } // a drag began while this page was on its way
    if (fresh) live.replaceChildren(...fresh.childNodes);
  } catch { /* offline: the next event or reconnection tries again */ }
}

function scheduleRefresh() {
  clearTimeout(timer);
  timer = setTimeout(refresh, 150);
}

if (live) followEvents("list", { onEvent: scheduleRefresh, onReconnect: scheduleRefresh });
/** Sends a card's new place; a refusal is said above the cards. */
async function moveList(card, position) {
  const result = await request(`/api/v1/lists/${card.dataset.id}`, { method: "PATCH", body: { position } });
  const error = document.getElementById("lists-error");
  error.textContent = result.ok ? "" : `Could not move the list. ${problemText(result)}`;
  error.hidden = result.ok;
}

if (live && document.getElementById("lists") && document.documentElement.dataset.shell !== "true") {
  bindDrag(live, { row: ".list-card", drop: moveList, settled: scheduleRefresh });
}
