"""Depreciation in a real browser at 360 px: a category's useful life set on Rooms & categories, an
item's actual cash value on its page, and its own rule from the edit form; a box moved to another
room takes what it holds."""

from __future__ import annotations

import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import api, choose, pick, token_for
from test_reports import room_id


def category_id(server: str, token: str, name: str) -> str:
    return next(group["id"] for group in api(server, "GET", "/api/v1/inventory/categories", token=token)["groups"] if group["name"] == name)


def two_years_ago() -> str:
    """24 whole months and some days before today, in any time zone."""
    today = datetime.date.today()
    return (datetime.date(today.year - 2, today.month, min(today.day, 28)) - datetime.timedelta(days=10)).isoformat()


def fact(driver, label: str) -> str:
    """The value beside `label` in the item page's facts."""
    for row in driver.find_elements(By.CSS_SELECTOR, "dl div"):
        if row.find_element(By.TAG_NAME, "dt").text == label:
            return row.find_element(By.TAG_NAME, "dd").text
    return ""


def test_a_categorys_useful_life_and_an_items_own_give_its_value_today(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    electronics = category_id(server, token, "Electronics")

    phone.get(f"{server}/inventory/organize#depreciation")
    form = phone.find_element(By.CSS_SELECTOR, f'form[action="/inventory/categories/{electronics}/depreciation"]')
    assert form.find_element(By.NAME, "years").get_attribute("value") == "5"
    years, floor = form.find_element(By.NAME, "years"), form.find_element(By.NAME, "floor")
    years.clear()
    years.send_keys("4")
    floor.clear()
    floor.send_keys("10")
    submit_and_wait_for_new_page(phone, form.find_element(By.TAG_NAME, "button"))
    saved = phone.find_element(By.CSS_SELECTOR, f'form[action="/inventory/categories/{electronics}/depreciation"]')
    assert saved.find_element(By.NAME, "years").get_attribute("value") == "4"
    screenshot(phone, "inventory/depreciation-settings")

    tv = api(server, "POST", "/api/v1/inventory/items", {
        "name": "Television", "categoryId": electronics, "roomId": room_id(server, token, "Living room"),
        "replacementValue": {"amount": 100000, "currency": "USD"}, "purchaseDate": two_years_ago()}, token)
    phone.get(f"{server}/inventory/items/{tv['id']}")
    # 24 of 48 months gone.
    assert fact(phone, "Actual cash value") == "$500.00 today, 50% less than new (4-year life, 10% floor; the rule of Electronics)"
    phone.execute_script("document.querySelector('dl').scrollIntoView({block: 'center'})")
    screenshot(phone, "inventory/item-actual-cash-value")

    phone.get(f"{server}/inventory/items/{tv['id']}/edit#depreciation")  # a field in "More details" opens it
    wait(phone).until(EC.visibility_of_element_located((By.ID, "depreciation")))
    choose(phone, "#depreciation", "Its own useful life")
    fill(phone, "#useful_life", "8")
    fill(phone, "#depreciation_floor", "0")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "save-item"))
    # 24 of 96 months gone.
    assert fact(phone, "Actual cash value") == "$750.00 today, 25% less than new (8-year life, 0% floor; its own rule)"
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_a_box_carried_to_the_garage_takes_its_contents(server, browser_factory):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    box = api(server, "POST", "/api/v1/inventory/items", {"name": "Loft box", "roomId": room_id(server, token, "Attic")}, token)
    lights = api(server, "POST", "/api/v1/inventory/items", {"name": "Fairy lights", "containerId": box["id"]}, token)
    phone.get(f"{server}/inventory/items/{box['id']}/edit")
    wait(phone).until(EC.presence_of_element_located((By.ID, "room")))
    pick(phone, "room", "🚗 Garage")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "save-item"))
    phone.get(f"{server}/inventory/items/{lights['id']}")
    assert "Garage" in fact(phone, "Room")
