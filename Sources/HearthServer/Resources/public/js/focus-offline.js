// Hearth Focus without a connection (a gym with no signal): what the page shows at once for a
// command, before or without the server's answer, and a phase's end when no event can come. The
// commands themselves wait in the outbox with the time they were made, and the server applies
// them at that time; its answer then replaces what is shown here.

import { isActive, isRunning, remainingSeconds } from "./focus-clock.js";

const iso = (ms) => new Date(ms).toISOString();
const ALARM_AUTO_DISMISS = 5 * 60 * 1000;

/** The timer as `name` (with the API's `body`) leaves it at `now` (ms), or null to wait for the server's answer. */
export function predict(name, body, t, settings, now) {
  const remaining = remainingSeconds(t);
  switch (name) {
    case "start": return isActive(t) ? null : started(body, t, settings, now);
    case "pause": return isRunning(t) && t.mode !== "rest"
      ? { ...t, paused: true, endsAt: undefined, remainingSeconds: Math.ceil(remaining) } : null;
    case "resume": return isActive(t) && t.paused
      ? { ...t, paused: false, endsAt: iso(now + t.remainingSeconds * 1000) } : null;
    case "extend": {
      if (!isActive(t)) return null;
      const left = Math.max(1, remaining + body.seconds);
      const planned = t.plannedSeconds + (left - remaining);
      return t.paused ? { ...t, remainingSeconds: Math.ceil(left), plannedSeconds: Math.round(planned) }
        : { ...t, endsAt: iso(now + left * 1000), plannedSeconds: Math.round(planned) };
    }
    case "reset": return isActive(t) || t.cyclePosition > 0
      ? { ...idle(t), cyclePosition: t.mode === "pomodoro" ? 0 : t.cyclePosition } : null;
    case "dismiss": return t.phase === "alarm" ? idle(t) : null;
    case "end-workout": return t.workout ? { ...idle(t), workout: undefined } : null;
    default: return null; // skip: the cycle's rules stay with the server
  }
}

function started(body, t, settings, now) {
  let phase = body.mode;
  let seconds = body.seconds ?? settings.restSeconds ?? 90;
  if (body.mode === "pomodoro" && body.phase === "break") {
    phase = t.cyclePosition >= (settings.sessionsUntilLongBreak ?? 4) ? "longBreak" : "shortBreak";
    seconds = phase === "longBreak" ? settings.longBreakSeconds ?? 900 : settings.shortBreakSeconds ?? 300;
  } else if (body.mode === "pomodoro") {
    phase = "focus";
    seconds = settings.focusSeconds ?? 1500;
  } else if (body.mode === "countdown") {
    return null; // a time of day needs the profile's time zone: the server's answer shows it
  }
  const workout = body.mode === "rest" ? t.workout ?? { startedAt: iso(now), rests: 0, restSeconds: 0 } : t.workout;
  return {
    ...idle(t), mode: body.mode, phase, paused: false, startedAt: iso(now), endsAt: iso(now + seconds * 1000),
    plannedSeconds: seconds, remainingSeconds: seconds, label: body.label, workout,
  };
}

function idle(t) {
  return { ...t, phase: "idle", paused: false, startedAt: undefined, endsAt: undefined, remainingSeconds: 0, label: undefined, alarmSince: undefined };
}

/**
 * The timer at `now` when a phase has ended and no server can say so: a rest or countdown rings
 * (and stops ringing after five minutes, as on the server); a Pomodoro phase moves on. Null when nothing is due.
 */
export function advance(t, settings, now) {
  if (t.phase === "alarm") return t.alarmSince && Date.parse(t.alarmSince) + ALARM_AUTO_DISMISS <= now ? idle(t) : null;
  if (!isRunning(t) || Date.parse(t.endsAt) > now) return null;
  const ended = Date.parse(t.endsAt);
  if (t.mode === "rest" || t.mode === "countdown") {
    const workout = t.mode === "rest" && t.workout
      ? { ...t.workout, rests: t.workout.rests + 1, restSeconds: t.workout.restSeconds + t.plannedSeconds } : t.workout;
    return { ...idle(t), phase: "alarm", alarmSince: iso(ended), workout };
  }
  if (t.phase === "focus") {
    const next = { ...idle(t), cyclePosition: t.cyclePosition + 1, completedToday: t.completedToday + 1 };
    return settings.autoStartBreaks ? started({ mode: "pomodoro", phase: "break" }, next, settings, ended) : next;
  }
  const next = { ...idle(t), cyclePosition: t.phase === "longBreak" ? 0 : t.cyclePosition };
  return settings.autoStartFocus ? started({ mode: "pomodoro" }, next, settings, ended) : next;
}
