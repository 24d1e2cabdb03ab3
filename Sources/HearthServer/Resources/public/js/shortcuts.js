// Hearth's home-screen shortcuts (the manifest's "shortcuts") open a page with what to do in the
// address: /focus?start=pomodoro, /focus?start=rest, /lists?add=1. The page takes it off the address
// before it acts, so a reload, a return to the page or a restored tab never does it a second time.

/** The value of the shortcut's parameter `name`, removed from the address; null when there is none. */
export function takeShortcut(name) {
  const url = new URL(location.href);
  const value = url.searchParams.get(name);
  if (value === null) return null;
  url.searchParams.delete(name);
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return value;
}
