// Hearth Lists: swiping a row sideways past a third of its width deletes it; a shorter swipe springs
// back. Vertical movement is left to the page, so the list still scrolls under a thumb.

export function bindGestures(container, { onSwipe }) {
  let swipe = null;
  // Not 0: performance.now() counts from the page's load, so a tap in its first 300 ms would be
  // taken for the end of a swipe and swallowed (a flaky browser test found it, 2026-11).
  let swipedAt = -Infinity;

  container.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const row = event.target.closest(".item");
    if (!row || event.target.closest("input, .item-delete, .drag-handle")) return;
    swipe = { row, pointer: event.pointerId, x: event.clientX, y: event.clientY, dx: 0, active: false };
  });

  container.addEventListener("pointermove", (event) => {
    if (!swipe || event.pointerId !== swipe.pointer) return;
    const dx = event.clientX - swipe.x;
    const dy = event.clientY - swipe.y;
    if (!swipe.active) {
      if (Math.abs(dy) > 10) { swipe = null; return; } // scrolling
      if (Math.abs(dx) < 12) return;
      swipe.active = true;
      swipe.row.classList.add("swiping");
      swipe.row.setPointerCapture(event.pointerId);
    }
    swipe.dx = dx;
    swipe.row.classList.toggle("to-right", dx > 0);
    swipe.row.style.transform = `translateX(${dx}px)`;
  });

  const finish = (event, cancelled) => {
    if (!swipe || event.pointerId !== swipe.pointer) return;
    const { row, dx, active } = swipe;
    swipe = null;
    if (!active) return;
    swipedAt = performance.now();
    row.classList.remove("swiping", "to-right");
    row.style.transform = "";
    if (!cancelled && Math.abs(dx) > row.offsetWidth / 3) onSwipe(row.dataset.id);
  };
  container.addEventListener("pointerup", (event) => finish(event, false));
  container.addEventListener("pointercancel", (event) => finish(event, true));

  // The click that ends a swipe is not a tap on the row.
  container.addEventListener("click", (event) => {
    if (performance.now() - swipedAt < 300) {
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);
}
