// Hearth Focus: the live link to the server — the event stream (/api/v1/events), which catches up
// on missed events by itself after a break (a re-fetch of the timer when the server says `reset`),
// and what each event brings: the new state, an announcement, and at a phase's end sound,
// vibration and a notification.

import { counted } from "./counted.js";
import { playSound, startAlarmLoop } from "./focus-audio.js";
import {
  END_MESSAGES, PHASE_TITLES, alarmTexts, clockFormat, formatClock, formatDuration, formatTarget, parseTime,
  remainingSeconds, serverNow,
} from "./focus-clock.js";
import { followEvents, request } from "./api.js";
import { API } from "./focus-controls.js";
import { $, announce, root, setText, state } from "./focus-page.js";

const POMODORO_PHASES = ["focus", "shortBreak", "longBreak"];

let view = null; // { applyTimer } from focus.js, given to bindStream

/** Remembers focus.js's { applyTimer }; call before the first render, which may re-fetch. */
export function bindStream(page) {
  view = page;
}

export async function refetch() {
  state.lastRefetch = performance.now();
  const { ok, data } = await request(`${API}/timer`);
  if (ok) view.applyTimer(data);
}

/** Follows the timer's events; a `reset` (missed events no longer kept) re-fetches the timer. */
export function connect() {
  followEvents("timer", {
    onEvent: (event) => { if (event?.timer) handleEvent(event); },
    onReconnect: refetch,
    onLive: (live) => { root.dataset.live = String(live); },
  });
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
    case "workoutEnded": return workout ? `Workout ended: ${counted(workout.rests, "rest")}.` : "Workout ended.";
    default: return "";
  }
}

function handleEvent(event) {
  view.applyTimer(event.timer);
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

/** The workout's summary: `{ rests, restSeconds, seconds }` (the server's, or the page's own without a connection). */
export function showWorkoutSummary(workout) {
  setText($("workout-rests"), String(workout.rests));
  setText($("workout-rest-time"), formatDuration(workout.restSeconds));
  setText($("workout-length"), formatDuration(workout.seconds));
  $("workout-summary").hidden = false;
}

// ---------- sound, vibration, notifications ----------

/** Sound, vibration and a notification, once per burst of events (a phase end and the next start). */
export function phaseEnded(kind, at) {
  if (performance.now() - state.lastSignal < 1500) return;
  state.lastSignal = performance.now();
  const settings = state.settings;
  if (state.timer.phase === "alarm") startAlarmLoop(() => ({ sound: state.settings.sound, volume: state.settings.volume }));
  else playSound(settings.sound, settings.volume);
  // Chromium refuses (and logs) a vibration before the first tap on the page.
  const mayVibrate = navigator.vibrate && navigator.userActivation?.hasBeenActive !== false;
  if (settings.vibration && mayVibrate) navigator.vibrate(kind === "rest" || kind === "countdown" ? [400, 200, 400, 200, 400] : [300, 150, 300]);
  notify(kind, at);
}

/** Whether this browser gets the server's notifications (Settings → Notifications remembered its device). */
function pushesReachThisBrowser() {
  try { return Boolean(localStorage.getItem("hearth.push.device")); } catch { return false; }
}

function notify(kind, at) {
  if (!state.settings.notifications || !("Notification" in window) || Notification.permission !== "granted") return;
  if (document.visibilityState === "visible" && document.hasFocus()) return; // the page itself shows it
  if (pushesReachThisBrowser()) return; // the server's push shows it, with its buttons: not twice
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
