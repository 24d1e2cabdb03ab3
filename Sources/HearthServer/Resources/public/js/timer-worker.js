// Hearth Focus: a steady tick for the timer page.
//
// Browsers throttle setInterval in hidden tabs (to once a second, later once a minute); a
// worker's timers are throttled far less, so the title, sound and notification stay on time.
// The worker only says "tick": the page computes the time left from endsAt and the server's
// clock offset, so a late or missed tick never makes the display wrong, only late.
//
// Messages in:  { interval: ms, delay: ms }  tick every `interval` ms, the first after `delay`
//               (lets minute redraws land on the moment the shown minute changes);
//               { interval: 0 }               stop.
// Messages out: "tick".

let firstTick = null;
let ticks = null;

function stop() {
  clearTimeout(firstTick);
  clearInterval(ticks);
  firstTick = null;
  ticks = null;
}

self.onmessage = (event) => {
  const { interval = 0, delay = 0 } = event.data || {};
  stop();
  if (!(interval > 0)) return;
  const start = () => {
    self.postMessage("tick");
    ticks = setInterval(() => self.postMessage("tick"), interval);
  };
  if (delay > 0) firstTick = setTimeout(start, delay);
  else start();
};
