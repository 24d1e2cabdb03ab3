// Hearth Focus: the timer settings dialog — filling it from the settings, reading and checking it,
// saving it to the API, the test sound, and the server's range errors in the user's words.

import { playSound, unlockAudio } from "./focus-audio.js";
import { formatDuration } from "./focus-clock.js";
import { problemText, request } from "./api.js";
import { API } from "./focus-controls.js";
import { $, announce, setText, state } from "./focus-page.js";

const DURATION_SETTINGS = { focusSeconds: "Focus", shortBreakSeconds: "Short break", longBreakSeconds: "Long break" };
const NUMBER_SETTINGS = { sessionsUntilLongBreak: "Focus sessions until a long break", restSeconds: "Rest length", volume: "Volume" };
const CHECK_SETTINGS = ["autoStartBreaks", "autoStartFocus", "skippedFocusCountsTowardsLongBreak", "vibration", "notifications", "focusModeSuggestion", "keepScreenAwake", "einkMinuteRedraw"];

const settingsForm = $("settings-form");
let view = null; // { render } from focus.js, given to bindSettings

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
    const problem = settingsProblem(problemText({ status, data }));
    showSettingsError(problem.text, problem.field);
    return;
  }
  state.settings = data;
  if (state.timer.phase !== "rest") state.restSeconds = data.restSeconds;
  $("settings-dialog").close();
  view.render();
  announce("Timer settings saved.");
}

/** Connects the dialog's buttons and form; `page` is focus.js's { render }. */
export function bindSettings(page) {
  view = page;
  const on = (id, handler) => $(id).addEventListener("click", handler);
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
}
