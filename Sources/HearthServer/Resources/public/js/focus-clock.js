// Hearth Focus: the timer's clock — the server's clock offset, time left, time formatting, the tab
// title and the ticks that say when to redraw.
//
// Nothing counts ticks: the time left is always endsAt minus the server's now, estimated as
// Date.now() plus the clock offset measured from each state's `now`. A worker (timer-worker.js)
// only says when to redraw, because hidden tabs throttle the page's own timers.

export const PHASE_TITLES = {
  idle: "Ready", focus: "Focus", shortBreak: "Short Break", longBreak: "Long Break", countdown: "Countdown", rest: "Rest",
};
export const END_MESSAGES = {
  focus: ["Pomodoro complete!", "Time for a break."],
  shortBreak: ["Break over", "Time to focus."],
  longBreak: ["Break over", "Time to focus."],
  rest: ["Rest over", "Next set!"],
};
const TITLE_SUFFIX = " — Hearth";
const IDLE_TITLE = "Focus · Hearth";

// ---------- time and formatting ----------

export const timeZone = validTimeZone(document.getElementById("focus")?.dataset.timeZone);
// Times of day are shown the way the person's locale writes them (17:30 or 5:30 PM), in their time zone.
export const clockFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone });
const partsFormat = new Intl.DateTimeFormat("en-GB", { hour: "numeric", minute: "numeric", second: "numeric", hourCycle: "h23", timeZone });
const targetFormat = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });

function validTimeZone(zone) {
  try { return zone ? new Intl.DateTimeFormat("en-GB", { timeZone: zone }).resolvedOptions().timeZone : undefined; } catch { return undefined; }
}

const pad = (n) => String(n).padStart(2, "0");

/** 25:00, or 1:05:00 from an hour up; seconds are rounded up, as the server does. */
export function formatClock(seconds) {
  const s = Math.max(0, Math.ceil(seconds - 0.001));
  const h = Math.floor(s / 3600);
  const rest = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return h > 0 ? `${h}:${rest}` : rest;
}

/** The e-ink minute display: "25 min", "1 h 5 min". */
export function formatMinutes(seconds) {
  const total = Math.ceil(Math.max(0, seconds) / 60 - 0.0001);
  const h = Math.floor(total / 60);
  return h > 0 ? `${h} h ${total % 60} min` : `${total} min`;
}

/** The summary card's time left: "1h 25m", "25m" (whole minutes, rounded down). */
export function formatSpan(seconds) {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  const h = Math.floor(minutes / 60);
  return h > 0 ? `${h}h ${minutes % 60}m` : `${minutes}m`;
}

/** A length in words for summaries: "45 s", "4 min 30 s", "1 h 5 min". */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return m ? `${h} h ${m} min` : `${h} h`;
  return s % 60 ? `${m} min ${s % 60} s` : `${m} min`;
}

// ---------- the server's clock ----------

let offset = 0; // server clock minus this device's clock, in ms
let offsetMeasuredAt = -Infinity;

export const serverNow = () => Date.now() + offset;
/** The offset as measured, to keep with the offline copy; a page opened offline starts from it. */
export const clockOffset = () => offset;
export function startFromOffset(kept) { if (Number.isFinite(kept)) offset = kept; }

/** Milliseconds of an API date-time; one without a zone designator is UTC (the server's clock). */
export const parseTime = (text) => Date.parse(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`);

/** Learns the server's clock from a state's `now`: the least delayed sample of the last minute wins. */
export function updateOffset(serverTime) {
  const sample = serverTime - Date.now();
  if (!Number.isFinite(sample)) return;
  if (performance.now() - offsetMeasuredAt > 60_000 || sample > offset) {
    [offset, offsetMeasuredAt] = [sample, performance.now()];
  }
}

/** The wall clock in the user's time zone: { hour, minute, second }. */
function wallClock(time) {
  const parts = Object.fromEntries(partsFormat.formatToParts(time).map((p) => [p.type, Number(p.value)]));
  return { hour: parts.hour % 24, minute: parts.minute, second: parts.second };
}

/** "HH:MM" of a moment in the user's time zone, to compare with a countdown target. */
export function hhmm(time) {
  const { hour, minute } = wallClock(time);
  return `${pad(hour)}:${pad(minute)}`;
}

/** A countdown target "17:30" as the locale writes it. */
export function formatTarget(target) {
  if (!target) return "";
  const [hour, minute] = target.split(":").map(Number);
  return targetFormat.format(Date.UTC(2000, 0, 1, hour, minute));
}

/** Seconds from now until the next `HH:MM` in the user's time zone (tomorrow when it has passed). */
export function secondsUntil(target) {
  const [hour, minute] = target.split(":").map(Number);
  const now = wallClock(serverNow());
  const seconds = hour * 3600 + minute * 60 - (now.hour * 3600 + now.minute * 60 + now.second);
  return seconds > 0 ? seconds : seconds + 86400;
}

export const nextFullHour = () => `${pad((wallClock(serverNow()).hour + 1) % 24)}:00`;

// ---------- time left and the title ----------

export const isActive = (t) => t.phase !== "idle" && t.phase !== "alarm";
export const isRunning = (t) => isActive(t) && !t.paused && Boolean(t.endsAt);

export function remainingSeconds(t) {
  if (isRunning(t)) return (parseTime(t.endsAt) - serverNow()) / 1000;
  return isActive(t) ? t.remainingSeconds : 0;
}

export function alarmTexts(t) {
  return t.mode === "countdown" ? ["Time's up", t.target ? `It is ${formatTarget(t.target)}.` : ""] : END_MESSAGES.rest;
}

/** The tab title: the time shown (`text`) while a phase runs, so it can be read from another tab. */
export function showTitle(t, text) {
  const phase = PHASE_TITLES[t.phase] || "Focus";
  const title = t.phase === "alarm" ? alarmTexts(t)[0] + TITLE_SUFFIX
    : isActive(t) ? `${t.paused ? "Paused" : text} · ${phase}${TITLE_SUFFIX}` : IDLE_TITLE;
  if (document.title !== title) document.title = title;
}

// ---------- ticks ----------

let worker = null;
let fallbackTicks = null; // only when workers are unavailable
let tick = () => {};

/**
 * Starts the tick worker at `workerURL`; each tick calls `onTick`. If the worker fails,
 * `reschedule` is called so the page can ask for its ticks again (then from setInterval).
 */
export function startTicks(workerURL, onTick, reschedule) {
  tick = onTick;
  try {
    worker = new Worker(workerURL);
    worker.onmessage = () => tick();
    worker.onerror = () => {
      worker = null;
      reschedule();
    };
  } catch {
    worker = null;
  }
}

/**
 * Ticks every 250 ms while `ticking`; with the e-ink `minuteRedraw`, on each change of the
 * minute shown (the running timer `t`'s minute, else the wall clock's).
 */
export function scheduleTicks(t, ticking, minuteRedraw) {
  let interval = ticking ? 250 : 0;
  let delay = 0;
  if (interval && minuteRedraw) {
    interval = 60_000;
    const ms = isRunning(t) ? parseTime(t.endsAt) - serverNow() : 60_000 - (serverNow() % 60_000);
    delay = (((ms % 60_000) + 60_000) % 60_000) + 30;
  }
  if (worker) return worker.postMessage({ interval, delay });
  clearInterval(fallbackTicks);
  if (interval) fallbackTicks = setInterval(tick, interval);
}
