"""Settings → Backups in a real browser at 360 px: a backup with a photo downloaded, the inventory
wiped, then restored with merge (previewed first) and with replace; and a file that is not a backup
refused with a message and nothing changed; a Nestory Pro backup restored through the same page."""

from __future__ import annotations

import base64
import pathlib

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import click, register, unique_email, wait
from test_inventory import FIXTURES, api, token_for, upload


def download_backup(driver, path: str) -> bytes:
    """Fetches a backup with the page's own session, as the download link does."""
    encoded = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch(arguments[0]).then((r) => r.arrayBuffer()).then((buffer) => {
          let text = ""; for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
          done(btoa(text));
        });
    """, path)
    return base64.b64decode(encoded)


def item_names(server: str, token: str) -> list[str]:
    return sorted(item["name"] for item in api(server, "GET", "/api/v1/inventory/items", token=token)["items"])


def restore_in_page(driver, file: pathlib.Path, strategy: str) -> str:
    """Chooses the file and strategy, previews, then restores; returns the preview's text."""
    driver.find_element(By.ID, "restore-file").send_keys(str(file))
    click(driver, driver.find_element(By.CSS_SELECTOR, f'input[name="strategy"][value="{strategy}"]'))
    click(driver, driver.find_element(By.ID, "restore-preview"))
    wait(driver).until(EC.visibility_of_element_located((By.ID, "restore-run")))
    preview = driver.find_element(By.ID, "restore-report").text
    click(driver, driver.find_element(By.ID, "restore-run"))
    if strategy == "replace":
        wait(driver).until(EC.alert_is_present())
        driver.switch_to.alert.accept()
    wait(driver).until(lambda d: d.find_element(By.ID, "restore-report-title").text.startswith("Restored"))
    return preview


def test_back_up_wipe_and_restore_with_merge_and_with_replace(server, browser_factory, screenshot, artifacts):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    bike = api(server, "POST", "/api/v1/inventory/items", {"name": "Road bike", "serialNumber": "WTU-1"}, token)
    status, _ = upload(server, f"/api/v1/inventory/items/{bike['id']}/photos", [("bike.jpg", (FIXTURES / "rotated-gps.jpg").read_bytes())], token)
    assert status == 201
    api(server, "POST", "/api/v1/inventory/items", {"name": "Kettle"}, token)
    phone.get(f"{server}/settings")
    click(phone, phone.find_element(By.CSS_SELECTOR, 'a[href="/settings/backups"]'))
    wait(phone).until(EC.presence_of_element_located((By.ID, "restore-form")))
    screenshot(phone, "backup/page")
    # Back up through the page's own link.
    archive = download_backup(phone, phone.find_element(By.ID, "backup-zip").get_attribute("href"))
    assert archive[:2] == b"PK" and b"manifest.json" in archive
    backup_file = artifacts / "backup" / "hearth-backup.zip"
    backup_file.parent.mkdir(parents=True, exist_ok=True)
    backup_file.write_bytes(archive)
    # Wipe: the bike is deleted for good, the kettle too; a lamp is added afterwards.
    for item in api(server, "GET", "/api/v1/inventory/items", token=token)["items"]:
        api(server, "DELETE", f"/api/v1/inventory/items/{item['id']}", token=token)
        api(server, "DELETE", f"/api/v1/inventory/items/{item['id']}/purge", token=token)
    api(server, "POST", "/api/v1/inventory/items", {"name": "Lamp"}, token)
    # Merge: previewed, then both items come back beside the lamp, the bike with its photo.
    preview = restore_in_page(phone, backup_file, "merge")
    assert "Items: 2 added" in preview and "Photos: 1 added" in preview
    screenshot(phone, "backup/merged")
    assert item_names(server, token) == ["Kettle", "Lamp", "Road bike"]
    restored = api(server, "GET", f"/api/v1/inventory/items/{bike['id']}", token=token)
    assert restored["photoCount"] == 1 and restored["serialNumber"] == "WTU-1"
    # Replace: the lamp (not in the backup) goes.
    phone.get(f"{server}/settings/backups")
    preview = restore_in_page(phone, backup_file, "replace")
    assert "removed first" in preview
    assert item_names(server, token) == ["Kettle", "Road bike"]
    screenshot(phone, "backup/replaced")
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_a_file_that_is_not_a_backup_is_refused_and_changes_nothing(server, browser_factory):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    api(server, "POST", "/api/v1/inventory/items", {"name": "Kettle"}, token)
    phone.get(f"{server}/settings/backups")
    phone.find_element(By.ID, "restore-file").send_keys(str(FIXTURES / "image.png"))
    click(phone, phone.find_element(By.ID, "restore-preview"))
    wait(phone).until(lambda d: "not a backup Hearth can restore" in d.find_element(By.ID, "restore-status").text)
    assert not phone.find_element(By.ID, "restore-report").is_displayed()
    assert item_names(server, token) == ["Kettle"]


def test_nightly_backups_are_kept_and_listed(server, browser_factory):
    phone = browser_factory()
    register(phone, server, unique_email())
    phone.get(f"{server}/settings/backups")
    field = phone.find_element(By.ID, "backup-keep")
    field.clear()
    field.send_keys("3")
    click(phone, phone.find_element(By.ID, "schedule-save"))
    wait(phone).until(EC.presence_of_element_located((By.ID, "backup-now")))
    click(phone, phone.find_element(By.ID, "backup-now"))
    wait(phone).until(lambda d: "hearth-backup-" in d.find_element(By.ID, "kept-backups").text)
    link = phone.find_element(By.CSS_SELECTOR, "#kept-backups a").get_attribute("href")
    assert download_backup(phone, link)[:2] == b"PK"


NESTORY_BACKUP = """{
  "appVersion" : "1.2.0",
  "categories" : [
    { "colorHex" : "#0EA5E9", "iconName" : "camera.fill", "id" : "5E76D0F7-114D-5D4B-9696-8BF400CC9A2F", "isCustom" : true, "name" : "Cameras & Lenses", "sortOrder" : 13 }
  ],
  "exportDate" : "2025-11-29T12:00:00Z",
  "items" : [
    { "categoryName" : "Cameras & Lenses", "condition" : "Good", "currencyCode" : "USD", "id" : "4F1E2D3C-5B6A-4789-9A0B-1C2D3E4F5A6B",
      "name" : "Fujifilm X-T5", "photoIdentifiers" : [ "P1.jpg", "P2.jpg" ], "purchasePrice" : 1699.99, "receiptIds" : [ ],
      "roomName" : "Office", "tags" : [ ] }
  ],
  "receipts" : [ ],
  "rooms" : [ ]
}
"""


def test_a_nestory_pro_backup_is_previewed_and_restored_with_its_photos_missing(server, browser_factory, screenshot, tmp_path):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    backup = tmp_path / "nestory-backup-20251129-120000.json"
    backup.write_text(NESTORY_BACKUP, encoding="utf-8")
    phone.get(f"{server}/settings/backups")
    preview = restore_in_page(phone, backup, "merge")
    assert "Items: 1 added" in preview and "1 item comes without its photos" in preview
    camera = api(server, "GET", "/api/v1/inventory/items/4F1E2D3C-5B6A-4789-9A0B-1C2D3E4F5A6B", token=token)
    assert camera["purchasePrice"] == {"amount": 169999, "currency": "USD"} and camera["missingPhotos"] == 2
    phone.get(f"{server}/inventory/items/{camera['id']}")
    wait(phone).until(lambda d: "2 photos" in d.find_element(By.ID, "photo-missing").text)
    assert phone.find_elements(By.CSS_SELECTOR, ".group-chip circle[fill='#0EA5E9']")
    screenshot(phone, "backup/nestory-item")
