"""Scanning a Hearth label in a real browser at 360 px: the label printed from the server,
photographed (its page rendered at 300 dpi) and read by the server's zbar opens the item's page;
an asset id typed in does too."""

from __future__ import annotations

import subprocess
import urllib.request

from selenium.webdriver.common.by import By

from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import api, token_for


def label_photo(server: str, token: str, item_id: str, folder) -> str:
    """The item's label from a label printer's roll, as a photo of it (PNG)."""
    request = urllib.request.Request(f"{server}/api/v1/inventory/labels.pdf?items={item_id}&layout=roll-62mm",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=30) as response:
        pdf = response.read()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "label.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "300", "-png", "-singlefile", str(folder / "label.pdf"), str(folder / "label")], check=True)
    return str(folder / "label.png")


def test_a_photographed_label_and_a_typed_asset_id_open_their_items(server, browser_factory, screenshot, artifacts):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    box = api(server, "POST", "/api/v1/inventory/items", {"name": "Loft box 2"}, token)
    lamp = api(server, "POST", "/api/v1/inventory/items", {"name": "Desk lamp"}, token)

    phone.get(f"{server}/inventory/capture")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "mode-barcode"))
    wait(phone).until(lambda d: d.find_element(By.ID, "capture-barcode"))
    screenshot(phone, "inventory/scan")
    phone.execute_script("window.hearthOldPage = true;")
    phone.find_element(By.ID, "barcode-camera").send_keys(label_photo(server, token, box["id"], artifacts / "scan"))
    wait(phone).until(lambda d: d.current_url.endswith(f"/inventory/items/{box['id']}") and d.execute_script("return !window.hearthOldPage"))
    assert phone.find_element(By.ID, "item-name").text == "Loft box 2"

    phone.get(f"{server}/inventory/capture?mode=barcode")
    fill(phone, "#barcode-text", lamp["assetId"])
    phone.execute_script("window.hearthOldPage = true;")
    click(phone, phone.find_element(By.CSS_SELECTOR, "#barcode-form button"))
    wait(phone).until(lambda d: d.current_url.endswith(f"/inventory/items/{lamp['id']}") and d.execute_script("return !window.hearthOldPage"))
    assert phone.find_element(By.ID, "item-name").text == "Desk lamp"

    # A label's address typed in (or read live) opens its item; another household's says so.
    phone.get(f"{server}/inventory/capture?mode=barcode")
    fill(phone, "#barcode-text", f"https://printed-elsewhere.example/inventory/items/{box['id']}")
    phone.execute_script("window.hearthOldPage = true;")
    click(phone, phone.find_element(By.CSS_SELECTOR, "#barcode-form button"))
    wait(phone).until(lambda d: d.current_url.endswith(f"/inventory/items/{box['id']}") and d.execute_script("return !window.hearthOldPage"))
    phone.get(f"{server}/inventory/capture?mode=barcode")
    fill(phone, "#barcode-text", f"{server}/inventory/items/00000000-0000-4000-8000-000000000000")
    click(phone, phone.find_element(By.CSS_SELECTOR, "#barcode-form button"))
    wait(phone).until(lambda d: "not in your household" in d.find_element(By.ID, "capture-status").text)
