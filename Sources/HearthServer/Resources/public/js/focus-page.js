// Hearth Focus: what every part of the page shares — its state, the state derived from it, and
// small DOM and storage helpers.
//
// The state lives here, not in the entry module focus.js: the page loads focus.js with a ?v=
// query, so a module importing "./focus.js" would get a second copy of it.

import { isActive } from "./focus-clock.js";

export const $ = (id) => document.getElementById(id);
export const root = $("focus");
export const tabs = [...document.querySelectorAll(".mode-tab")];

export const state = {
  timer: readJSON("timer-data"),
  settings: readJSON("settings-data") || {},
  newest: -Infinity,    // server time of the state shown; older answers are dropped
  view: "pomodoro",     // the tab chosen while idle
  restSeconds: 90,      // the rest stepper
  lastRefetch: -Infinity,
  lastSignal: -Infinity,
};

export const shownMode = () => (state.timer.phase === "idle" ? state.view : state.timer.mode);
export const cycleLength = (t) => (isActive(t) ? t.sessionsUntilLongBreak : state.settings.sessionsUntilLongBreak ?? t.sessionsUntilLongBreak);
export const longBreakDue = (t) => (isActive(t) ? t.longBreakDue : t.cyclePosition >= cycleLength(t));

export function targetValue() {
  const value = $("countdown-target").value;
  return /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : "";
}

export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

let announcements = [];
/** Says `text` to screen readers; texts within 100 ms are read together. */
export function announce(text) {
  if (!text) return;
  if (announcements.length === 0) {
    setTimeout(() => {
      setText($("announcer"), announcements.join(" "));
      announcements = [];
    }, 100);
  }
  announcements.push(text);
}

function readJSON(id) {
  try { return JSON.parse(document.getElementById(id)?.textContent || "null"); } catch { return null; }
}

// Private browsing may refuse storage; a choice then lasts for this page only.
export function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* see above */ }
}

export function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
