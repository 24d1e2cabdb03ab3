// Hearth household settings: the invite link in one tap — copied, or handed to the phone's share
// sheet where there is one; a tap on the link itself selects all of it.
const link = document.getElementById("invite-link");
if (link) {
  for (const type of ["focus", "click"]) link.addEventListener(type, () => link.select());
  const status = document.getElementById("invite-copied");
  document.getElementById("invite-copy").addEventListener("click", async () => {
    status.textContent = (await copy(link)) ? "Link copied. Paste it into a message." : "Select the link above and copy it.";
  });
  const share = document.getElementById("invite-share");
  const household = document.querySelector("h1")?.textContent ?? "our household";
  const data = { title: "Join me on Hearth", text: `Join ${household} on Hearth:`, url: link.value };
  if (navigator.canShare?.(data)) {
    share.hidden = false;
    share.addEventListener("click", () => navigator.share(data).catch(() => {}));
  }
}

/** The clipboard API where the page may use it (HTTPS, localhost), else the older copy command. */
async function copy(input) {
  try {
    await navigator.clipboard.writeText(input.value);
    return true;
  } catch {
    input.select();
    return document.execCommand("copy");
  }
}
