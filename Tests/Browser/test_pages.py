"""Every page of `hearth routes`, as an accessibility audit would look at it: at 360 px in Light,
Dark and E-ink nothing scrolls sideways and text has a contrast of at least 4.5:1 (3:1 when large);
every page has a title, every field a label, every target 44 × 44 px. Screenshots of each page at
360 px, 390 px and on a 1280 px desktop in each theme are kept in .test-artifacts/browser/pages/."""

from __future__ import annotations

import json
import re
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC

from conftest import screenshot
from test_accounts import PASSWORD, click, log_in, register, submit_and_wait_for_new_page, unique_email, wait
from test_lists import add_item, create_list
from test_inventory import inventory_with_data
from test_security import page_paths

THEMES = ("light", "dark", "eink")
PHONE_WIDTH = 360

# Runs in the page; returns what the audit found. Colours are read as the browser computed them
# (rgb(), or color(srgb …) for color-mix()), backgrounds composed up the tree until opaque.
AUDIT = r"""
const visible = (el) => {
  if (el.closest("[hidden], [aria-hidden='true'], .visually-hidden, .skip-link, template, noscript")) return false;
  const style = getComputedStyle(el);
  if (style.visibility === "hidden" || style.display === "none") return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};
const parse = (text) => {
  let m = text.match(/^rgba?\(([^)]+)\)$/);
  if (m) { const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; }
  m = text.match(/^color\(srgb ([^)]+)\)$/);
  if (m) { const p = m[1].split(/[\s\/]+/).filter(Boolean).map(Number); return [p[0] * 255, p[1] * 255, p[2] * 255, p.length > 3 ? p[3] : 1]; }
  return null;
};
const over = (top, below) => {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i] * a + below[i] * (1 - a)).concat([1]);
};
const background = (el) => {
  const layers = [];
  for (let node = el; node; node = node.parentElement) {
    const colour = parse(getComputedStyle(node).backgroundColor);
    if (colour && colour[3] > 0) { layers.push(colour); if (colour[3] >= 1) break; }
  }
  return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255, 1]);
};
const luminance = (c) => {
  const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const describe = (el) => `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""} “${(el.textContent || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 30)}”`;

const lowContrast = [];
for (const el of document.querySelectorAll("body *")) {
  const svgText = el instanceof SVGTextElement;
  const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  if (!ownText || !visible(el) || el.closest(":disabled, [aria-disabled='true']")) continue;
  if (el.closest("svg") && !svgText) continue;
  const style = getComputedStyle(el);
  const colour = parse(svgText ? style.fill : style.color);
  if (!colour) continue;
  const back = background(svgText ? el.closest("svg").parentElement : el);
  const size = parseFloat(style.fontSize), bold = parseInt(style.fontWeight, 10) >= 700;
  const needed = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
  const found = ratio(over(colour, back), back);
  if (found < needed) lowContrast.push(`${describe(el)} ${found.toFixed(2)}:1`);
}

const unlabelled = [...document.querySelectorAll("input:not([type=hidden]), select, textarea")]
  .filter((el) => visible(el) && !el.labels?.length && !el.getAttribute("aria-label") && !el.getAttribute("aria-labelledby"))
  .map(describe);

const inSentence = (el) => getComputedStyle(el).display === "inline"
  && el.parentElement && el.parentElement.textContent.trim().length > el.textContent.trim().length;
const small = [...document.querySelectorAll("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]")]
  .filter((el) => visible(el) && !el.disabled && !inSentence(el))
  .map((el) => [el, (el.matches("input[type=checkbox], input[type=radio]") && el.closest("label")) || el])
  .filter(([, target]) => { const box = target.getBoundingClientRect(); return box.width < 43.5 || box.height < 43.5; })
  .map(([el, target]) => { const box = target.getBoundingClientRect(); return `${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`; });

return {
  title: document.title, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
  lowContrast, unlabelled, small,
};
"""


def audit(driver, url: str) -> dict:
    driver.get(url)
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
    wait(driver).until(EC.presence_of_element_located((By.TAG_NAME, "main")))
    return driver.execute_script(AUDIT)


def use_theme(driver, server: str, theme: str) -> None:
    driver.get(f"{server}/settings/appearance")
    click(driver, wait(driver).until(EC.presence_of_element_located((By.ID, f"theme-{theme}"))))
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "appearance-save"))


def slug(path: str) -> str:
    """A file name for a page: ids and invite secrets left out."""
    path = re.sub(r"/invite/.*", "/invite", re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}", "id", path.lower()))
    return re.sub(r"[^a-z0-9]+", "-", path).strip("-") or "home"


def some_history(server: str, email: str) -> None:
    """A skipped focus session, so that History and Statistics have a row and a bar."""
    def call(method, path, body=None, token=None):
        request = urllib.request.Request(f"{server}{path}", method=method, data=json.dumps(body).encode() if body else None,
                                         headers={"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"{}")
    token = call("POST", "/api/v1/auth/tokens", {"email": email, "password": PASSWORD, "name": "pages test"})["token"]
    call("POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token)
    call("POST", "/api/v1/focus/timer/skip", token=token)
    if call("GET", "/api/v1/focus/timer", token=token)["phase"] != "idle":
        call("POST", "/api/v1/focus/timer/reset", token=token)


def every_page_of_a_busy_household(driver, server: str, hearth_bin) -> tuple[str, list[str], str]:
    """Registers someone in `driver` with a list of two items, a skipped focus session, an invite and
    an inventory with a photo, a receipt and a claim. Returns their email, every page of `hearth
    routes` with their ids, and the invite's address."""
    email = unique_email()
    register(driver, server, email)
    list_id = create_list(driver, server, "Groceries", "🛒")
    add_item(driver, "Milk", "2 l")
    add_item(driver, "Whole-grain sourdough bread from the bakery on the corner", "1 loaf")
    some_history(server, email)
    driver.get(f"{server}/settings/household")
    submit_and_wait_for_new_page(driver, wait(driver).until(EC.element_to_be_clickable((By.ID, "invite-create"))))
    invite = wait(driver).until(EC.presence_of_element_located((By.ID, "invite-link"))).get_attribute("value")
    inventory = inventory_with_data(server, email)
    ids = {"/lists": list_id, "/inventory/items": inventory["item"], "/inventory/receipts": inventory["receipt"],
           "/inventory/receipts/{id}/items": inventory["item"], "/inventory/claims": inventory["claim"], "{secret}": re.sub(r".*/invite/", "", invite)}
    return email, page_paths(hearth_bin, ids), invite


def test_every_page_fits_a_phone_reads_well_and_can_be_tapped(server, browser_factory, hearth_bin):
    phone = browser_factory(width=PHONE_WIDTH, height=740)
    desktop = browser_factory(width=1280, height=900)
    everyday_phone = browser_factory(width=390, height=844)  # screenshots as most phones show the pages

    signed_out = ["/login", "/register", "/privacy", "/no-such-page"]
    email, pages, invite = every_page_of_a_busy_household(phone, server, hearth_bin)
    signed_in = pages + ["/lists/not-a-list", "/no-such-page"]
    log_in(desktop, server, email)
    log_in(everyday_phone, server, email)

    problems: list[str] = []
    for theme in THEMES:
        use_theme(phone, server, theme)
        for path in signed_in:
            found = audit(phone, server + path)
            screenshot(phone, f"pages/{theme}-phone-{slug(path)}")
            if found["scrollWidth"] > PHONE_WIDTH:
                problems.append(f"{theme} {path}: {found['scrollWidth']} px wide at {PHONE_WIDTH} px")
            problems += [f"{theme} {path}: contrast {item}" for item in found["lowContrast"]]
            if theme == "light":
                if not found["title"] or found["title"].startswith("·"):
                    problems.append(f"{path}: no title")
                problems += [f"{path}: no label for {item}" for item in found["unlabelled"]]
                problems += [f"{path}: target under 44 px: {item}" for item in found["small"]]
            for driver, name in ((desktop, "desktop"), (everyday_phone, "390")):
                driver.get(server + path)
                wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
                screenshot(driver, f"pages/{theme}-{name}-{slug(path)}")

    anonymous = browser_factory(width=PHONE_WIDTH, height=740)
    for path in signed_out + [re.sub(r"^https?://[^/]+", "", invite)]:
        found = audit(anonymous, server + path)
        screenshot(anonymous, f"pages/signed-out-phone-{slug(path)}")
        if found["scrollWidth"] > PHONE_WIDTH:
            problems.append(f"signed out {path}: {found['scrollWidth']} px wide")
        problems += [f"signed out {path}: contrast {item}" for item in found["lowContrast"]]
        problems += [f"signed out {path}: no label for {item}" for item in found["unlabelled"]]
        problems += [f"signed out {path}: target under 44 px: {item}" for item in found["small"]]
    assert not problems, "\n".join(problems)


def test_the_first_tab_stop_skips_to_the_content(server, browser_factory):
    phone = browser_factory()
    register(phone, server, unique_email())
    phone.get(f"{server}/lists")
    phone.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    skip = phone.switch_to.active_element
    assert skip.text == "Skip to content" and skip.is_displayed()
    skip.send_keys(Keys.ENTER)
    phone.switch_to.active_element.send_keys(Keys.TAB)
    focused = phone.switch_to.active_element
    assert focused.find_element(By.XPATH, "ancestor::main"), "after the skip link, Tab continues in the page, not the tab bar"
