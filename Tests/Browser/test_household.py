"""A household in a real browser: the owner copies an invite link in one tap, the invitee (signed
out) sees who invites them to what, creates an account and joins; the owner can remove them."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import (
    PASSWORD, click, confirm_and_wait_for_new_page, fill, submit_and_wait_for_new_page, register, unique_email, wait,
)


def test_an_invite_is_copied_followed_and_a_member_removed(server, browser_factory, screenshot):
    ada = browser_factory(width=1280, height=900)
    register(ada, server, unique_email(), name="Ada")
    ada.execute_cdp_cmd("Browser.grantPermissions", {"origin": server, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    ada.get(f"{server}/settings/household")
    submit_and_wait_for_new_page(ada, ada.find_element(By.ID, "invite-create"))
    link = ada.find_element(By.ID, "invite-link").get_attribute("value")
    click(ada, ada.find_element(By.ID, "invite-copy"))
    wait(ada).until(lambda d: d.find_element(By.ID, "invite-copied").text.startswith("Link copied"))
    ada.set_script_timeout(10)
    assert ada.execute_async_script("navigator.clipboard.readText().then(arguments[0])") == link
    screenshot(ada, "household-invite-desktop")

    bob = browser_factory()
    bob.get(link)
    wait(bob).until(EC.presence_of_element_located((By.ID, "invite-register")))
    assert "Ada invited you to Ada’s household" in bob.find_element(By.TAG_NAME, "main").text
    screenshot(bob, "household-invite-welcome-phone")
    submit_and_wait_for_new_page(bob, bob.find_element(By.ID, "invite-register"))
    assert "Ada invited you to Ada’s household" in bob.find_element(By.ID, "invited").text
    fill(bob, "#register-form #name", "Bob")
    fill(bob, "#register-form #email", unique_email())
    fill(bob, "#register-form #password", PASSWORD)
    submit_and_wait_for_new_page(bob, bob.find_element(By.ID, "register-submit"))
    assert "will be deleted" not in bob.find_element(By.TAG_NAME, "main").text
    submit_and_wait_for_new_page(bob, bob.find_element(By.ID, "join-household"))
    assert "Bob" in bob.find_element(By.ID, "members").text

    ada.get(f"{server}/settings/household")
    confirm_and_wait_for_new_page(ada, ada.find_element(By.CSS_SELECTOR, "#members button.remove-member"), "Remove Bob")
    assert "Member removed" in ada.find_element(By.CSS_SELECTOR, "p.notice").text
    assert "Bob" not in ada.find_element(By.ID, "members").text
    bob.get(f"{server}/settings/household")
    assert bob.find_element(By.TAG_NAME, "h1").text == "Bob’s household"
