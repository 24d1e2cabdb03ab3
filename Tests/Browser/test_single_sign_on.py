"""Single sign-on in Chromium at 360 px, through a local OpenID Connect provider (Authlib): the
sign-in page's button, the provider's own page, back signed in to a new account, signed out at the
provider too; and someone the server does not let in, on a page that says why. The refusals'
details are in Tests/Contract/test_single_sign_on.py."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import running_server
from oidc_provider import CLIENT_ID, CLIENT_SECRET, PASSWORD, OpenIDProvider, Person
from test_accounts import click, fill, path_of, submit_and_wait_for_new_page, wait, wait_until_signed_in


@pytest.fixture(scope="module")
def identity():
    """(Hearth's address, the provider): registration closed, the group "family" let in."""
    provider = OpenIDProvider(people={
        "ada": Person("ada.sso@example.com", groups=["family"], name="Ada Lovelace"),
        "eve": Person("eve.sso@example.com", groups=["guests"]),
    }).start()
    settings = {
        "HEARTH_REGISTRATION": "closed", "HEARTH_PUBLIC_URL": "{base}", "HEARTH_OIDC_ISSUER": provider.issuer,
        "HEARTH_OIDC_CLIENT_ID": CLIENT_ID, "HEARTH_OIDC_CLIENT_SECRET": CLIENT_SECRET,
        "HEARTH_OIDC_BUTTON_LABEL": "Sign in with Test ID", "HEARTH_OIDC_ALLOWED_GROUPS": "family",
    }
    try:
        with running_server(settings) as (base, _):
            provider.allow_redirect(base + "/auth/oidc/callback")
            yield base, provider
    finally:
        provider.stop()


def through_the_provider(driver, base: str, username: str) -> None:
    """From Hearth's sign-in page through the provider's, as a person would."""
    driver.get(base + "/login")
    button = wait(driver).until(EC.element_to_be_clickable((By.ID, "sso-button")))
    assert button.text == "Sign in with Test ID"
    submit_and_wait_for_new_page(driver, button)
    wait(driver).until(EC.visibility_of_element_located((By.ID, "username")))
    fill(driver, "#username", username)
    fill(driver, "#password", PASSWORD)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "sign-in"))


def test_a_person_signs_in_through_the_identity_provider_and_out_of_both(identity, browser_factory, screenshot):
    base, provider = identity
    phone = browser_factory()
    phone.get(base + "/login")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "sso-button")))
    assert phone.find_element(By.ID, "login-form").is_displayed()
    screenshot(phone, "sso-sign-in-phone")
    through_the_provider(phone, base, "ada")
    wait_until_signed_in(phone)
    phone.get(base + "/settings/profile")
    wait(phone).until(lambda d: d.find_element(By.ID, "name").get_attribute("value") == "Ada Lovelace")
    assert phone.find_element(By.ID, "email").get_attribute("value") == "ada.sso@example.com"
    phone.get(base + "/settings/security")
    card = wait(phone).until(EC.visibility_of_element_located((By.ID, "single-sign-on")))
    assert "The identity provider at 127.0.0.1" in card.text and "ada.sso@example.com" in card.text
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "logout"))
    wait(phone).until(lambda d: path_of(d) == "/login")
    assert provider.signed_out[-1]["client_id"] == CLIENT_ID


def test_someone_the_server_does_not_let_in_is_told_why(identity, browser_factory, screenshot):
    base, _ = identity
    phone = browser_factory()
    through_the_provider(phone, base, "eve")
    refusal = wait(phone).until(EC.visibility_of_element_located((By.ID, "sso-failed")))
    assert refusal.get_attribute("data-reason") == "not-allowed"
    assert "guests" in refusal.text and "Ask whoever runs this server" in refusal.text
    screenshot(phone, "sso-not-allowed-phone")
    click(phone, phone.find_element(By.ID, "sso-back"))
    wait(phone).until(lambda d: path_of(d) == "/login")
