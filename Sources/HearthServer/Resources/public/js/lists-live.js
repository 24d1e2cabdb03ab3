// Hearth Lists: keeps the lists index and Recently deleted current. When any list of the household
// changes, the page is fetched again and its live part ([data-live]) swapped in place. On the index
// the cards can be dragged into a new order.

import { followEvents } from "./api.js";
import { bindDrag, dragging } from "./lists-drag.js";

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
if (live && document.getElementById("lists") && document.documentElement.dataset.shell !== "true") bindDrag(live, scheduleRefresh);
