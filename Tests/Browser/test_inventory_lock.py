"""The inventory's lock in a real browser at 360 px: chosen in Settings → Security; a page locking
immediately says it is shown every few seconds; once it has been quiet (hidden) for long enough, or
left unused for the chosen minutes, the page goes to the lock screen, which the password opens;
Focus stays open meanwhile, and "Lock" locks at once.

Time passes on the server's side only: the test moves the session's last use back in the database
(a virtual clock for this one column), then shows the page again, so nothing waits for minutes."""

from __future__ import annotations

import sqlite3

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from test_accounts import PASSWORD, click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import api, token_for


def database(server):
    return sqlite3.connect(server.data_dir / "hearth.sqlite", timeout=30)


def last_use(server) -> float | None:
    with database(server) as db:
        return db.execute("SELECT MAX(inventory_used_at) FROM sessions").fetchone()[0]


def time_passes(server, seconds: int) -> None:
    """Moves every session's last use of the inventory `seconds` back."""
    with database(server) as db:
        db.execute("UPDATE sessions SET inventory_used_at = inventory_used_at - ?", (seconds,))


def shown_again(driver) -> None:
    """What the page hears when the phone shows it again after another app."""
    driver.execute_script("document.dispatchEvent(new Event('visibilitychange'));")


def choose_lock(driver, base: str, title: str) -> None:
    driver.get(f"{base}/settings/security")
    Select(driver.find_element(By.ID, "lock-after")).select_by_visible_text(title)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "inventory-lock-save"))
    assert "Saved" in driver.find_element(By.CSS_SELECTOR, ".notice").text


def wait_for_lock_screen(driver) -> None:
    wait(driver).until(EC.visibility_of_element_located((By.ID, "unlock-form")))


def test_the_inventory_locks_when_hidden_or_unused_and_the_password_opens_it(stoppable_server, browser_factory, screenshot):
    server = stoppable_server
    base = server.base_url
    phone = browser_factory()
    email = unique_email()
    register(phone, base, email)
    api(base, "POST", "/api/v1/inventory/items", {"name": "Engagement ring"}, token_for(base, email))

    # Locking immediately: a shown page says so every few seconds.
    choose_lock(phone, base, "When the app is hidden")
    screenshot(phone, "inventory-lock/security")
    phone.get(f"{base}/inventory")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "lock-now")))
    assert phone.find_element(By.TAG_NAME, "html").get_attribute("data-inventory-lock") == "immediately"
    before = last_use(server)
    wait(phone).until(lambda _: last_use(server) != before)

    # Hidden for 20 seconds (nothing said meanwhile), then shown again: the lock screen, nothing of the inventory.
    time_passes(server, 20)
    shown_again(phone)
    wait_for_lock_screen(phone)
    assert phone.current_url.endswith("/unlock?next=%2Finventory")
    assert "Engagement ring" not in phone.page_source
    screenshot(phone, "inventory-lock/locked")

    # Focus stays open; the inventory asks for the password, and a wrong one is refused.
    phone.get(f"{base}/focus")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "main")))
    assert not phone.find_elements(By.ID, "unlock-form")
    phone.get(f"{base}/inventory")
    wait_for_lock_screen(phone)
    fill(phone, "#unlock-password", "not my password")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "unlock-submit"))
    assert "Email or password" not in phone.page_source and phone.find_element(By.CSS_SELECTOR, "#lock-screen .error").is_displayed()
    fill(phone, "#unlock-password", PASSWORD)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "unlock-submit"))
    wait(phone).until(EC.text_to_be_present_in_element((By.ID, "main"), "Engagement ring"))

    # After 5 minutes without use: the same, and "Lock" locks at once.
    choose_lock(phone, base, "After 5 minutes without use")
    phone.get(f"{base}/inventory")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "lock-now")))
    time_passes(server, 6 * 60)
    shown_again(phone)
    wait_for_lock_screen(phone)
    fill(phone, "#unlock-password", PASSWORD)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "unlock-submit"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "lock-now")))
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "lock-now"))
    wait_for_lock_screen(phone)
