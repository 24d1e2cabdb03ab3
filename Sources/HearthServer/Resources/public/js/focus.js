// Hearth Focus page (entry module): shows and controls the user's one timer, which lives on the server.
//
// The state comes from the page (JSON in #timer-data), from command responses and from the
// event stream (/api/v1/events), so every tab and device shows the same timer. This module takes
// new states, draws them, and wires the parts together:
//   focus-page.js      the shared state and DOM helpers
//   focus-clock.js     the server's clock, time left, formatting, the title, redraw ticks
//   focus-controls.js  tabs and buttons → API commands, and their errors
//   focus-stream.js    the event stream, re-fetches, phase-end signals
//   focus-settings.js  the settings dialog
//   focus-audio.js     the sounds
//   focus-offline.js   what a command does, and a phase's end, while no server can say so
//
// The timer and settings are kept in this account's offline copy: a page the service worker opens
// without a connection (the gym) starts from it, counts down and rings on its own.

import { counted } from "./counted.js";
import { stopAlarmLoop, unlockAudio } from "./focus-audio.js";
import {
  PHASE_TITLES, alarmTexts, clockFormat, clockOffset, formatClock, formatDuration, formatMinutes, formatSpan, formatTarget, hhmm,
  isActive, isRunning, nextFullHour, parseTime, remainingSeconds, scheduleTicks as scheduleClockTicks, secondsUntil,
  serverNow, showTitle, startFromOffset, startTicks, timeZone, updateOffset,
} from "./focus-clock.js";
import { REST, bindControls, renderControls, showError, startFromShortcut } from "./focus-controls.js";
import { advance } from "./focus-offline.js";
import { $, cycleLength, longBreakDue, root, setText, shownMode, state, stored, tabs, targetValue } from "./focus-page.js";
import { bindSettings } from "./focus-settings.js";
import { bindStream, connect, phaseEnded, refetch } from "./focus-stream.js";
import { keepCopies, onStatus, readCopy } from "./outbox.js";

// ---------- the timer's state ----------

/** What the dial shows: seconds, how full the ring is, the phase label and a note under the time. */
function dial() {
  const t = state.timer;
  if (t.phase === "alarm") return { seconds: 0, fraction: 0, label: alarmTexts(t)[0], note: "" };
  if (isActive(t)) {
    const seconds = Math.max(0, remainingSeconds(t));
    const name = PHASE_TITLES[t.phase] || t.phase;
    let note = t.label || "";
    if (t.mode === "countdown") note = t.paused ? "paused" : `until ${clockFormat.format(parseTime(t.endsAt))}`;
    return { seconds, fraction: seconds / Math.max(1, t.plannedSeconds), label: t.paused ? `${name} · Paused` : name, note };
  }
  const mode = shownMode();
  if (mode === "countdown") {
    const target = targetValue();
    return {
      seconds: target ? secondsUntil(target) : 0, fraction: 1, label: "Ready", span: true,
      note: target ? `until ${formatTarget(target)}` : "pick a time",
    };
  }
  if (mode === "rest") return { seconds: state.restSeconds, fraction: 1, label: "Ready", note: "rest length" };
  return { seconds: state.settings.focusSeconds ?? t.plannedSeconds, fraction: 1, label: "Ready", note: longBreakDue(t) ? "a long break is due" : "" };
}

/** A time to count down to: `target` unless it has just passed (it would mean almost a day), else the next full hour. */
function upcomingTarget(target) {
  return target && secondsUntil(target) <= 23 * 3600 ? target : nextFullHour();
}

/** Takes a new state unless a newer one is already shown (a command's answer can arrive after its event). */
function applyTimer(timer) {
  if (!timer || typeof timer.now !== "string" || !timer.phase) return;
  const at = parseTime(timer.now);
  if (at < state.newest) return;
  state.newest = at;
  updateOffset(at);
  show(timer);
}

/**
 * Shows what a command does before the server's answer (or a phase's end no server could tell):
 * it counts as no newer than the state last heard, so every answer and event of the server wins.
 */
function showPredicted(timer) {
  show({ ...timer, now: new Date(serverNow()).toISOString() });
}

function show(timer) {
  state.timer = timer;
  keepCopies({ focus: { timer, settings: state.settings, offset: clockOffset() } });
  if (timer.phase !== "idle") state.view = timer.mode;
  if (document.activeElement !== $("countdown-target")) {
    if (timer.mode === "countdown" && timer.target && timer.phase !== "idle") $("countdown-target").value = timer.target;
    else if (timer.phase === "idle") $("countdown-target").value = upcomingTarget($("countdown-target").value);
  }
  showBadge(timer.phase !== "idle");
  render();
}

/** The installed app's icon shows a dot while a timer runs or rings (where the platform has badges). */
function showBadge(on) {
  if (!("setAppBadge" in navigator)) return;
  (on ? navigator.setAppBadge() : navigator.clearAppBadge()).catch(() => { /* not installed, or refused */ });
}

// ---------- rendering ----------

function render() {
  const t = state.timer;
  const mode = shownMode();
  root.dataset.mode = mode;
  root.dataset.phase = t.phase;
  root.dataset.paused = String(Boolean(t.paused));
  root.classList.toggle("minute-redraw", Boolean(state.settings.einkMinuteRedraw));
  renderTabs(t, mode);
  renderCycle(t, mode);
  renderControls(t, mode);
  renderWorkout(t, mode);
  renderAlarm(t);
  $("notification-hint").hidden = !("Notification" in window && Notification.permission === "default" && state.settings.notifications);
  if (t.phase !== "focus") $("focus-hint").hidden = true;
  renderClock();
  scheduleTicks();
  syncWakeLock();
}

/** The parts that change every tick: the time, the ring, the countdown card and the tab title. */
function renderClock() {
  const t = state.timer;
  const shown = dial();
  // Before a countdown starts its length reads as one ("2 h 5 min"), never as a time of day.
  const minutes = Boolean(state.settings.einkMinuteRedraw) || Boolean(shown.span);
  const text = minutes ? formatMinutes(shown.seconds) : formatClock(shown.seconds);
  const time = $("time");
  setText(time, text);
  time.classList.toggle("long", minutes ? text.includes(" h ") : text.length > 5);
  setText($("phase-label"), shown.label);
  setText($("time-note"), shown.note);
  const fraction = Math.max(0, Math.min(1, shown.fraction));
  const ring = $("ring-progress");
  // A full ring has no dash, so no seam shows at 12 o'clock.
  ring.style.strokeDasharray = fraction >= 0.999 ? "none" : `${(fraction * 100).toFixed(2)} 100`;
  ring.classList.toggle("empty", fraction <= 0.001);
  setText($("ring-percent"), `${Math.round(fraction * 100)}%`);
  renderCountdownCard(t);
  showTitle(t, text);
  // The phase should have ended: if no event says so (a broken stream), ask.
  if (isRunning(t) && remainingSeconds(t) < -2 && performance.now() - state.lastRefetch > 5000) refetch();
  if (root.dataset.live !== "true") endWithoutServer(t);
}

/** Without the event stream (no connection), the page ends a phase itself: it rings, and the server agrees later. */
function endWithoutServer(t) {
  const next = advance(t, state.settings, serverNow());
  if (!next) return;
  showPredicted(next);
  const ended = isActive(t) ? t.endsAt : null;
  if (!ended || serverNow() - parseTime(ended) > 60_000) return; // ended while the page was closed: no late alarm
  if (next.phase === "alarm") phaseEnded(next.mode === "countdown" ? "countdown" : "rest", next.alarmSince);
  else if (t.mode === "pomodoro") phaseEnded(t.phase, t.endsAt);
}

/** Honest about what a page can do without a connection: ring while open, never once closed. */
function showOfflineNote(offline) {
  $("offline-note").hidden = !offline;
}

function renderTabs(t, mode) {
  const locked = t.phase !== "idle";
  for (const tab of tabs) {
    const selected = tab.dataset.mode === mode;
    tab.setAttribute("aria-selected", String(selected));
    tab.tabIndex = selected ? 0 : -1;
    tab.disabled = locked && !selected;
    tab.title = tab.disabled ? "Stop the running timer to switch" : "";
  }
  $("timer-panel").setAttribute("aria-labelledby", `tab-${mode}`);
}

function renderCycle(t, mode) {
  $("cycle").hidden = mode !== "pomodoro";
  const total = Math.max(1, cycleLength(t));
  const filled = Math.min(t.cyclePosition, total);
  const dots = $("cycle-dots");
  if (dots.children.length !== total) {
    dots.replaceChildren(...Array.from({ length: total }, () => Object.assign(document.createElement("span"), { className: "dot" })));
  }
  [...dots.children].forEach((dot, index) => dot.classList.toggle("filled", index < filled));
  dots.setAttribute("aria-label", `${filled} of ${total} focus sessions before a long break`);
  setText($("completed-today"), `Completed today: ${t.completedToday}`);
}

function renderCountdownCard(t) {
  const card = $("countdown-card");
  card.hidden = shownMode() !== "countdown";
  if (card.hidden) return;
  const now = serverNow();
  setText($("summary-now"), clockFormat.format(now));
  let end = null;
  let moved = "";
  if (t.mode === "countdown" && isActive(t)) {
    end = t.paused ? now + t.remainingSeconds * 1000 : parseTime(t.endsAt);
    // Without the user's time zone, a time of day cannot be compared: look at the end itself.
    const shifted = timeZone ? hhmm(end) !== t.target
      : end - (parseTime(t.startedAt) + t.plannedSeconds * 1000) > 1500;
    if (t.target && shifted) moved = `moved from ${formatTarget(t.target)}${t.paused ? " while paused" : ""}`;
  } else if (t.mode === "countdown" && t.phase === "alarm") {
    end = now;
  } else if (targetValue()) {
    end = now + secondsUntil(targetValue()) * 1000;
  }
  setText($("summary-left"), end === null ? "–" : formatSpan((end - now) / 1000));
  const targetText = t.phase === "alarm" && t.target ? formatTarget(t.target) : end === null ? "--:--" : clockFormat.format(end);
  setText($("summary-target"), targetText);
  $("summary-moved").hidden = !moved;
  setText($("summary-moved"), moved);
}

function renderWorkout(t, mode) {
  const status = $("workout-status");
  status.hidden = mode !== "rest" || !t.workout;
  if (t.workout) {
    const w = t.workout;
    setText(status, `Workout since ${clockFormat.format(parseTime(w.startedAt))}: ${counted(w.rests, "rest")}, ${formatDuration(w.restSeconds)} resting`);
  }
  if (mode !== "rest") $("workout-summary").hidden = true;
}

function renderAlarm(t) {
  const alarm = $("alarm");
  const ringing = t.phase === "alarm";
  const opening = ringing && alarm.hidden;
  alarm.hidden = !ringing;
  // Only the overlay can be used while it rings.
  $("timer-panel").inert = ringing;
  root.querySelector(".focus-bar").inert = ringing;
  if (!ringing) {
    stopAlarmLoop();
    return;
  }
  const [title, text] = alarmTexts(t);
  setText($("alarm-title"), title);
  setText($("alarm-text"), text);
  $("alarm-next-rest").hidden = t.mode !== "rest";
  if (opening) $("dismiss").focus();
}

/** Asks the clock for ticks: while a phase runs or the countdown tab shows the time left. */
function scheduleTicks() {
  const t = state.timer;
  scheduleClockTicks(t, isActive(t) || shownMode() === "countdown", state.settings.einkMinuteRedraw);
}

// ---------- wake lock ----------

let wakeLock = null;
let wakeLockPending = false;
/** Holds a screen wake lock while a phase runs (if the setting says so); browsers drop it when hidden. */
async function syncWakeLock() {
  const wanted = state.settings.keepScreenAwake && isRunning(state.timer) && document.visibilityState === "visible";
  if (!("wakeLock" in navigator) || wakeLockPending || wanted === Boolean(wakeLock)) return;
  wakeLockPending = true;
  try {
    if (wanted) {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else {
      const lock = wakeLock;
      wakeLock = null;
      await lock.release();
    }
  } catch {
    return; // refused (battery saver, not visible): the timer still works
  } finally {
    wakeLockPending = false;
  }
  syncWakeLock(); // the state may have changed while we waited
}

// ---------- wiring ----------

function bindEvents() {
  const page = { render, applyTimer, showPredicted };
  bindControls(page);
  bindSettings(page);
  bindStream(page);
  // Browsers allow sound only after a gesture: the first tap anywhere unlocks it.
  document.addEventListener("pointerdown", unlockAudio, { capture: true, passive: true });
  document.addEventListener("keydown", unlockAudio, { capture: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refetch();
    syncWakeLock();
  });
  onStatus(({ state: sending }) => showOfflineNote(!navigator.onLine || sending === "waiting"));
  window.addEventListener("offline", () => showOfflineNote(true));
}

/** A page the service worker opened without a connection starts from the account's copy. */
async function fromCopy() {
  const copy = await readCopy("focus");
  if (!copy) return;
  state.timer = copy.timer;
  state.settings = copy.settings ?? {};
  startFromOffset(copy.offset);
}

async function init() {
  if (!root) return;
  const shell = document.documentElement.dataset.shell === "true";
  if (shell) await fromCopy();
  bindEvents();
  if (!state.timer && shell) {
    state.timer = { mode: "pomodoro", phase: "idle", paused: false, remainingSeconds: 0, plannedSeconds: 0, now: new Date().toISOString(),
      cyclePosition: 0, sessionsUntilLongBreak: 4, completedToday: 0, longBreakDue: false };
    showError("The timer is not kept on this device yet: open Focus once with a connection, and it works here offline too.");
  } else if (!state.timer) {
    state.timer = { mode: "pomodoro", phase: "idle", paused: false, remainingSeconds: 0, plannedSeconds: 0, now: new Date().toISOString(),
      cyclePosition: 0, sessionsUntilLongBreak: 4, completedToday: 0, longBreakDue: false };
    showError("Could not read the timer from the page. Reload it.");
  }
  state.newest = parseTime(state.timer.now);
  if (!shell) {
    updateOffset(state.newest); // a kept state's `now` is old: the kept offset stands
    keepCopies({ focus: { timer: state.timer, settings: state.settings, offset: clockOffset() } });
  }
  const view = stored("hearth.focus.view");
  state.view = state.timer.phase === "idle" && ["pomodoro", "countdown", "rest"].includes(view) ? view : state.timer.mode;
  state.restSeconds = Math.max(REST.min, Math.min(REST.max, state.settings.restSeconds ?? 90));
  $("countdown-target").value = upcomingTarget(state.timer.target || stored("hearth.focus.target"));
  // The worker's URL carries this module's ?v= query, so a new deploy fetches a new worker.
  startTicks(new URL(`./timer-worker.js${new URL(import.meta.url).search}`, import.meta.url), renderClock, scheduleTicks);
  render();
  connect();
  startFromShortcut();
}

init();
