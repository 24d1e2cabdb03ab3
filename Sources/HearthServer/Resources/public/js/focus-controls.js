// Hearth Focus: the timer's controls — the mode tabs, the buttons that send commands to the API,
// the rest stepper, which controls show in each state, and the errors a command can bring.

import { problemText, request } from "./api.js";
import { formatClock, isActive, serverNow } from "./focus-clock.js";
import { predict } from "./focus-offline.js";
import { $, longBreakDue, root, setText, state, store, tabs, targetValue } from "./focus-page.js";
import { refetch, showWorkoutSummary } from "./focus-stream.js";
import { dismissRefused, onOutcome, queue } from "./outbox.js";
import { takeShortcut } from "./shortcuts.js";

export const API = "/api/v1/focus";
export const REST = { step: 15, min: 5, max: 600 };
const CONTROLS = ["label-field", "target-field", "stepper", "start-focus", "pause", "resume", "start-countdown", "start-rest",
  "start-break", "skip", "extend", "reset", "reset-cycle", "end-workout"];

let view = null; // { render, applyTimer } from focus.js, given to bindControls

// ---------- talking to the server ----------

export function showError(text) {
  const error = $("timer-error");
  setText(error, text);
  error.hidden = !text;
}

const LABELS = {
  start: "starting the timer", pause: "pausing the timer", resume: "resuming the timer", skip: "skipping the phase",
  extend: "changing the time left", reset: "stopping the timer", dismiss: "stopping the alarm", "end-workout": "ending the workout",
};

/**
 * Sends a timer command through the outbox with the time it was made, so it also works without a
 * connection: the page shows at once what the command does (focus-offline.js), the server applies
 * it at that time when it gets it, and its answer then becomes the state. A refusal says why.
 */
function command(name, body = {}) {
  showError("");
  const madeAt = serverNow();
  const workout = state.timer.workout;
  const predicted = predict(name, body, state.timer, state.settings, madeAt);
  if (predicted) view.showPredicted(predicted);
  if (predicted && name === "end-workout") {
    showWorkoutSummary({ ...workout, seconds: Math.round((madeAt - Date.parse(workout.startedAt)) / 1000) });
  }
  queue([{ url: `${API}/timer/${name}`, method: "POST", body: { ...body, madeAt: new Date(madeAt).toISOString() }, label: LABELS[name] }])
    .catch((error) => showError(error.message));
}

onOutcome((entry, result, outcome) => {
  if (!entry.url.startsWith(`${API}/timer/`)) return;
  if (outcome === "done") {
    view.applyTimer(result.data);
    return;
  }
  // Refused (the timer changed meanwhile): the reason shows by the timer, which goes back to the server's.
  showError(problemText(result));
  dismissRefused(entry.seq);
  refetch();
});

/**
 * A home-screen shortcut's start (`/focus?start=pomodoro` or `?start=rest`), once the page shows the
 * timer: an idle timer starts as its button would start it; one already running is left as it is.
 */
export function startFromShortcut() {
  const buttons = { pomodoro: "start-focus", rest: "start-rest" };
  const wanted = takeShortcut("start");
  if (wanted === null || !Object.hasOwn(buttons, wanted)) return;
  if (state.timer.phase !== "idle") {
    showError("A timer is already running or ringing, so the shortcut did not start another.");
    return;
  }
  selectView(wanted);
  $(buttons[wanted]).click();
}

// ---------- which controls show ----------

function visibleControls(t, mode) {
  if (t.phase === "alarm") return [];
  const active = isActive(t);
  if (mode === "countdown") return active ? [t.paused ? "resume" : "pause", "reset"] : ["target-field", "start-countdown"];
  if (mode === "rest") return active ? ["stepper", "reset", "end-workout"] : ["stepper", "start-rest", t.workout && "end-workout"];
  if (!active) return ["label-field", "start-focus", "start-break", t.cyclePosition > 0 && "reset-cycle"];
  return t.paused ? ["resume", "skip", "reset"] : ["pause", "skip", "extend", "reset"];
}

export function renderControls(t, mode) {
  const visible = new Set(visibleControls(t, mode));
  for (const name of CONTROLS) (document.querySelector(`[data-control="${name}"]`) || $(name)).hidden = !visible.has(name);
  for (const row of document.querySelectorAll("#controls .button-row")) row.hidden = ![...row.children].some((b) => !b.hidden);
  setText($("start-break"), longBreakDue(t) ? "Take a long break" : "Take a break");
  setText($("reset"), { pomodoro: "Reset", countdown: "Stop", rest: "Stop rest" }[mode]);
  const resting = t.phase === "rest";
  $("rest-value").hidden = resting;
  setText($("rest-value"), formatClock(state.restSeconds));
  for (const button of $("controls").querySelectorAll("button")) button.disabled = false;
  if (!resting) {
    $("rest-minus").disabled ||= state.restSeconds <= REST.min;
    $("rest-plus").disabled ||= state.restSeconds >= REST.max;
  }
  $("start-countdown").disabled ||= !targetValue();
}

// ---------- wiring ----------

function selectView(mode) {
  if (state.timer.phase !== "idle" || !["pomodoro", "countdown", "rest"].includes(mode)) return;
  state.view = mode;
  store("hearth.focus.view", mode);
  showError("");
  view.render();
}

/** ±15 s: the rest length for this rest (if one runs), the next ones and every device. */
function stepRest(sign) {
  if (state.timer.phase === "rest") command("extend", { seconds: sign * REST.step });
  const value = state.restSeconds;
  const next = sign > 0 ? Math.floor(value / REST.step) * REST.step + REST.step : Math.ceil(value / REST.step) * REST.step - REST.step;
  state.restSeconds = Math.max(REST.min, Math.min(REST.max, next));
  if (state.restSeconds !== value) rememberRestLength();
  view.render();
}

let restSave = null;
/** Saves the stepper's length as the rest setting once the taps stop. */
function rememberRestLength() {
  clearTimeout(restSave);
  restSave = setTimeout(async () => {
    // The settings as they are now (another device may have changed them), with the new length.
    const current = await request(`${API}/settings`);
    if (!current.ok) return;
    const { ok, data } = await request(`${API}/settings`, { method: "PUT", body: { ...current.data, restSeconds: state.restSeconds } });
    if (ok) state.settings = data;
  }, 700);
}

/** Connects the tabs and the timer's buttons; `page` is focus.js's { render, applyTimer, showPredicted }. */
export function bindControls(page) {
  view = page;
  const { render } = page;
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
  on("start-focus", () => {
    const label = $("focus-label").value.trim();
    command("start", { mode: "pomodoro", phase: "focus", ...(label ? { label } : {}) });
    if (state.settings.focusModeSuggestion) $("focus-hint").hidden = false;
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
}
