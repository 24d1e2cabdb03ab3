// Hearth Lists: reorder the lists by dragging a card by its handle (mouse, pen or finger). The ↑/↓
// buttons stay for keyboards and screen readers; both end in the same change of position.

import { problemText, request } from "./api.js";

/** True while a card is being dragged: the live refresh waits, so it cannot pull the card away. */
export let dragging = false;

/** Lets the cards in `container` be dragged; `settled()` runs after a move was sent (or refused). */
export function bindDrag(container, settled) {
  container.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".drag-handle");
    if (!handle || event.button !== 0) return;
    event.preventDefault();
    drag(handle.closest(".list-card"), handle, event, settled);
  });
}

function drag(card, handle, start, settled) {
  const cards = [...card.parentElement.children];
  const from = cards.indexOf(card);
  const boxes = cards.map((element) => element.getBoundingClientRect());
  const step = boxes.length > 1 ? boxes[1].top - boxes[0].top : boxes[0].height;
  let to = from;
  handle.setPointerCapture(start.pointerId);
  card.classList.add("dragging");
  dragging = true;

  const move = (event) => {
    const offset = event.clientY - start.clientY;
    card.style.transform = `translateY(${offset}px)`;
    const centre = boxes[from].top + boxes[from].height / 2 + offset;
    const below = boxes.findIndex((box) => centre < box.bottom);
    to = below === -1 ? cards.length - 1 : below;
    cards.forEach((other, index) => {
      if (other === card) return;
      const shift = from < to && index > from && index <= to ? -step : to < from && index >= to && index < from ? step : 0;
      other.style.transform = shift ? `translateY(${shift}px)` : "";
    });
  };
  const end = async () => {
    handle.removeEventListener("pointermove", move);
    cards.forEach((element) => { element.style.transform = ""; });
    card.classList.remove("dragging");
    dragging = false;
    if (to === from) { settled(); return; }
    card.parentElement.insertBefore(card, to > from ? cards[to].nextSibling : cards[to]);
    const result = await request(`/api/v1/lists/${card.dataset.id}`, { method: "PATCH", body: { position: to + 1 } });
    const error = document.getElementById("lists-error");
    error.textContent = result.ok ? "" : `Could not move the list. ${problemText(result)}`;
    error.hidden = result.ok;
    settled();
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", end, { once: true });
  handle.addEventListener("pointercancel", end, { once: true });
}
