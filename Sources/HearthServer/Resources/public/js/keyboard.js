// Hearth's keyboard shortcuts, on every signed-in page: "n" starts something new where the page
// has a button for it (marked data-shortcut="new"), "/" goes to the page's search, "g" then a
// letter opens a section, and "?" lists them. Keys typed into a field stay in the field.

const SECTIONS = { f: "/focus", i: "/inventory", l: "/lists", s: "/settings" };
const LIST = [
  ["n", "New: an item, a list, an item on the list"],
  ["/", "Search, or the field to add to a list"],
  ["g f", "Go to Focus"],
  ["g i", "Go to Inventory"],
  ["g l", "Go to Lists"],
  ["g s", "Go to Settings"],
  ["?", "Show these shortcuts"],
  ["Esc", "Close this list"],
];

let goPending = false;

function typing(target) {
  return target.closest?.("input, textarea, select, [contenteditable=''], [contenteditable='true']");
}

function visible(element) {
  return element && element.getClientRects().length > 0;
}

function dialog() {
  let box = document.getElementById("shortcuts-dialog");
  if (box) return box;
  box = document.createElement("dialog");
  box.id = "shortcuts-dialog";
  box.className = "shortcuts-dialog";
  box.setAttribute("aria-labelledby", "shortcuts-title");
  const rows = LIST.map(([keys, what]) => `<dt>${keys.split(" ").map((key) => `<kbd>${key}</kbd>`).join(" then ")}</dt><dd>${what}</dd>`).join("");
  box.innerHTML = `<h2 id="shortcuts-title">Keyboard shortcuts</h2><dl>${rows}</dl><form method="dialog"><button class="primary" autofocus>Close</button></form>`;
  document.body.append(box);
  return box;
}

document.addEventListener("keydown", (event) => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
  if (document.querySelector("dialog[open]")) return;
  const key = event.key;
  if (goPending) {
    goPending = false;
    if (SECTIONS[key]) { event.preventDefault(); location.assign(SECTIONS[key]); }
    return;
  }
  if (key === "g") { goPending = true; setTimeout(() => { goPending = false; }, 1500); return; }
  if (key === "?") { event.preventDefault(); dialog().showModal(); return; }
  if (key === "/") {
    const field = [...document.querySelectorAll('[aria-keyshortcuts="/"], main input[type="search"]')].find(visible);
    if (field) { event.preventDefault(); field.focus(); field.select?.(); }
    return;
  }
  if (key === "n") {
    const action = [...document.querySelectorAll('[data-shortcut="new"]')].find(visible);
    if (action) { event.preventDefault(); action.tagName === "INPUT" ? action.focus() : action.click(); }
  }
});
