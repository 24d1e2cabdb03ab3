// Hearth: a line of text a page adds where it needs one (an error, what waits), made once and then reused.

/** The element `id`, or a new paragraph with it put in the page by `place(line)`. */
export function messageLine(id, { className = "notice", role = "status", place }) {
  let line = document.getElementById(id);
  if (!line) {
    line = document.createElement("p");
    line.className = className;
    line.id = id;
    line.setAttribute("role", role);
    place(line);
  }
  return line;
}
