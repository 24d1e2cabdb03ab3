// Hearth Focus: the end-of-phase sounds, synthesised with Web Audio (no sound files to fetch).
//
// Browsers only let a page make sound after a person has interacted with it, so the page calls
// unlockAudio() on the first tap or key press; until then playSound() is silent.

let context = null;
let loop = null;

/**
 * Creates or resumes the AudioContext; call from a user gesture (pointerdown, keydown, click).
 * Resolves when sound can play (or never will).
 */
export async function unlockAudio() {
  const AudioContextClass = window.AudioContext || window.webkitAudioContext;
  if (!AudioContextClass) return;
  if (!context) {
    try {
      context = new AudioContextClass();
    } catch {
      return;
    }
  }
  if (context.state === "suspended") await context.resume().catch(() => {});
}

/**
 * Plays one of the sound choices ("bell", "chime", "beep", "wood"; "none" is silent) at
 * `volume` percent. Returns how long it lasts in seconds (0 when nothing plays).
 */
export function playSound(name, volume) {
  const level = Math.max(0, Math.min(100, Number(volume) || 0)) / 100;
  const sound = SOUNDS[name];
  if (!context || !sound || level === 0) return 0;
  if (context.state !== "running") {
    // Notes scheduled now would all sound at once when the context resumes: skip this one.
    context.resume().catch(() => {});
    return 0;
  }
  const output = context.createGain();
  // Loudness is heard on a curve: squaring makes the slider feel even.
  output.gain.value = level * level;
  output.connect(context.destination);
  const seconds = sound(context, output, context.currentTime + 0.03);
  setTimeout(() => output.disconnect(), (seconds + 0.5) * 1000);
  return seconds;
}

/** Repeats the sound until stopAlarmLoop(); `choice()` returns the current {sound, volume}. */
export function startAlarmLoop(choice) {
  stopAlarmLoop();
  const ring = () => {
    const { sound, volume } = choice();
    const seconds = playSound(sound, volume);
    loop = setTimeout(ring, Math.max(2.5, seconds + 1.2) * 1000);
  };
  ring();
}

export function stopAlarmLoop() {
  clearTimeout(loop);
  loop = null;
}

/** One enveloped oscillator note: a fast attack, then an exponential decay to silence. */
function note(ctx, output, { start, duration, frequency, peak, type = "sine", attack = 0.005, glideTo = null }) {
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = type;
  oscillator.frequency.setValueAtTime(frequency, start);
  if (glideTo) oscillator.frequency.exponentialRampToValueAtTime(glideTo, start + duration);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + duration);
  oscillator.connect(gain).connect(output);
  oscillator.start(start);
  oscillator.stop(start + duration + 0.05);
}

const SOUNDS = {
  // A struck bell: inharmonic partials that die away at different speeds; struck twice.
  bell(ctx, output, start) {
    const partials = [[1, 0.5, 2.4], [2.76, 0.22, 1.5], [5.4, 0.1, 0.9], [8.93, 0.05, 0.5]];
    for (const strike of [0, 1.1]) {
      for (const [ratio, peak, duration] of partials) {
        note(ctx, output, { start: start + strike, duration, frequency: 587.33 * ratio, peak, attack: 0.003 });
      }
    }
    return 3.5;
  },
  // Three rising notes of a major chord, soft and round.
  chime(ctx, output, start) {
    [1046.5, 1318.5, 1568].forEach((frequency, index) => {
      note(ctx, output, { start: start + index * 0.22, duration: 1.4, frequency, peak: 0.35, type: "triangle", attack: 0.01 });
    });
    return 1.9;
  },
  // Three short electronic beeps, like a kitchen timer.
  beep(ctx, output, start) {
    for (let index = 0; index < 3; index += 1) {
      note(ctx, output, { start: start + index * 0.3, duration: 0.17, frequency: 880, peak: 0.22, type: "square", attack: 0.004 });
    }
    return 0.8;
  },
  // Two dry knocks: a falling sine body with a short bright click.
  wood(ctx, output, start) {
    for (const knock of [0, 0.2]) {
      note(ctx, output, { start: start + knock, duration: 0.12, frequency: 900, glideTo: 520, peak: 0.8, attack: 0.002 });
      note(ctx, output, { start: start + knock, duration: 0.03, frequency: 2600, peak: 0.25, type: "triangle", attack: 0.001 });
    }
    return 0.4;
  },
};
