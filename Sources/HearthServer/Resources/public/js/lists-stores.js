// Hearth Lists: a store's aisles dragged into the order the store has them. The ↑/↓ buttons do
// the same without a pointer (and without JavaScript).

import { problemText, request } from "./api.js";
import { bindDrag } from "./drag.js";

/** Sends the store's whole new order, then shows the page as the server has it (its ↑/↓ numbered anew). */
async function moveAisle(row) {
  const list = row.closest(".aisle-order");
  const aisles = [...list.children].map((element) => element.dataset.category);
  const result = await request(`/api/v1/stores/${row.closest(".store").dataset.id}`, { method: "PATCH", body: { aisles } });
  if (result.ok) { location.reload(); return; }
  const error = document.getElementById("stores-error");
  error.textContent = `Could not move the aisle. ${problemText(result)} Reload the page to see the order as it is.`;
  error.hidden = false;
}

bindDrag(document.getElementById("stores"), { row: ".aisle-row", drop: moveAisle });
