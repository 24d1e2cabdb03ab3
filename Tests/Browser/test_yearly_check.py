"""The yearly check in a real browser at 360 px: things nobody has seen in a year (restored from a
backup made two years ago) are walked room by room: still here, found in another room, gone."""

from __future__ import annotations

import datetime
import json
import uuid

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from test_accounts import click, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import api, token_for, upload


def old_backup(names: list[str]) -> bytes:
    """A Hearth backup of things added two years ago, in the Kitchen."""
    added = (datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(days=730)).strftime("%Y-%m-%dT%H:%M:%SZ")
    items = [{"id": str(uuid.uuid4()).upper(), "name": name, "roomName": "Kitchen", "quantity": 1, "tags": [], "photos": [],
              "createdAt": added, "updatedAt": added} for name in names]
    return json.dumps({"formatVersion": 1, "appVersion": "test", "exportDate": added, "household": {"name": "Home", "currency": "USD"},
                       "rooms": [], "categories": [], "items": items, "receipts": []}).encode()


def answer(driver, name: str, button: str, room: str | None = None) -> None:
    row = next(li for li in driver.find_elements(By.CSS_SELECTOR, "#check-list .check-item") if name in li.text)
    if room:
        Select(row.find_element(By.CSS_SELECTOR, ".check-moved select")).select_by_visible_text(room)
    submit_and_wait_for_new_page(driver, row.find_element(By.CSS_SELECTOR, button))


def test_a_room_is_walked_on_a_phone(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    status, report = upload(server, "/api/v1/backup/restore?strategy=merge", [("old.json", old_backup(["Kettle", "Toaster", "Drill"]))],
                            token=token)
    assert status == 200, report

    phone.get(f"{server}/inventory/check")
    rooms = wait(phone).until(EC.presence_of_element_located((By.ID, "check-rooms")))
    assert "Not checked yet." in rooms.text and "0 of 3 checked" in rooms.text
    submit_and_wait_for_new_page(phone, rooms.find_element(By.PARTIAL_LINK_TEXT, "Kitchen"))
    here = wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#check-list .check-here")))
    assert here.size["height"] >= 44 and phone.find_element(By.CSS_SELECTOR, ".check-gone").size["height"] >= 44
    screenshot(phone, "inventory/yearly-check-room")

    answer(phone, "Kettle", ".check-here")
    answer(phone, "Drill", ".check-move", room="🚗 Garage")
    answer(phone, "Toaster", ".check-gone")
    done = wait(phone).until(EC.presence_of_element_located((By.ID, "room-checked")))
    assert "Everything here is checked." in done.text
    screenshot(phone, "inventory/yearly-check-done")

    items = {item["name"]: item for item in api(server, "GET", "/api/v1/inventory/items?status=all", token=token)["items"]}
    garage = next(g["id"] for g in api(server, "GET", "/api/v1/inventory/rooms", token=token)["groups"] if g["name"] == "Garage")
    today = items["Kettle"]["verifiedOn"]
    assert today and items["Drill"]["verifiedOn"] == today and items["Drill"]["roomId"] == garage
    assert items["Toaster"]["disposition"] == "archived"
    phone.get(f"{server}/inventory/check")
    click(phone, phone.find_element(By.ID, "check-counts"))
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "check-settings-save"))
    assert phone.find_element(By.ID, "check-counts").is_selected()
    assert api(server, "GET", "/api/v1/inventory/summary", token=token)["checkCountsInScore"] is True
