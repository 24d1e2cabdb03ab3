"""Password reset by mail, in a real browser at 360 px: "Forgot your password?" mails a link through
a real SMTP server on this machine (Python's aiosmtpd); the same answer for an address without an
account (and no mail for it); the link sets a new password once, signs every browser out, and is
refused afterwards. Without mail, the page says to ask the server's owner."""

from __future__ import annotations

import email
import email.policy
import re
import time
import urllib.parse

import pytest
from aiosmtpd.controller import Controller
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import HearthServer
from hearth_server import free_port, request
from test_accounts import PASSWORD, click, fill, log_in, submit_and_wait_for_new_page, unique_email, wait, wait_until_signed_in

NEW_PASSWORD = "a brand new passphrase"


class Inbox:
    """Every mail the SMTP server received."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 Message accepted"

    def wait_for(self, address: str, timeout: float = 30) -> email.message.EmailMessage:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = [message for message in self.messages if message["To"] == address]
            if found:
                return found[-1]
            time.sleep(0.1)  # polling interval of the mailbox, not a wait for the page
        pytest.fail(f"No mail to {address} within {timeout:.0f} s; the mailbox has {[m['To'] for m in self.messages]}")


@pytest.fixture
def mail_server():
    """A server that mails through an SMTP server on this machine: yields (HearthServer, Inbox)."""
    inbox = Inbox()
    smtp = Controller(inbox, hostname="127.0.0.1", port=free_port())
    smtp.start()
    server = HearthServer(extra_env={"HEARTH_SMTP_URL": f"smtp://127.0.0.1:{smtp.port}", "HEARTH_MAIL_FROM": "Hearth <hearth@example.org>"})
    server.env["HEARTH_PUBLIC_URL"] = server.base_url
    try:
        server.start()
        yield server, inbox
    finally:
        server.close()
        smtp.stop()


def test_a_mailed_link_sets_a_new_password_once(mail_server, browser_factory, screenshot):
    server, inbox = mail_server
    base = server.base_url
    address = unique_email()
    status, _ = request(base, "POST", "/api/v1/auth/register", {"name": "Zoë", "email": address, "password": PASSWORD})
    assert status == 201
    other_browser = browser_factory()
    log_in(other_browser, base, address)
    wait_until_signed_in(other_browser)

    phone = browser_factory()
    phone.get(f"{base}/login")
    click(phone, phone.find_element(By.ID, "forgot-link"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "forgot-form")))
    fill(phone, "#forgot-email", address)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "forgot-submit"))
    sent = phone.find_element(By.ID, "reset-sent").text
    screenshot(phone, "password-reset/sent")
    # An address without an account hears the same, and gets nothing.
    stranger = unique_email()
    phone.get(f"{base}/password/forgot")
    fill(phone, "#forgot-email", stranger)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "forgot-submit"))
    assert phone.find_element(By.ID, "reset-sent").text == sent.replace(address, stranger)

    mail = inbox.wait_for(address)
    assert mail["Subject"] == "Reset your Hearth password" and "hearth@example.org" in mail["From"]
    text = mail.get_content()
    assert "Hello Zoë" in text and "within 30 minutes" in text
    link = re.search(r"https?://\S+/password/reset/\S+", text).group(0)
    assert link.startswith(base)
    assert not [message for message in inbox.messages if message["To"] == stranger]

    # The link: a password too short is refused and the link still works; then the new one is set.
    phone.get(base + urllib.parse.urlsplit(link).path)
    wait(phone).until(EC.visibility_of_element_located((By.ID, "reset-form")))
    screenshot(phone, "password-reset/form")
    phone.execute_script("document.getElementById('new-password').removeAttribute('minlength')")
    fill(phone, "#new-password", "short")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "reset-submit"))
    assert "at least" in phone.find_element(By.CSS_SELECTOR, "main .error").text
    fill(phone, "#new-password", NEW_PASSWORD)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "reset-submit"))
    assert "Sign in with the new one" in phone.find_element(By.CSS_SELECTOR, ".notice").text

    # Every browser was signed out; the old password no longer works, the new one does.
    other_browser.get(f"{base}/focus")
    wait(other_browser).until(EC.visibility_of_element_located((By.ID, "login-form")))
    log_in(phone, base, address)
    assert phone.find_element(By.CSS_SELECTOR, "main .error").is_displayed()
    log_in(phone, base, address, NEW_PASSWORD)
    wait_until_signed_in(phone)

    # Used once: the link is refused now.
    phone.get(base + urllib.parse.urlsplit(link).path)
    wait(phone).until(EC.visibility_of_element_located((By.ID, "ask-again")))
    assert "expired or was used" in phone.find_element(By.CSS_SELECTOR, "main .error").text


def test_without_mail_the_page_says_to_ask_the_servers_owner(server, browser_factory):
    phone = browser_factory()
    phone.get(f"{server}/password/forgot")
    owner = wait(phone).until(EC.visibility_of_element_located((By.ID, "reset-by-owner")))
    assert "hearth user reset-password" in owner.text
    status, answer = request(server, "POST", "/api/v1/auth/password-reset", {"email": "ada@example.org"})
    assert status == 409 and "does not send mail" in answer["detail"]
