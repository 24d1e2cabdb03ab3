// Hearth's welcome: the dots follow the screen in view (the screens and their "Next" links work
// without this, as anchors in a row that snaps).

const slides = [...document.querySelectorAll(".welcome-slide")];
const dots = [...document.querySelectorAll(".welcome-dots a")];

const seen = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const index = slides.indexOf(entry.target);
    dots.forEach((dot, at) => (at === index ? dot.setAttribute("aria-current", "step") : dot.removeAttribute("aria-current")));
  }
}, { root: document.getElementById("welcome-slides"), threshold: 0.6 });

for (const slide of slides) seen.observe(slide);
