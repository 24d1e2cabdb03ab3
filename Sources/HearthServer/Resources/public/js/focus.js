// Hearth Focus page: shows and controls the user's one timer, which lives on the server.
//
// The state comes from the page (JSON in #timer-data), from command responses and from the
// event stream (/api/v1/events), so every tab and device shows the same timer. Nothing counts
// ticks: the time left is always endsAt minus the server's now, estimated as Date.now() plus
// the clock offset measured from each state's `now`. A worker (timer-worker.js) only says when
// to redraw, because hidden tabs throttle the page's own timers.

import { playSound, startAlarmLoop, stopAlarmLoop, unlockAudio } from "./focus-audio.js";

const API = "/api/v1/focus";
const REST = { step: 15, min: 5, max: 600 };
const POMODORO_PHASES = ["focus", "shortBreak", "longBreak"];
const PHASE_TITLES = {
  idle: "Ready", focus: "Focus", shortBreak: "Short Break", longBreak: "Long Break", countdown: "Countdown", rest: "Rest",
};
const END_MESSAGES = {
  focus: ["Pomodoro complete!", "Time for a break."],
  shortBreak: ["Break over", "Time to focus."],
  longBreak: ["Break over", "Time to focus."],
  rest: ["Rest over", "Next set!"],
};
const DURATION_SETTINGS = { focusSeconds: "Focus", shortBreakSeconds: "Short break", longBreakSeconds: "Long break" };
const NUMBER_SETTINGS = { sessionsUntilLongBreak: "Focus sessions until a long break", restSeconds: "Rest length", volume: "Volume" };
const CHECK_SETTINGS = ["autoStartBreaks", "autoStartFocus", "vibration", "notifications", "focusModeSuggestion", "keepScreenAwake", "einkMinuteRedraw"];
const CONTROLS = ["label-field", "target-field", "stepper", "start-focus", "pause", "resume", "start-countdown", "start-rest",
  "start-break", "skip", "extend", "reset", "reset-cycle", "end-workout"];
const TITLE_SUFFIX = " · Focus — Hearth";
const IDLE_TITLE = "Focus · Hearth";

const $ = (id) => document.getElementById(id);
const root = $("focus");
const tabs = [...document.querySelectorAll(".mode-tab")];
const settingsForm = $("settings-form");

const state = {
  timer: readJSON("timer-data"),
  settings: readJSON("settings-data") || {},
  offset: 0,            // server clock minus this device's clock, in ms
  offsetMeasuredAt: -Infinity,
  newest: -Infinity,    // server time of the state shown; older answers are dropped
  view: "pomodoro",     // the tab chosen while idle
  restSeconds: 90,      // the rest stepper
  busy: false,
  lastRefetch: -Infinity,
  lastSignal: -Infinity,
};

// ---------- time and formatting ----------

const timeZone = validTimeZone(root?.dataset.timeZone);
// Times of day are shown the way the person's locale writes them (17:30 or 5:30 PM), in their time zone.
const clockFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone });
const partsFormat = new Intl.DateTimeFormat("en-GB", { hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23", timeZone });
const targetFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

function validTimeZone(zone) {
  try { return zone ? new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone : undefined; } catch { return undefined; }
}

const pad = (n) => String(n).padStart(2, "0");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** 25:00, or 1:05:00 from an hour up; seconds are rounded up, as the server does. */
function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds - 0.001));
  const h = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest;
}

/** The e-ink minute display: "25 min", "1 h 5 min". */
function formatMinutes(seconds) {
  const total = Math.ceil(Math.max(0, seconds) / 60 - 0.0001);
  const h = Math.floor(total / 60);
  return h > 0 ? `${h} h ${total % 60} min` : `${total} min`;
}

/** The summary card's time left: "1h 25m", "25m" (whole minutes, rounded down). */
function formatSpan(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h}h ${minutes % 60}m` : `${minutes}m`;
}

/** A length in words for summaries: "45 s", "4 min 30 s", "1 h 5 min". */
function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

const serverNow = () => Date.now() + state.offset;

/** Milliseconds of an API date-time; one without a zone designator is UTC (the server's clock). */
const parseTime = (text) => Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);

/** The wall clock in the user's time zone: { hour, minute, second }. */
function wallClock(time) {
  const parts = Object.fromEntries(partsFormat.formatToParts(time).map((p) => [p.type, Number(p.value)]));
  return { hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** "HH:MM" of a moment in the user's time zone, to compare with a countdown target. */
function hhmm(time) {
  const { hour, minute } = wallClock(time);
  return `${pad(hour)}:${pad(minute)}`;
}

/** A countdown target "17:30" as the locale writes it. */
function formatTarget(target) {
  if (!target) return "";
  const [hour, minute] = target.split(":").map(Number);
  return targetFormat.format(Date.UTC(2000, 0, 1, hour, minute));
}

/** Seconds from now until the next `HH:MM` in the user's time zone (tomorrow when it has passed). */
function secondsUntil(target) {
  const [hour, minute] = target.split(":").map(Number);
  const now = wallClock(serverNow());
  const seconds = hour * 3600 + minute * 60 - (now.hour * 3600 + now.minute * 60 + now.second);
  return seconds > 0 ? seconds : seconds + 86400;
}

/** Learns the server's clock from a state's `now`: the least delayed sample of the last minute wins. */
function updateOffset(serverTime) {
  const sample = serverTime - Date.now();
  if (!Number.isFinite(sample)) return;
  if (performance.now() - state.offsetMeasuredAt > 60_000 || sample > state.offset) {
    [state.offset, state.offsetMeasuredAt] = [sample, performance.now()];
  }
}

// ---------- the timer's state ----------

const isActive = (t) => t.phase !== "idle" && t.phase !== "alarm";
const isRunning = (t) => isActive(t) && !t.paused && Boolean(t.endsAt);
const shownMode = () => (state.timer.phase === "idle" ? state.view : state.timer.mode);
const cycleLength = (t) => (isActive(t) ? t.sessionsUntilLongBreak : state.settings.sessionsUntilLongBreak ?? t.sessionsUntilLongBreak);
const longBreakDue = (t) => (isActive(t) ? t.longBreakDue : t.cyclePosition >= cycleLength(t));

function remainingSeconds(t) {
  if (isRunning(t)) return (parseTime(t.endsAt) - serverNow()) / 1000;
  return isActive(t) ? t.remainingSeconds : 0;
}

function alarmTexts(t) {
  return t.mode === "countdown" ? ["Time's up", t.target ? `It is ${formatTarget(t.target)}.` : ""] : END_MESSAGES.rest;
}

function targetValue() {
  const value = $("countdown-target").value;
  return /^\d{2}:\d{2}/.test(value) ? value.slice(0, 5) : "";
}

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
    return { seconds: target ? secondsUntil(target) : 0, fraction: 1, label: "Ready", note: target ? `until ${formatTarget(target)}` : "pick a time" };
  }
  if (mode === "rest") return { seconds: state.restSeconds, fraction: 1, label: "Ready", note: "rest length" };
  return { seconds: state.settings.focusSeconds ?? t.plannedSeconds, fraction: 1, label: "Ready", note: longBreakDue(t) ? "a long break is due" : "" };
}

/** Takes a new state unless a newer one is already shown (a command's answer can arrive after its event). */
function applyTimer(timer) {
  if (!timer || typeof timer.now !== "string" || !timer.phase) return;
  const at = parseTime(timer.now);
  if (at < state.newest) return;
  state.newest = at;
  updateOffset(at);
  state.timer = timer;
  if (timer.phase !== "idle") state.view = timer.mode;
  if (timer.mode === "countdown" && timer.target && document.activeElement !== $("countdown-target")) {
    $("countdown-target").value = timer.target;
  }
  render();
}

// ---------- rendering ----------

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

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
  const minutes = Boolean(state.settings.einkMinuteRedraw);
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
  const title = t.phase === "alarm" ? alarmTexts(t)[0] + TITLE_SUFFIX
    : isActive(t) ? (t.paused ? "Paused" : text) + TITLE_SUFFIX : IDLE_TITLE;
  if (document.title !== title) document.title = title;
  // The phase should have ended: if no event says so (a broken stream), ask.
  if (isRunning(t) && remainingSeconds(t) < -2 && performance.now() - state.lastRefetch > 5000) refetch();
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

function visibleControls(t, mode) {
  if (t.phase === "alarm") return [];
  const active = isActive(t);
  if (mode === "countdown") return active ? [t.paused ? "resume" : "pause", "reset"] : ["target-field", "start-countdown"];
  if (mode === "rest") return active ? ["stepper", "reset", "end-workout"] : ["stepper", "start-rest", t.workout && "end-workout"];
  if (!active) return ["label-field", "start-focus", "start-break", t.cyclePosition > 0 && "reset-cycle"];
  return t.paused ? ["resume", "skip", "reset"] : ["pause", "skip", "extend", "reset"];
}

function renderControls(t, mode) {
  const visible = new Set(visibleControls(t, mode));
  for (const name of CONTROLS) (document.querySelector(`[data-control="${name}"]`) || $(name)).hidden = !visible.has(name);
  for (const row of document.querySelectorAll("#controls .button-row")) row.hidden = ![...row.children].some((b) => !b.hidden);
  setText($("start-break"), longBreakDue(t) ? "Take a long break" : "Take a break");
  setText($("reset"), { pomodoro: "Reset", countdown: "Stop", rest: "Stop rest" }[mode]);
  const resting = t.phase === "rest";
  $("rest-value").hidden = resting;
  setText($("rest-value"), formatClock(state.restSeconds));
  for (const button of $("controls").querySelectorAll("button")) button.disabled = state.busy;
  if (!resting) {
    $("rest-minus").disabled ||= state.restSeconds <= REST.min;
    $("rest-plus").disabled ||= state.restSeconds >= REST.max;
  }
  $("start-countdown").disabled ||= !targetValue();
  $("controls").setAttribute("aria-busy", String(state.busy));
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
    setText(status, `Workout since ${clockFormat.format(parseTime(w.startedAt))}: ${plural(w.rests, "rest")}, ${formatDuration(w.restSeconds)} resting`);
  }
  if (mode !== "rest") $("workout-summary").hidden = true;
}

function showWorkoutSummary(workout) {
  setText($("workout-rests"), String(workout.rests));
  setText($("workout-rest-time"), formatDuration(workout.restSeconds));
  setText($("workout-length"), formatDuration(workout.seconds));
  $("workout-summary").hidden = false;
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
  $("dismiss").disabled = state.busy;
  $("alarm-next-rest").disabled = state.busy;
  if (opening) $("dismiss").focus();
}

// ---------- announcements, sound, notifications, vibration, wake lock ----------

let announcements = [];
function announce(text) {
  if (!text) return;
  if (announcements.length === 0) {
    setTimeout(() => {
      setText($("announcer"), announcements.join(" "));
      announcements = [];
    }, 100);
  }
  announcements.push(text);
}

function describe({ type, timer: t, session, workout }) {
  switch (type) {
    case "phaseStarted": return t.mode === "countdown" ? `Countdown to ${formatTarget(t.target)} started.` : `${PHASE_TITLES[t.phase] || "Timer"} started.`;
    case "phaseCompleted": return session ? `${PHASE_TITLES[session.kind]} ${session.skipped ? "ended early" : "complete"}.` : "";
    case "paused": return "Timer paused.";
    case "resumed": return "Timer resumed.";
    case "reset": return "Timer stopped.";
    case "extended": return `${formatClock(remainingSeconds(t))} left.`;
    case "alarm": return alarmTexts(t).join(" ");
    case "dismissed": return "Alarm off.";
    case "workoutEnded": return workout ? `Workout ended: ${plural(workout.rests, "rest")}.` : "Workout ended.";
    default: return "";
  }
}

function handleEvent(event) {
  applyTimer(event.timer);
  const recent = Math.abs(serverNow() - parseTime(event.at)) < 60_000; // not a replay after downtime
  if (event.type === "phaseCompleted" && recent && event.session && !event.session.skipped && POMODORO_PHASES.includes(event.session.kind)) {
    phaseEnded(event.session.kind, event.at);
  } else if (event.type === "alarm" && recent) {
    phaseEnded(event.timer.mode === "countdown" ? "countdown" : "rest", event.at);
  } else if (event.type === "workoutEnded" && event.workout) {
    showWorkoutSummary(event.workout);
  } else if (event.type === "phaseStarted" && event.timer.phase === "rest") {
    $("workout-summary").hidden = true;
  }
  announce(describe(event));
}

/** Sound, vibration and a notification, once per burst of events (a phase end and the next start). */
function phaseEnded(kind, at) {
  if (performance.now() - state.lastSignal < 1500) return;
  state.lastSignal = performance.now();
  const settings = state.settings;
  if (state.timer.phase === "alarm") startAlarmLoop(() => ({ sound: state.settings.sound, volume: state.settings.volume }));
  else playSound(settings.sound, settings.volume);
  if (settings.vibration && navigator.vibrate) navigator.vibrate(kind === "rest" || kind === "countdown" ? [400, 200, 400, 200, 400] : [300, 150, 300]);
  notify(kind, at);
}

function notify(kind, at) {
  if (!state.settings.notifications || !("Notification" in window) || Notification.permission !== "granted") return;
  if (document.visibilityState === "visible" && document.hasFocus()) return; // the page itself shows it
  const [title, body] = kind === "countdown" ? ["Time's up", `It is ${clockFormat.format(parseTime(at))}.`] : END_MESSAGES[kind];
  try {
    // The tag makes the browser show one notification when several tabs are open.
    const notification = new Notification(title, { body, tag: `hearth-focus-${at}`, icon: "/favicon.svg" });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Chrome on Android only notifies through a service worker; the sound and vibration remain.
  }
}

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

// ---------- ticks ----------

let worker = null;
let fallbackTicks = null; // only when workers are unavailable

function startWorker() {
  try {
    worker = new Worker(new URL(`./timer-worker.js${new URL(import.meta.url).search}`, import.meta.url));
    worker.onmessage = () => renderClock();
    worker.onerror = () => {
      worker = null;
      scheduleTicks();
    };
  } catch {
    worker = null;
  }
}

/** Every 250 ms; with the e-ink minute redraw, on each change of the minute shown. */
function scheduleTicks() {
  const t = state.timer;
  let interval = isActive(t) || shownMode() === "countdown" ? 250 : 0;
  let delay = 0;
  if (interval && state.settings.einkMinuteRedraw) {
    interval = 60_000;
    const ms = isRunning(t) ? parseTime(t.endsAt) - serverNow() : 60_000 - (serverNow() % 60_000);
    delay = (((ms % 60_000) + 60_000) % 60_000) + 30;
  }
  if (worker) return worker.postMessage({ interval, delay });
  clearInterval(fallbackTicks);
  if (interval) fallbackTicks = setInterval(renderClock, interval);
}

// ---------- talking to the server ----------

async function request(url, { method = "GET", body } = {}) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(url, init);
    const data = await response.json().catch(() => null);
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: null };
  }
}

function problemText(data, status) {
  if (status === 0) return "Could not reach the server. Check the connection and try again.";
  if (status === 401) return "You are signed out. Reload the page and sign in again.";
  return data?.detail || `The server answered ${status}. Try again.`;
}

function showError(text) {
  const error = $("timer-error");
  setText(error, text);
  error.hidden = !text;
}

/** Sends a timer command; on success the answer becomes the state, on failure the old state stays. */
async function command(name, body) {
  showError("");
  state.busy = true;
  render();
  const { ok, status, data } = await request(`${API}/timer/${name}`, { method: "POST", body });
  state.busy = false;
  if (ok) applyTimer(data);
  else showError(problemText(data, status));
  render();
  return ok;
}

async function refetch() {
  state.lastRefetch = performance.now();
  const { ok, data } = await request(`${API}/timer`);
  if (ok) applyTimer(data);
}

let events = null;
let streamBroken = true; // the first open fetches too: it catches what happened since the page was made
function connect() {
  events = new EventSource("/api/v1/events");
  events.addEventListener("open", () => {
    if (streamBroken) refetch();
    streamBroken = false;
    root.dataset.live = "true";
  });
  events.addEventListener("timer", (message) => {
    const event = readEvent(message.data);
    if (event?.timer) handleEvent(event);
  });
  events.addEventListener("error", () => {
    streamBroken = true;
    root.dataset.live = "false";
    // EventSource retries by itself unless the server refused (signed out, 5xx): then try later.
    if (events.readyState === EventSource.CLOSED) {
      events.close();
      setTimeout(connect, 10_000);
    }
  });
}

// ---------- settings sheet ----------

function fillSettingsForm(settings) {
  const fields = settingsForm.elements;
  for (const name of Object.keys(DURATION_SETTINGS)) {
    fields[`${name}-min`].value = Math.floor(settings[name] / 60);
    fields[`${name}-sec`].value = settings[name] % 60;
  }
  for (const name of Object.keys(NUMBER_SETTINGS)) fields[name].value = settings[name];
  for (const name of CHECK_SETTINGS) fields[name].checked = Boolean(settings[name]);
  fields.sound.value = settings.sound;
  $("volume-out").value = settings.volume;
}

function readSettingsForm() {
  const fields = settingsForm.elements;
  const number = (input) => {
    const value = input.value.trim() === "" ? 0 : Number(input.value);
    return Number.isFinite(value) ? Math.floor(value) : NaN;
  };
  const settings = { ...state.settings, sound: fields.sound.value };
  for (const name of Object.keys(DURATION_SETTINGS)) {
    settings[name] = number(fields[`${name}-min`]) * 60 + number(fields[`${name}-sec`]);
  }
  for (const name of Object.keys(NUMBER_SETTINGS)) settings[name] = number(fields[name]);
  for (const name of CHECK_SETTINGS) settings[name] = fields[name].checked;
  return settings;
}

/** "focusSeconds must be between 1 and 14400." becomes "Focus must be between 1 s and 4 h." */
function settingsProblem(detail) {
  const match = /^(\w+) (must be between )(\d+) and (\d+)\.$/.exec(detail || "");
  if (!match) return { text: detail, field: null };
  const [, name, words, low, high] = match;
  if (DURATION_SETTINGS[name]) {
    return { text: `${DURATION_SETTINGS[name]} ${words}${formatDuration(low)} and ${formatDuration(high)}.`, field: `${name}-min` };
  }
  return { text: `${NUMBER_SETTINGS[name] || name} ${words}${low} and ${high}.`, field: name };
}

function showSettingsError(text, field) {
  const error = $("settings-error");
  setText(error, text || "");
  error.hidden = !text;
  for (const input of settingsForm.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  const input = field && settingsForm.elements[field];
  if (input) {
    input.setAttribute("aria-invalid", "true");
    input.focus();
  }
}

async function saveSettings(event) {
  event.preventDefault();
  const settings = readSettingsForm();
  const bad = Object.entries(settings).find(([, value]) => Number.isNaN(value));
  if (bad) {
    showSettingsError("Enter whole numbers.", DURATION_SETTINGS[bad[0]] ? `${bad[0]}-min` : bad[0]);
    return;
  }
  $("settings-save").disabled = true;
  const { ok, status, data } = await request(`${API}/settings`, { method: "PUT", body: settings });
  $("settings-save").disabled = false;
  if (!ok) {
    const problem = settingsProblem(problemText(data, status));
    showSettingsError(problem.text, problem.field);
    return;
  }
  state.settings = data;
  if (state.timer.phase !== "rest") state.restSeconds = data.restSeconds;
  $("settings-dialog").close();
  render();
  announce("Timer settings saved.");
}

// ---------- wiring ----------

function selectView(mode) {
  if (state.timer.phase !== "idle" || !["pomodoro", "countdown", "rest"].includes(mode)) return;
  state.view = mode;
  store("hearth.focus.view", mode);
  showError("");
  render();
}

function stepRest(sign) {
  if (state.timer.phase === "rest") {
    command("extend", { seconds: sign * REST.step });
    return;
  }
  const value = state.restSeconds;
  const next = sign > 0 ? Math.floor(value / REST.step) * REST.step + REST.step : Math.ceil(value / REST.step) * REST.step - REST.step;
  state.restSeconds = Math.max(REST.min, Math.min(REST.max, next));
  render();
}

function bindEvents() {
  for (const tab of tabs) tab.addEventListener("click", () => selectView(tab.dataset.mode));
  root.querySelector(".mode-tabs").addEventListener("keydown", (event) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const index = enabled.indexOf(document.activeElement);
    const moves = { ArrowRight: index + 1, ArrowLeft: index - 1 + enabled.length, Home: 0, End: enabled.length - 1 };
    if (index < 0 || !(event.key in moves)) return;
    event.preventDefault();
    const next = enabled[moves[event.key] % enabled.length];
    selectView(next.dataset.mode);
    next.focus();
  });
  const on = (id, handler) => $(id).addEventListener("click", handler);
  on("start-focus", async () => {
    const label = $("focus-label").value.trim();
    const started = await command("start", { mode: "pomodoro", phase: "focus", ...(label ? { label } : {}) });
    if (started && state.settings.focusModeSuggestion) $("focus-hint").hidden = false;
  });
  on("start-break", () => command("start", { mode: "pomodoro", phase: "break" }));
  on("pause", () => command("pause"));
  on("resume", () => command("resume"));
  on("skip", () => command("skip"));
  on("extend", () => command("extend", { seconds: 60 }));
  on("reset", () => command("reset"));
  on("reset-cycle", () => command("reset"));
  on("start-countdown", () => {
    store("hearth.focus.target", targetValue());
    command("start", { mode: "countdown", target: targetValue() });
  });
  on("rest-minus", () => stepRest(-1));
  on("rest-plus", () => stepRest(1));
  on("start-rest", () => command("start", { mode: "rest", seconds: state.restSeconds }));
  on("end-workout", () => command("end-workout"));
  on("dismiss", () => command("dismiss"));
  on("alarm-next-rest", () => command("start", { mode: "rest", seconds: state.restSeconds }));
  on("workout-summary-close", () => { $("workout-summary").hidden = true; });
  on("focus-hint-close", () => { $("focus-hint").hidden = true; });
  on("enable-notifications", () => Notification.requestPermission().then(render, render));
  $("countdown-target").addEventListener("input", () => render());

  on("open-settings", () => {
    fillSettingsForm(state.settings);
    showSettingsError("");
    $("settings-dialog").showModal();
  });
  on("settings-cancel", () => $("settings-dialog").close());
  on("test-sound", async () => {
    await unlockAudio();
    playSound(settingsForm.elements.sound.value, settingsForm.elements.volume.value);
  });
  settingsForm.elements.volume.addEventListener("input", (event) => { $("volume-out").value = event.target.value; });
  settingsForm.addEventListener("submit", saveSettings);

  // Browsers allow sound only after a gesture: the first tap anywhere unlocks it.
  document.addEventListener("pointerdown", unlockAudio, { capture: true, passive: true });
  document.addEventListener("keydown", unlockAudio, { capture: true });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refetch();
    syncWakeLock();
  });
}

function readJSON(id) {
  try { return JSON.parse(document.getElementById(id)?.textContent || "null"); } catch { return null; }
}

// A malformed event changes nothing; the next one or a re-fetch brings the state.
function readEvent(data) {
  try { return JSON.parse(data); } catch { return null; }
}

// Private browsing may refuse storage; a choice then lasts for this page only.
function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* see above */ }
}

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

const nextFullHour = () => `${pad((wallClock(serverNow()).hour + 1) % 24)}:00`;

function init() {
  if (!root) return;
  bindEvents();
  if (!state.timer) {
    state.timer = { mode: "pomodoro", phase: "idle", paused: false, remainingSeconds: 0, plannedSeconds: 0, now: new Date().toISOString(),
      cyclePosition: 0, sessionsUntilLongBreak: 4, completedToday: 0, longBreakDue: false };
    showError("Could not read the timer from the page. Reload it.");
  }
  state.newest = parseTime(state.timer.now);
  updateOffset(state.newest);
  const view = stored("hearth.focus.view");
  state.view = state.timer.phase === "idle" && ["pomodoro", "countdown", "rest"].includes(view) ? view : state.timer.mode;
  state.restSeconds = Math.max(REST.min, Math.min(REST.max, state.settings.restSeconds ?? 90));
  $("countdown-target").value = state.timer.target || stored("hearth.focus.target") || nextFullHour();
  startWorker();
  render();
  connect();
}

init();
