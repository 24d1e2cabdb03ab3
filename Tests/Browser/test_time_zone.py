"""Time zones in a real browser: an account takes the zone of the browser it is created in, and a
device in another zone is offered to switch (or to keep the profile's, which it then remembers)."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from test_accounts import click, log_in, register, submit_and_wait_for_new_page, unique_email, wait, wait_until_signed_in


def profile_zone(driver) -> str:
    return driver.find_element(By.TAG_NAME, "html").get_attribute("data-time-zone")


def offer_shown(driver) -> bool:
    return driver.find_element(By.ID, "zone-offer").is_displayed()


def test_the_browsers_zone_becomes_the_profiles_and_another_device_is_offered_its_own(server, browser_factory, screenshot):
    email = unique_email()
    phone = browser_factory(time_zone="America/New_York")
    register(phone, server, email)
    assert profile_zone(phone) == "America/New_York"
    phone.get(f"{server}/settings/profile")
    assert Select(phone.find_element(By.ID, "time_zone")).first_selected_option.get_attribute("value") == "America/New_York"
    assert not offer_shown(phone)
    assert not phone.find_element(By.ID, "use-device-zone").is_displayed()

    laptop = browser_factory(width=1280, height=800, time_zone="Europe/Berlin")
    log_in(laptop, server, email)
    wait_until_signed_in(laptop)
    assert profile_zone(laptop) == "America/New_York", "signing in keeps a zone the account already has"
    wait(laptop).until(lambda d: offer_shown(d))
    assert "This device is set to Europe/Berlin, your profile to America/New_York" in laptop.find_element(By.ID, "zone-offer").text
    screenshot(laptop, "time-zone-offer-desktop")

    click(laptop, laptop.find_element(By.ID, "zone-keep"))
    wait(laptop).until(lambda d: not offer_shown(d))
    laptop.get(f"{server}/lists")
    assert not offer_shown(laptop), "the offer stays away once the profile's zone was kept"

    laptop.execute_script("localStorage.clear()")
    laptop.get(f"{server}/lists")
    wait(laptop).until(lambda d: offer_shown(d))
    submit_and_wait_for_new_page(laptop, laptop.find_element(By.ID, "zone-switch"))
    assert laptop.current_url.endswith("/lists?notice=time-zone")
    assert profile_zone(laptop) == "Europe/Berlin"
    assert "Time zone changed" in laptop.find_element(By.CSS_SELECTOR, "p.notice").text
    assert not offer_shown(laptop)

    phone.get(f"{server}/focus")
    wait(phone).until(lambda d: offer_shown(d))
    screenshot(phone, "time-zone-offer-phone")


def test_the_profile_offers_this_devices_zone_in_one_tap(server, browser_factory):
    phone = browser_factory(time_zone="Asia/Tokyo")
    register(phone, server, unique_email())
    phone.get(f"{server}/settings/profile")
    menu = Select(phone.find_element(By.ID, "time_zone"))
    menu.select_by_value("Europe/Lisbon")
    button = phone.find_element(By.ID, "use-device-zone")
    assert not button.is_displayed(), "the menu already shows this device's zone when the page opens"
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "profile-save"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "use-device-zone")))
    button = phone.find_element(By.ID, "use-device-zone")
    assert button.text == "Use this device's zone (Asia/Tokyo)"
    click(phone, button)
    assert Select(phone.find_element(By.ID, "time_zone")).first_selected_option.get_attribute("value") == "Asia/Tokyo"
    groups = phone.execute_script("return [...document.querySelectorAll('#time_zone optgroup')].map(g => g.label)")
    assert groups[0] == "Universal" and "America" in groups and "Europe" in groups
