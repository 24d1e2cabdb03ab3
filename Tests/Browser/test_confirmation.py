"""Confirming it is you again, in a real browser at 360 px: 10 minutes after signing in, a restore
with replace (from a page left open), downloading a backup and creating an API token ask for the
password first; a wrong one is refused, the right one goes back to where it was.

Ten minutes pass on the server's side only: the test moves the session's confirmation back in the
database (a virtual clock for this one column), so nothing waits."""

from __future__ import annotations

import sqlite3

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import PASSWORD, click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_backup import download_backup
from test_inventory import api, token_for


def eleven_minutes_pass(server) -> None:
    """Moves every session's last confirmation 11 minutes back, as if that much time had passed."""
    with sqlite3.connect(server.data_dir / "hearth.sqlite", timeout=30) as database:
        database.execute("UPDATE sessions SET confirmed_at = confirmed_at - 660")


def confirm_with(driver, password: str) -> None:
    wait(driver).until(EC.visibility_of_element_located((By.ID, "confirm-form")))
    fill(driver, "#confirm-password", password)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "confirm-submit"))


def test_what_cannot_be_undone_asks_for_the_password_after_ten_minutes(stoppable_server, browser_factory, screenshot, artifacts):
    server = stoppable_server
    base = server.base_url
    phone = browser_factory()
    email = unique_email()
    register(phone, base, email)
    token = token_for(base, email)
    api(base, "POST", "/api/v1/inventory/items", {"name": "Kettle"}, token)
    phone.get(f"{base}/settings/backups")
    backup = artifacts / "confirmation" / "hearth-backup.json"
    backup.parent.mkdir(parents=True, exist_ok=True)
    backup.write_bytes(download_backup(phone, phone.find_element(By.ID, "backup-json").get_attribute("href")))

    # The page stays open while time passes: the preview still works, the replace asks first.
    eleven_minutes_pass(server)
    phone.find_element(By.ID, "restore-file").send_keys(str(backup))
    click(phone, phone.find_element(By.CSS_SELECTOR, 'input[name="strategy"][value="replace"]'))
    click(phone, phone.find_element(By.ID, "restore-preview"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "restore-run")))
    click(phone, phone.find_element(By.ID, "restore-run"))
    wait(phone).until(EC.alert_is_present()).accept()
    wait(phone).until(EC.visibility_of_element_located((By.ID, "confirm-form")))
    assert phone.current_url.endswith("/confirm?next=/settings/backups")
    screenshot(phone, "confirmation/asks")

    fill(phone, "#confirm-password", "not my password")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "confirm-submit"))
    assert "That password or code is not right" in phone.find_element(By.CSS_SELECTOR, "#confirm-card .error").text
    confirm_with(phone, PASSWORD)
    wait(phone).until(EC.visibility_of_element_located((By.ID, "backup-zip")))
    assert phone.current_url.endswith("/settings/backups?notice=confirmed")
    assert "Confirmed" in phone.find_element(By.CSS_SELECTOR, ".notice").text

    # Reopened later, the page asks before it offers a download or a restore.
    eleven_minutes_pass(server)
    phone.get(f"{base}/settings/backups")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "confirm-form")))
    assert not phone.find_elements(By.ID, "backup-zip") and not phone.find_elements(By.ID, "restore-form")
    screenshot(phone, "confirmation/backups-page")
    confirm_with(phone, PASSWORD)
    assert phone.find_element(By.ID, "backup-zip").is_displayed()

    # A new API token too; then the form makes one.
    eleven_minutes_pass(server)
    phone.get(f"{base}/settings/tokens")
    confirm_with(phone, PASSWORD)
    fill(phone, "#token-name", "laptop")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "token-create"))
    assert phone.find_element(By.ID, "new-token").text.startswith("hth_")
