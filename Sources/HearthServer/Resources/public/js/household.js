// Hearth household settings: one tap on the invite link selects all of it, ready to copy.
const link = document.getElementById("invite-link");
if (link) {
  for (const type of ["focus", "click"]) link.addEventListener(type, () => link.select());
}
