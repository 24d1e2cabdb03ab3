// Hearth: starting a claim. Typing filters the items; a room's button ticks all of its shown items.

import { counted } from "./counted.js";

const search = document.getElementById("claim-search");
const count = document.getElementById("claim-count");
const boxes = () => [...document.querySelectorAll('#claim-items input[name="ids[]"]')];

function updateCount() {
  const chosen = boxes().filter((box) => box.checked).length;
  if (count) count.textContent = chosen === 0 ? "No items chosen yet." : `${counted(chosen, "item")} chosen.`;
}

search?.addEventListener("input", () => {
  const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
  for (const row of document.querySelectorAll(".claim-item")) {
    const text = row.dataset.search.toLowerCase();
    row.hidden = !words.every((word) => text.includes(word));
  }
  for (const room of document.querySelectorAll(".claim-room")) {
    room.hidden = [...room.querySelectorAll(".claim-item")].every((row) => row.hidden);
  }
});

for (const button of document.querySelectorAll(".select-room")) {
  button.addEventListener("click", () => {
    for (const row of button.closest(".claim-room").querySelectorAll(".claim-item:not([hidden])")) {
      row.querySelector('input[type="checkbox"]').checked = true;
    }
    updateCount();
  });
}

document.getElementById("claim-items")?.addEventListener("change", updateCount);
updateCount();
