"""The home-screen shortcuts of the web app manifest: each opens its page and does what it says once
(a reload never starts a second timer), with its own icon; and the inventory's search filters typed
into the search box, with their help and an error that names a bad one."""

from __future__ import annotations

import json
import struct

from selenium.webdriver.common.by import By

from test_accounts import click, register, unique_email, wait
from test_focus import open_focus, shown, text_of
from test_install import fetch
from test_inventory import api, token_for

SHORTCUTS = ["Start Pomodoro", "Start rest", "Capture item", "Add to a list"]


def shortcuts_of(server: str) -> dict:
    manifest = json.loads(fetch(f"{server}/manifest.webmanifest")[1])
    return {shortcut["name"]: shortcut for shortcut in manifest["shortcuts"]}


def test_every_shortcut_has_a_page_and_a_96_px_icon(server):
    shortcuts = shortcuts_of(server)
    assert list(shortcuts) == SHORTCUTS
    for shortcut in shortcuts.values():
        icon = shortcut["icons"][0]
        assert icon["sizes"] == "96x96"
        kind, body = fetch(server + icon["src"])
        assert kind == "image/png" and body.startswith(b"\x89PNG")
        assert struct.unpack(">II", body[16:24]) == (96, 96), icon["src"]


def test_the_timer_shortcuts_start_once_and_never_again_on_a_reload(server, browser_factory):
    shortcuts = shortcuts_of(server)
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)

    phone.get(server + shortcuts["Start Pomodoro"]["url"])
    wait(phone).until(lambda d: text_of(d, "phase-label") == "Focus" and shown(d, "pause"))
    assert "start=" not in phone.current_url
    wait(phone).until(lambda d: api(server, "GET", "/api/v1/focus/timer", token=token)["phase"] == "focus")
    ends_at = api(server, "GET", "/api/v1/focus/timer", token=token)["endsAt"]
    phone.refresh()
    open_focus_drawn(phone)
    assert text_of(phone, "phase-label") == "Focus" and not shown(phone, "timer-error")
    assert api(server, "GET", "/api/v1/focus/timer", token=token)["endsAt"] == ends_at

    # A timer already running is left as it is, and the page says why nothing started.
    phone.get(server + shortcuts["Start rest"]["url"])
    wait(phone).until(lambda d: "already running or ringing" in text_of(d, "timer-error"))
    assert text_of(phone, "phase-label") == "Focus"
    api(server, "POST", "/api/v1/focus/timer/reset", token=token)
    phone.get(server + shortcuts["Start rest"]["url"])
    wait(phone).until(lambda d: text_of(d, "phase-label") == "Rest")
    wait(phone).until(lambda d: api(server, "GET", "/api/v1/focus/timer", token=token)["phase"] == "rest")


def open_focus_drawn(driver) -> None:
    wait(driver).until(lambda d: text_of(d, "time") not in ("", "--:--"))
    wait(driver).until(lambda d: d.find_element(By.ID, "focus").get_attribute("data-live") == "true")


def test_add_to_a_list_opens_the_first_list_ready_to_type_and_capture_opens_the_camera_page(server, browser_factory):
    shortcuts = shortcuts_of(server)
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    # Without a list: the new list's name is ready to type.
    phone.get(server + shortcuts["Add to a list"]["url"])
    wait(phone).until(lambda d: d.switch_to.active_element.get_attribute("id") == "new-list-name")
    token = token_for(server, email)
    groceries = api(server, "POST", "/api/v1/lists", {"name": "Groceries"}, token)
    api(server, "POST", "/api/v1/lists", {"name": "Hardware"}, token)
    phone.get(server + shortcuts["Add to a list"]["url"])
    wait(phone).until(lambda d: d.current_url.lower().endswith(f"/lists/{groceries['id']}".lower()))
    wait(phone).until(lambda d: d.switch_to.active_element.get_attribute("id") == "add-name")
    phone.switch_to.active_element.send_keys("Milk\n")
    wait(phone).until(lambda d: [i["name"] for i in api(server, "GET", f"/api/v1/lists/{groceries['id']}", token=token)["items"]] == ["Milk"])

    phone.get(server + shortcuts["Capture item"]["url"])
    wait(phone).until(lambda d: d.find_elements(By.ID, "capture-photo"))
    assert phone.find_element(By.TAG_NAME, "h1").text == "Capture"


def test_search_filters_typed_in_the_search_box(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    rooms = api(server, "GET", "/api/v1/inventory/rooms", token=token)["groups"]
    kitchen = next(room["id"] for room in rooms if room["name"] == "Kitchen")
    for name, room, amount in [("Fridge", kitchen, 120000), ("Kettle", kitchen, 2900), ("Sofa", None, 90000)]:
        body = {"name": name, "purchasePrice": {"amount": amount, "currency": "USD"}}
        if room:
            body["roomId"] = room
        api(server, "POST", "/api/v1/inventory/items", body, token)
    phone.get(f"{server}/inventory")
    click(phone, phone.find_element(By.CSS_SELECTOR, "details.filter-panel > summary"))  # the syntax is told with the filters
    help_text = phone.find_element(By.ID, "search-help").text
    for name in ("room:", "category:", "tag:", "value>", "missing:", "warranty:<90d", "condition:"):
        assert name in help_text
    search = phone.find_element(By.ID, "search")
    search.send_keys("room:kitchen value>100")
    wait(phone).until(lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#items .tile-name")] == ["Fridge"])
    search.clear()
    search.send_keys("colour:red")
    wait(phone).until(lambda d: d.find_elements(By.ID, "search-error") and "“colour:” is not a search filter" in text_of(d, "search-error"))
    assert not phone.find_elements(By.CSS_SELECTOR, "#items .tile-name")
    screenshot(phone, "inventory-search-error")
