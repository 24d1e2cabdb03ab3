"""Focus in a real browser: a 3-second Pomodoro ends and its break begins, a second window follows
the first through the event stream, the rest alarm rings everywhere, and the page's layouts."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from test_accounts import WAIT_SECONDS, click, register, submit_and_wait_for_new_page, unique_email, wait

FOLLOW_SECONDS = 2  # how soon another window must show a change made in the first


# ---------- helpers ----------

def text_of(driver, element_id: str) -> str:
    return driver.find_element(By.ID, element_id).text.strip()


def shown(driver, element_id: str) -> bool:
    elements = driver.find_elements(By.ID, element_id)
    return bool(elements) and elements[0].is_displayed()


def seconds_of(clock: str) -> int:
    """'04:59' -> 299, '1:00:00' -> 3600."""
    total = 0
    for part in clock.split(":"):
        total = total * 60 + int(part)
    return total


def open_focus(driver, base_url: str) -> None:
    """Opens the Focus page and waits until it has drawn the timer and joined the event stream."""
    driver.get(f"{base_url}/focus")
    wait(driver).until(lambda d: text_of(d, "time") not in ("", "--:--"))
    wait(driver).until(lambda d: d.find_element(By.ID, "focus").get_attribute("data-live") == "true")


def second_window_of(driver, base_url: str, browser_factory, width: int = 1280, height: int = 800):
    """Another browser signed in as the same user (the first one's session cookie)."""
    other = browser_factory(width=width, height=height)
    other.get(f"{base_url}/privacy")  # a cookie can only be set on a page of its site
    session = next(c for c in driver.get_cookies() if c["name"] == "hearth_session")
    other.add_cookie({"name": session["name"], "value": session["value"], "path": "/"})
    return other


def set_number(driver, name: str, value: int) -> None:
    field = driver.find_element(By.CSS_SELECTOR, f"#settings-dialog [name='{name}']")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", field)
    field.clear()
    field.send_keys(str(value))


def set_checkbox(driver, name: str, checked: bool) -> None:
    box = driver.find_element(By.CSS_SELECTOR, f"#settings-dialog [name='{name}']")
    if box.is_selected() != checked:
        click(driver, box)


def change_settings(driver, numbers: dict[str, int], checks: dict[str, bool], shot=None) -> None:
    """Opens the settings sheet, changes fields, saves, and waits for the sheet to close."""
    click(driver, driver.find_element(By.ID, "open-settings"))
    wait(driver).until(EC.visibility_of_element_located((By.ID, "settings-dialog")))
    for name, value in numbers.items():
        set_number(driver, name, value)
    for name, checked in checks.items():
        set_checkbox(driver, name, checked)
    if shot:
        shot()
    click(driver, driver.find_element(By.ID, "settings-save"))
    wait(driver).until(EC.invisibility_of_element_located((By.ID, "settings-dialog")))


def use_eink_theme(driver, base_url: str) -> None:
    driver.get(f"{base_url}/settings/appearance")
    click(driver, wait(driver).until(EC.presence_of_element_located((By.ID, "theme-eink"))))
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "appearance-save"))


def no_horizontal_scroll(driver) -> bool:
    return driver.execute_script("return document.documentElement.scrollWidth <= window.innerWidth;")


# ---------- tests ----------

def test_pomodoro_ends_its_break_begins_and_history_lists_it(server, browser_factory, screenshot):
    driver = browser_factory()
    register(driver, server, unique_email())
    open_focus(driver, server)
    assert driver.find_element(By.ID, "tab-pomodoro").get_attribute("aria-selected") == "true"
    assert text_of(driver, "time") == "25:00"
    assert driver.title == "Focus · Hearth"
    screenshot(driver, "focus-idle-phone")

    # A 3-second focus and break, and breaks that start by themselves, through the settings sheet.
    change_settings(driver,
                    {"focusSeconds-min": 0, "focusSeconds-sec": 3, "shortBreakSeconds-min": 0, "shortBreakSeconds-sec": 3},
                    {"autoStartBreaks": True},
                    shot=lambda: screenshot(driver, "focus-settings-phone"))
    wait(driver).until(lambda d: text_of(d, "time") == "00:03")

    # Start: the time counts down and the tab title shows it.
    click(driver, driver.find_element(By.ID, "start-focus"))
    wait(driver).until(lambda d: text_of(d, "phase-label") == "Focus" and shown(d, "pause"))
    started_at = seconds_of(text_of(driver, "time"))
    assert 1 <= started_at <= 3
    seen: dict[str, str] = {}

    def counted_down(d) -> bool:
        # One script reads label, time and title together, so they belong to the same moment.
        label, clock, title = d.execute_script(
            "return ['phase-label', 'time'].map(id => document.getElementById(id).textContent).concat(document.title);")
        seen.update(clock=clock, title=title)
        return label == "Focus" and seconds_of(clock) < started_at

    WebDriverWait(driver, WAIT_SECONDS, poll_frequency=0.1).until(counted_down)
    assert seen["title"] == f"{seen['clock']} · Focus — Hearth"
    screenshot(driver, "focus-running-phone")

    # The focus session ends and the short break begins without a tap.
    wait(driver).until(lambda d: text_of(d, "phase-label") == "Short Break")
    wait(driver).until(lambda d: d.title.endswith(" · Short Break — Hearth") or text_of(d, "phase-label") != "Short Break")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#cycle-dots span.dot")) == 4
    assert len(driver.find_elements(By.CSS_SELECTOR, "#cycle-dots span.dot.filled")) == 1
    assert text_of(driver, "completed-today") == "Completed today: 1"
    screenshot(driver, "focus-short-break-phone")

    # The break ends too (auto-start focus is off): back to ready.
    wait(driver).until(lambda d: text_of(d, "phase-label") == "Ready" and shown(d, "start-focus"))
    assert shown(driver, "reset-cycle")

    # History lists the focus session.
    driver.get(f"{server}/focus/history")
    rows = wait(driver).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sessions li.session"))
    kinds = [row.find_element(By.CSS_SELECTOR, ".kind").text.strip().lower() for row in rows]
    assert "focus" in kinds, kinds
    screenshot(driver, "focus-history-phone")


def test_a_second_window_follows_the_first(server, browser_factory, screenshot):
    first = browser_factory()
    register(first, server, unique_email())
    second = second_window_of(first, server, browser_factory)
    open_focus(first, server)
    open_focus(second, server)
    second.execute_script("window.hearthSamePage = true;")

    # Start in the first window: the second shows the running time, without a reload.
    click(first, first.find_element(By.ID, "start-focus"))
    wait(first).until(lambda d: shown(d, "pause"))
    WebDriverWait(second, FOLLOW_SECONDS).until(lambda d: text_of(d, "phase-label") == "Focus" and shown(d, "pause"))
    assert 24 * 60 <= seconds_of(text_of(second, "time")) <= 25 * 60
    assert second.execute_script("return window.hearthSamePage === true;")
    screenshot(first, "focus-follow-started-phone")
    screenshot(second, "focus-follow-started-desktop")

    # Pause in the second window: the first shows it paused.
    click(second, second.find_element(By.ID, "pause"))
    WebDriverWait(first, FOLLOW_SECONDS).until(lambda d: shown(d, "resume") and "Paused" in text_of(d, "phase-label"))
    assert first.title.startswith("Paused")
    assert not shown(first, "pause")
    # Paused, both show the same frozen time.
    wait(first).until(lambda d: text_of(d, "time") == text_of(second, "time"))
    screenshot(first, "focus-follow-paused-phone")
    screenshot(second, "focus-follow-paused-desktop")

    # A command that does not fit the state (as from a stale page) shows the server's reason and
    # changes nothing.
    first.execute_script("document.getElementById('start-focus').click();")
    error = wait(first).until(EC.visibility_of_element_located((By.ID, "timer-error")))
    assert error.get_attribute("role") == "alert" and "paused" in error.text
    assert shown(first, "resume") and shown(second, "resume")
    screenshot(first, "focus-error-phone")

    # Reset in the first window: both are ready again.
    click(first, first.find_element(By.ID, "reset"))
    WebDriverWait(second, FOLLOW_SECONDS).until(lambda d: shown(d, "start-focus"))
    assert not shown(first, "timer-error")


def test_rest_alarm_rings_in_every_window_and_is_dismissed(server, browser_factory, screenshot):
    first = browser_factory()
    register(first, server, unique_email())
    second = second_window_of(first, server, browser_factory)
    open_focus(first, server)
    open_focus(second, server)

    # A 5-second rest: the stepper goes down in 15-second steps and stops at 5 s.
    click(first, first.find_element(By.ID, "tab-rest"))
    assert text_of(first, "time") == "01:30"
    while text_of(first, "time") != "00:05":
        assert first.find_element(By.ID, "rest-minus").is_enabled()
        click(first, first.find_element(By.ID, "rest-minus"))
    assert not first.find_element(By.ID, "rest-minus").is_enabled()
    screenshot(first, "focus-rest-idle-phone")

    click(first, first.find_element(By.ID, "start-rest"))
    wait(first).until(lambda d: text_of(d, "phase-label") == "Rest")
    WebDriverWait(second, FOLLOW_SECONDS).until(lambda d: text_of(d, "phase-label") == "Rest")
    assert second.find_element(By.ID, "tab-rest").get_attribute("aria-selected") == "true"
    screenshot(first, "focus-rest-running-phone")

    # About five seconds later the alarm covers both windows.
    wait(first).until(EC.visibility_of_element_located((By.ID, "alarm")))
    WebDriverWait(second, FOLLOW_SECONDS).until(EC.visibility_of_element_located((By.ID, "alarm")))
    assert "Rest over" in text_of(first, "alarm")
    assert first.title.startswith("Rest over")
    screenshot(first, "focus-rest-alarm-phone")
    screenshot(second, "focus-rest-alarm-desktop")

    # Dismissing it in one window hides it in both.
    click(second, second.find_element(By.ID, "dismiss"))
    wait(second).until(EC.invisibility_of_element_located((By.ID, "alarm")))
    WebDriverWait(first, FOLLOW_SECONDS).until(EC.invisibility_of_element_located((By.ID, "alarm")))
    assert "1 rest" in text_of(first, "workout-status")

    # Ending the workout shows its summary.
    click(first, first.find_element(By.ID, "end-workout"))
    wait(first).until(EC.visibility_of_element_located((By.ID, "workout-summary")))
    assert text_of(first, "workout-rests") == "1"
    screenshot(first, "focus-workout-summary-phone")

    # The stepped length is the rest length from now on: on the idle screen, after a reload and
    # in the other window.
    for window in (first, second):
        open_focus(window, server)
        click(window, window.find_element(By.ID, "tab-rest"))
        wait(window).until(lambda d: text_of(d, "time") == "00:05")


def test_layouts_phone_desktop_landscape_and_eink(server, browser_factory, screenshot):
    phone = browser_factory(width=360, height=740)
    register(phone, server, unique_email())
    open_focus(phone, server)
    assert no_horizontal_scroll(phone)

    # Countdown tab: a time input and the summary card with now, time left and target.
    click(phone, phone.find_element(By.ID, "tab-countdown"))
    wait(phone).until(lambda d: shown(d, "countdown-card") and shown(d, "countdown-target"))
    assert phone.find_element(By.ID, "countdown-target").get_attribute("value")
    assert text_of(phone, "summary-target") not in ("", "--:--")
    assert text_of(phone, "time").endswith(" min"), "before the start the time left reads as a length, not a time of day"
    click(phone, phone.find_element(By.ID, "start-countdown"))
    wait(phone).until(lambda d: text_of(d, "phase-label") == "Countdown" and shown(d, "pause"))
    assert not phone.find_element(By.ID, "tab-pomodoro").is_enabled()
    assert no_horizontal_scroll(phone)
    screenshot(phone, "focus-countdown-phone")
    click(phone, phone.find_element(By.ID, "reset"))
    wait(phone).until(lambda d: shown(d, "start-countdown"))

    # Desktop, then a landscape phone: the time sits beside the ring.
    desktop = second_window_of(phone, server, browser_factory, width=1280, height=800)
    open_focus(desktop, server)
    screenshot(desktop, "focus-countdown-desktop")
    click(desktop, desktop.find_element(By.ID, "tab-pomodoro"))
    screenshot(desktop, "focus-idle-desktop")
    landscape = second_window_of(phone, server, browser_factory, width=740, height=360)
    open_focus(landscape, server)
    time_box, ring_box = landscape.execute_script(
        "return ['#time', '.ring'].map(s => document.querySelector(s).getBoundingClientRect().toJSON());")
    assert time_box["right"] <= ring_box["left"], (time_box, ring_box)
    screenshot(landscape, "focus-landscape")

    # E-ink with the minute redraw: minutes only, black on white.
    use_eink_theme(phone, server)
    open_focus(phone, server)
    click(phone, phone.find_element(By.ID, "tab-pomodoro"))
    change_settings(phone, {}, {"einkMinuteRedraw": True})
    wait(phone).until(lambda d: text_of(d, "time") == "25 min")
    assert no_horizontal_scroll(phone)
    screenshot(phone, "focus-eink-phone")
    click(phone, phone.find_element(By.ID, "open-settings"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "settings-dialog")))
    screenshot(phone, "focus-eink-settings-phone")


def test_the_history_is_cleared_after_a_confirmation_that_counts_what_goes(server, browser_factory):
    from test_pages import some_history
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    some_history(server, email)
    phone.get(f"{server}/focus/history")
    wait(phone).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#sessions .session"))
    # Before a day long past: nothing goes, and the page says so.
    click(phone, phone.find_element(By.CSS_SELECTOR, "#clear-history summary"))
    phone.execute_script("document.getElementById('clear-before').value = '2001-01-01'")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "clear-start"))
    assert "no sessions to delete before 2001-01-01" in text_of(phone, "clear-question")
    assert not phone.find_elements(By.ID, "clear-delete")
    # Everything: the count first, then the deletion.
    phone.get(f"{server}/focus/history")
    click(phone, phone.find_element(By.CSS_SELECTOR, "#clear-history summary"))
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "clear-start"))
    assert text_of(phone, "clear-question").startswith("Delete 1 session,")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "clear-delete"))
    wait(phone).until(lambda d: "History cleared" in d.find_element(By.TAG_NAME, "body").text)
    assert not phone.find_elements(By.CSS_SELECTOR, "#sessions .session")


def test_a_skipped_focus_moves_the_cycle_on_only_with_the_setting(server, browser_factory):
    phone = browser_factory()
    register(phone, server, unique_email())
    open_focus(phone, server)
    cycle = lambda d: d.find_element(By.ID, "cycle-dots").get_attribute("aria-label")  # noqa: E731
    # The default: a skipped focus leaves the cycle where it was.
    click(phone, phone.find_element(By.ID, "start-focus"))
    wait(phone).until(lambda d: shown(d, "skip"))
    click(phone, phone.find_element(By.ID, "skip"))
    wait(phone).until(lambda d: text_of(d, "phase-label") == "Ready" and shown(d, "start-focus"))
    assert cycle(phone) == "0 of 4 focus sessions before a long break"
    change_settings(phone, {}, {"skippedFocusCountsTowardsLongBreak": True})
    click(phone, phone.find_element(By.ID, "start-focus"))
    wait(phone).until(lambda d: shown(d, "skip"))
    click(phone, phone.find_element(By.ID, "skip"))
    wait(phone).until(lambda d: cycle(d) == "1 of 4 focus sessions before a long break")
    assert text_of(phone, "completed-today") == "Completed today: 0"
    # The setting is the account's: it is still on after a reload.
    open_focus(phone, server)
    click(phone, phone.find_element(By.ID, "open-settings"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "settings-dialog")))
    assert phone.find_element(By.CSS_SELECTOR, "#settings-dialog [name='skippedFocusCountsTowardsLongBreak']").is_selected()
