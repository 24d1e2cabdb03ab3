// Hearth appearance settings: a chosen theme or accent colour shows at once, before Save.
const root = document.documentElement;
const schemes = { system: "light dark", light: "light", dark: "dark", eink: "light" };
document.getElementById("appearance-form").addEventListener("change", ({ target }) => {
  if (target.name === "theme") {
    root.dataset.theme = target.value;
    document.querySelector('meta[name="color-scheme"]').content = schemes[target.value] ?? "light dark";
  }
  if (target.name === "accent") root.dataset.accent = target.value;
  document.getElementById("appearance-preview").hidden = false;
});
