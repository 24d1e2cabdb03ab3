"""Passkeys in a real browser at 360 px, with Chromium's virtual authenticator (DevTools' WebAuthn
domain: the phone's own, user verification on, as Face ID would be): one added in Settings →
Security, signing in with it, confirming it is you and opening the inventory's lock with it, and
refused once removed. The page is opened at http://localhost:<port>, the relying party of a
server without HEARTH_PUBLIC_URL."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait, wait_until_signed_in
from test_confirmation import eleven_minutes_pass
from test_inventory_lock import time_passes


def add_virtual_authenticator(driver) -> str:
    driver.execute_cdp_cmd("WebAuthn.enable", {"enableUI": False})
    return driver.execute_cdp_cmd("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True,
    }})["authenticatorId"]


def sign_in_with_passkey(driver, base: str, autofill: bool) -> None:
    """Opens the sign-in page signed out. With `autofill`, the email field's autofill offers the
    passkey (the virtual authenticator takes it at once); else the button asks for one."""
    driver.delete_all_cookies()
    if not autofill:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "PublicKeyCredential.isConditionalMediationAvailable = async () => false;"})
    driver.execute_script("window.hearthOldPage = true;")
    driver.get(f"{base}/login")
    if not autofill:
        click(driver, wait(driver).until(EC.visibility_of_element_located((By.ID, "passkey-button"))))


def test_a_passkey_signs_in_confirms_and_opens_the_lock_until_it_is_removed(stoppable_server, browser_factory, screenshot):
    server = stoppable_server
    base = server.base_url.replace("127.0.0.1", "localhost")
    phone = browser_factory()
    authenticator = add_virtual_authenticator(phone)
    register(phone, base, unique_email())

    # Added in Settings → Security, named for the device.
    phone.get(f"{base}/settings/security")
    fill(phone, "#passkey-name", "Ada's phone")
    phone.execute_script("window.hearthOldPage = true;")
    click(phone, phone.find_element(By.ID, "passkey-add"))
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Passkey added"))
    assert "Ada's phone" in phone.find_element(By.ID, "passkey-list").text
    credentials = phone.execute_cdp_cmd("WebAuthn.getCredentials", {"authenticatorId": authenticator})["credentials"]
    assert len(credentials) == 1 and credentials[0]["isResidentCredential"]
    screenshot(phone, "passkeys/security")

    # Signing in from the email field's autofill: no password, no code.
    sign_in_with_passkey(phone, base, autofill=True)
    wait_until_signed_in(phone)

    # Confirming it is you, 10 minutes later, and opening the inventory's lock.
    eleven_minutes_pass(server)
    phone.get(f"{base}/settings/backups")
    click(phone, wait(phone).until(EC.visibility_of_element_located((By.ID, "passkey-confirm"))))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "backup-zip")))
    phone.get(f"{base}/settings/security")
    Select(phone.find_element(By.ID, "lock-after")).select_by_visible_text("After 1 minute without use")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "inventory-lock-save"))
    time_passes(server, 120)
    phone.get(f"{base}/inventory")
    screenshot(phone, "passkeys/lock-screen")
    click(phone, wait(phone).until(EC.visibility_of_element_located((By.ID, "passkey-confirm"))))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "lock-now")))

    # Signing in with the button (where the browser offers no autofill).
    sign_in_with_passkey(phone, base, autofill=False)
    wait_until_signed_in(phone)

    # Removed: the device still offers it, Hearth refuses it.
    phone.get(f"{base}/settings/security")
    click(phone, phone.find_element(By.CSS_SELECTOR, ".remove-passkey"))
    wait(phone).until(EC.alert_is_present()).accept()
    wait(phone).until(EC.text_to_be_present_in_element((By.CSS_SELECTOR, ".notice"), "Passkey removed"))
    sign_in_with_passkey(phone, base, autofill=False)
    error = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "main .error")))
    assert "not known here" in error.text
    screenshot(phone, "passkeys/removed")
