"""Settings → Security in a real browser: two-step sign-in set up with the QR code's key and an
authenticator app's code (Python's pyotp), the recovery codes shown once, the sign-in's second step
(a wrong code, a code used twice and a recovery code used twice refused), and turned off again."""

from __future__ import annotations

import time

import pyotp
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import PASSWORD, body_classes, confirm_and_wait_for_new_page, fill, log_in, register, submit_and_wait_for_new_page, unique_email, wait, wait_until_signed_in


def code_step(driver, code: str) -> None:
    """Types `code` into the sign-in's second step and submits it."""
    wait(driver).until(EC.visibility_of_element_located((By.ID, "code-form")))
    fill(driver, "#code", code)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "code-submit"))


def error_text(driver) -> str:
    return wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "main .error"))).text


def test_two_step_sign_in_with_an_authenticator_app(server, browser_factory, screenshot):
    email = unique_email()
    ada = browser_factory()
    register(ada, server, email)
    ada.get(f"{server}/settings/security")
    submit_and_wait_for_new_page(ada, ada.find_element(By.ID, "two-step-setup"))
    qr = ada.find_element(By.CSS_SELECTOR, "#qr-code svg")
    assert qr.size["width"] >= 160 and qr.size["width"] == qr.size["height"]
    app = pyotp.TOTP(ada.find_element(By.ID, "two-step-secret").text.replace(" ", ""))
    screenshot(ada, "security-two-step-setup-phone")
    fill(ada, "#enable-password", PASSWORD)
    fill(ada, "#enable-code", app.now())
    submit_and_wait_for_new_page(ada, ada.find_element(By.ID, "two-step-enable"))
    recovery = [item.text for item in ada.find_elements(By.CSS_SELECTOR, "#recovery-codes code")]
    assert len(recovery) == 10 and len(set(recovery)) == 10
    screenshot(ada, "security-recovery-codes-phone")

    # Another phone: the password alone leads to the second step, which refuses a wrong code.
    phone = browser_factory()
    log_in(phone, server, email)
    assert "signed-in" not in body_classes(phone)
    code_step(phone, "000000")
    assert "That code is not right" in error_text(phone)
    screenshot(phone, "security-code-step-phone")
    # The next step's code (accepted as the clock may lag by a step): later than the one that turned it on.
    code = app.at(time.time() + 30)
    code_step(phone, code)
    wait_until_signed_in(phone)

    # The same code again is refused; a recovery code signs in once.
    later = browser_factory()
    log_in(later, server, email)
    code_step(later, code)
    assert "used already" in error_text(later)
    code_step(later, recovery[0].upper())
    wait_until_signed_in(later)
    again = browser_factory()
    log_in(again, server, email)
    code_step(again, recovery[0])
    assert "used already" in error_text(again)

    # Turned off with the password: the password alone signs in again.
    ada.get(f"{server}/settings/security")
    assert "9 of 10 recovery codes left" in ada.find_element(By.ID, "two-step-state").text
    fill(ada, "#off-password", PASSWORD)
    submit_and_wait_for_new_page(ada, ada.find_element(By.ID, "two-step-off"))
    assert "Two-step sign-in is off" in ada.find_element(By.TAG_NAME, "main").text
    last = browser_factory()
    log_in(last, server, email)
    wait_until_signed_in(last)

    # Every browser is listed with its device; all but this one are signed out at once.
    ada.get(f"{server}/settings/security")
    devices = ada.find_element(By.ID, "device-list").text
    assert "this device" in devices and devices.count("Chrome on Linux") == 4, devices
    screenshot(ada, "security-devices-phone")
    confirm_and_wait_for_new_page(ada, ada.find_element(By.ID, "sign-out-others"), "Sign out every other browser?")
    assert ada.find_element(By.ID, "device-list").text.count("Chrome on Linux") == 1
    phone.refresh()
    wait(phone).until(lambda d: "/login" in d.current_url)
