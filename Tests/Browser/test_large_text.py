"""Every page at 200 % text size on a 390 px phone, as someone with the browser's (or iOS's) larger
text sees it: nothing scrolls sideways, no text is cut off, overlaps other text or sits off the
screen, and the timer's digits still fit. Screenshots in .test-artifacts/browser/large-text/."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import screenshot
from test_accounts import click, register, unique_email, wait
from test_pages import every_page_of_a_busy_household, slug

WIDTH = 390
# Chromium's default text size is 16 px; the person's setting doubles it, as iOS's largest standard
# size and the browsers' 200 % text zoom do. Pages size text in rem and em, so everything follows.
LARGE_TEXT = {"standard": 32, "fixed": 26}

# Runs in the page: text cut off by its box, text over other text, text outside the screen.
LAYOUT = r"""
const hiddenAway = (el) => el.closest("[hidden], [aria-hidden='true'], .visually-hidden, .skip-link, template, noscript, dialog:not([open]), details:not([open]) > :not(summary)");
const describe = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${typeof el.className === "string" && el.className.trim() ? "." + el.className.trim().split(/\s+/).join(".") : ""} “${el.textContent.trim().slice(0, 30)}”`;
const pinned = (el) => { for (let n = el; n; n = n.parentElement) { const p = getComputedStyle(n).position; if (p === "fixed" || p === "sticky") return n; } return null; };
const scrollsSideways = (el) => { for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) { const o = getComputedStyle(n).overflowX; if ((o === "auto" || o === "scroll") && n.scrollWidth > n.clientWidth) return true; } return false; };

// A text's box as far as the boxes around it that clip show it (null when none of it shows).
const shownPart = (el, box) => {
  let [left, top, right, bottom] = [box.left, box.top, box.right, box.bottom];
  for (let n = el; n && n !== document.body; n = n.parentElement) {
    const style = getComputedStyle(n);
    if (style.overflowX === "visible" && style.overflowY === "visible") continue;
    const clip = n.getBoundingClientRect();
    [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
  }
  return right - left > 0.5 && bottom - top > 0.5 ? { left, top, right, bottom } : null;
};
const texts = [];
for (const el of document.querySelectorAll("body *")) {
  if (hiddenAway(el) || el.closest("svg, select, option")) continue;
  const style = getComputedStyle(el);
  if (style.visibility === "hidden" || style.display === "none" || parseFloat(style.opacity) === 0) continue;
  const own = el.getBoundingClientRect();
  if (own.width <= 1 && own.height <= 1) continue; // visually hidden: for screen readers only
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      const box = shownPart(el, rect);
      if (box) texts.push({ el, box });
    }
  }
}

const clipped = new Set(), outside = new Set(), overlapping = new Set();
for (const el of new Set(texts.map((t) => t.el))) {
  const style = getComputedStyle(el);
  const clips = ["hidden", "clip"].includes(style.overflowX) || ["hidden", "clip"].includes(style.overflowY);
  if (clips && style.textOverflow !== "ellipsis" && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2)) clipped.add(describe(el));
}
// The screen's width (a page wider than it makes a phone's layout viewport, and innerWidth, grow).
const width = arguments[0];
for (const { el, box } of texts) {
  if ((box.right > width + 1 || box.left < -1) && !scrollsSideways(el)) outside.add(describe(el));
}
for (let i = 0; i < texts.length; i++) {
  for (let j = i + 1; j < texts.length; j++) {
    const a = texts[i], b = texts[j];
    if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
    if (pinned(a.el) !== pinned(b.el)) continue; // the tab bar over content that scrolls under it
    // A line's box holds the font's whole ascent and descent; the letters take its middle. Lines set
    // tighter than the font (line-height 1.25) touch at the edges without their letters meeting.
    const inset = (box) => { const trim = 0.15 * (box.bottom - box.top); return { top: box.top + trim, bottom: box.bottom - trim }; };
    const [p, q] = [inset(a.box), inset(b.box)];
    const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > 2 && y > 2) overlapping.add(`${describe(a.el)} × ${describe(b.el)}`);
  }
}
// Fields too narrow to show three characters of what is typed in them.
const squeezed = [...document.querySelectorAll("input:not([type=checkbox]):not([type=radio]):not([type=color]):not([type=hidden]):not([type=file]):not([type=range]), textarea")]
  .filter((el) => !hiddenAway(el) && el.getBoundingClientRect().width > 1 && el.clientWidth < 3 * parseFloat(getComputedStyle(el).fontSize))
  .map((el) => `${describe(el)} ${el.name || el.placeholder} ${el.clientWidth} px`);
// What makes the page wider than the screen: the innermost boxes past its right edge.
const wide = [...document.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > width + 1 && !scrollsSideways(el)
  && ![...el.children].some((child) => child.getBoundingClientRect().right > width + 1)).slice(0, 5)
  .map((el) => describe(el.closest("svg")?.parentElement ?? el) + ` ${Math.round(el.getBoundingClientRect().right)}`);
return { scrollWidth: document.documentElement.scrollWidth, wide, squeezed, rootFontSize: parseFloat(getComputedStyle(document.documentElement).fontSize),
         clipped: [...clipped], outside: [...outside], overlapping: [...overlapping] };
"""


def large_text_browser(browser_factory):
    phone = browser_factory(width=WIDTH, height=844)
    phone.execute_cdp_cmd("Page.setFontSizes", {"fontSizes": LARGE_TEXT})
    return phone


def layout_of(driver, url: str) -> dict:
    driver.get(url)
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
    wait(driver).until(EC.presence_of_element_located((By.TAG_NAME, "main")))
    return driver.execute_script(LAYOUT, WIDTH)


def test_every_page_works_at_200_percent_text(server, browser_factory, hearth_bin):
    phone = large_text_browser(browser_factory)
    _, pages, _ = every_page_of_a_busy_household(phone, server, hearth_bin)
    problems: list[str] = []
    for path in pages:
        found = layout_of(phone, server + path)
        screenshot(phone, f"large-text/{slug(path)}")
        assert found["rootFontSize"] == 32, "the browser's text size did not reach the page"
        if found["scrollWidth"] > WIDTH:
            problems.append(f"{path}: {found['scrollWidth']} px wide at {WIDTH} px, past the edge: {', '.join(found['wide'])}")
        problems += [f"{path}: text cut off: {item}" for item in found["clipped"]]
        problems += [f"{path}: text off the screen: {item}" for item in found["outside"]]
        problems += [f"{path}: text over text: {item}" for item in found["overlapping"]]
        problems += [f"{path}: field too narrow: {item}" for item in found["squeezed"]]
    assert not problems, "\n".join(problems)


def test_the_timer_digits_fit_at_200_percent_text(server, browser_factory):
    phone = large_text_browser(browser_factory)
    register(phone, server, unique_email())
    for start in ("pomodoro", "rest"):
        phone.get(f"{server}/focus?start={start}")
        wait(phone).until(lambda d: d.find_element(By.ID, "time").text not in ("", "--:--"))
        # The page starts the timer after it loads (the idle digits show first); it runs once Reset shows.
        reset = wait(phone).until(EC.visibility_of_element_located((By.ID, "reset")))
        fits = phone.execute_script("""
            const time = document.getElementById("time"), box = time.getBoundingClientRect();
            return time.scrollWidth <= time.clientWidth + 1 && box.left >= 0 && box.right <= window.innerWidth;""")
        assert fits, f"the {start} digits overflow"
        found = phone.execute_script(LAYOUT, WIDTH)
        assert not found["overlapping"] and not found["outside"] and not found["clipped"], found
        screenshot(phone, f"large-text/focus-running-{start}")
        click(phone, reset)
        wait(phone).until(lambda d: d.find_element(By.ID, "phase-label").text == "Ready")
