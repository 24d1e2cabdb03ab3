// Hearth: reorder rows by dragging them by their handle (mouse, pen or finger) among their
// siblings: the lists on the index, an aisle's items on a list, a store's aisles. Buttons or menus
// stay for keyboards and screen readers; both end in the same change of position.

/** True while a row is being dragged: a live refresh waits, so it cannot pull the row away. */
export let dragging = false;

/**
 * Lets rows (`row`: a selector) inside `container` be dragged by their `.drag-handle`; `drop(row,
 * position)` runs when one lands in a new place (1 first among its siblings), then `settled()`.
 */
export function bindDrag(container, { row: rowSelector, drop, settled = () => {} }) {
  container.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".drag-handle");
    const row = handle?.closest(rowSelector);
    if (!row || event.button !== 0) return;
    event.preventDefault();
    drag(row, handle, event, drop, settled);
  });
}

function drag(row, handle, start, drop, settled) {
  const rows = [...row.parentElement.children];
  const from = rows.indexOf(row);
  const boxes = rows.map((element) => element.getBoundingClientRect());
  const step = boxes.length > 1 ? boxes[1].top - boxes[0].top : boxes[0].height;
  let to = from;
  handle.setPointerCapture(start.pointerId);
  row.classList.add("dragging");
  dragging = true;

  const move = (event) => {
    const offset = event.clientY - start.clientY;
    row.style.transform = `translateY(${offset}px)`;
    const centre = boxes[from].top + boxes[from].height / 2 + offset;
    const below = boxes.findIndex((box) => centre < box.bottom);
    to = below === -1 ? rows.length - 1 : below;
    rows.forEach((other, index) => {
      if (other === row) return;
      const shift = from < to && index > from && index <= to ? -step : to < from && index >= to && index < from ? step : 0;
      other.style.transform = shift ? `translateY(${shift}px)` : "";
    });
  };
  const end = async () => {
    handle.removeEventListener("pointermove", move);
    rows.forEach((element) => { element.style.transform = ""; });
    row.classList.remove("dragging");
    dragging = false;
    if (to !== from) {
      row.parentElement.insertBefore(row, to > from ? rows[to].nextSibling : rows[to]);
      await drop(row, to + 1);
    }
    settled();
  };
  handle.addEventListener("pointermove", move);
  handle.addEventListener("pointerup", end, { once: true });
  handle.addEventListener("pointercancel", end, { once: true });
}
