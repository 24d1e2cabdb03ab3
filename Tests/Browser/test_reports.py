"""Inventory → Reports in a real browser at 360 px: the inventory PDF made from the page and its
pages rendered to PNG with poppler (kept as artifacts); a claim filed for three items, frozen, and
its claim pack checked; a HomeBox file previewed and imported."""

from __future__ import annotations

import csv
import hashlib
import io
import pathlib
import subprocess
import zipfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_backup import download_backup as download
from test_inventory import FIXTURES, api, token_for, upload

HOMEBOX = pathlib.Path(__file__).resolve().parents[1] / "HearthReportsTests" / "Fixtures" / "homebox-export.csv"


def room_id(server: str, token: str, name: str) -> str:
    return next(room["id"] for room in api(server, "GET", "/api/v1/inventory/rooms", token=token)["groups"] if room["name"] == name)


def type_search(driver, text: str) -> None:
    """Types into the claim's search box as a person does (an emptied box fires its input event too)."""
    field = driver.find_element(By.ID, "claim-search")
    field.send_keys("\b" * len(field.get_attribute("value")) + text)


def furnish(server: str, token: str) -> dict:
    """A TV with a photo in the living room, six chairs in the dining room, a kettle and a lamp."""
    tv = api(server, "POST", "/api/v1/inventory/items", {
        "name": "Television", "brand": "Samsung", "serialNumber": "SN-4411", "roomId": room_id(server, token, "Living room"),
        "replacementValue": {"amount": 99900, "currency": "USD"}, "purchaseDate": "2024-05-01"}, token)
    status, _ = upload(server, f"/api/v1/inventory/items/{tv['id']}/photos", [("tv.jpg", (FIXTURES / "rotated-gps.jpg").read_bytes())], token)
    assert status == 201
    chairs = api(server, "POST", "/api/v1/inventory/items", {"name": "Dining chair", "quantity": 6, "roomId": room_id(server, token, "Dining room"),
                                                             "purchasePrice": {"amount": 8000, "currency": "USD"}}, token)
    kettle = api(server, "POST", "/api/v1/inventory/items", {"name": "Kettle", "roomId": room_id(server, token, "Kitchen")}, token)
    lamp = api(server, "POST", "/api/v1/inventory/items", {"name": "Reading lamp", "roomId": room_id(server, token, "Living room")}, token)
    return {"tv": tv["id"], "chairs": chairs["id"], "kettle": kettle["id"], "lamp": lamp["id"]}


def test_the_inventory_pdf_is_made_from_the_page_and_its_pages_look_right(server, browser_factory, screenshot, artifacts):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    furnish(server, token_for(server, email))
    phone.get(f"{server}/inventory/reports")
    screenshot(phone, "reports/page")
    click(phone, phone.find_element(By.ID, "report-make"))
    wait(phone).until(lambda d: "is downloaded" in d.find_element(By.ID, "report-status").text)
    assert "hearth-inventory-" in phone.find_element(By.ID, "report-status").text
    # The same PDF, fetched with the page's session, rendered page by page.
    pdf = download(phone, f"{server}/api/v1/inventory/report.pdf")
    folder = artifacts / "reports" / "inventory-pdf"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "inventory.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "50", "-png", str(folder / "inventory.pdf"), str(folder / "page")], check=True)
    pages = sorted(folder.glob("page-*.png"))
    # Cover, summary, living room, dining room, kitchen, the appendix with the photo.
    assert len(pages) == 6, pages
    text = subprocess.run(["pdftotext", "-layout", str(folder / "inventory.pdf"), "-"], check=True, capture_output=True, text=True).stdout
    for expected in ("Home inventory", "Page 1 of 6", "Summary by room", "Television", "Dining chair × 6", "S/N SN-4411", "$999.00",
                     "Television: photo 1 of 1"):
        assert expected in text, expected
    # Only the living room, without photos.
    phone.get(f"{server}/inventory/reports")
    for box in phone.find_elements(By.CSS_SELECTOR, '#report-rooms input[name="room"]'):
        if "Living room" not in box.find_element(By.XPATH, "..").text and box.is_selected():
            click(phone, box)
    click(phone, phone.find_element(By.ID, "report-photos"))
    click(phone, phone.find_element(By.ID, "report-make"))
    wait(phone).until(lambda d: "is downloaded" in d.find_element(By.ID, "report-status").text)


def test_a_claim_for_three_items_is_frozen_and_its_pack_matches_its_lines(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    items = furnish(server, token)
    phone.get(f"{server}/inventory/reports")
    click(phone, phone.find_element(By.ID, "claim-start"))
    wait(phone).until(EC.presence_of_element_located((By.ID, "claim-form")))
    Select(phone.find_element(By.ID, "claim-kind")).select_by_value("theft")
    fill(phone, "#claim-reference", "PD-2026-0042")
    fill(phone, "#claim-description", "Break-in while we were away.")
    # Found by typing, and ticked: the TV, four of the six chairs, the lamp.
    type_search(phone, "tele")
    assert not phone.find_element(By.CSS_SELECTOR, f'input[value="{items["kettle"]}"]').is_displayed()
    click(phone, phone.find_element(By.CSS_SELECTOR, f'input[value="{items["tv"]}"]'))
    type_search(phone, "")
    click(phone, phone.find_element(By.CSS_SELECTOR, f'input[value="{items["chairs"]}"]'))
    fill(phone, f'input[name="quantity[{items["chairs"]}]"]', "4")
    click(phone, phone.find_element(By.CSS_SELECTOR, f'input[value="{items["lamp"]}"]'))
    assert phone.find_element(By.ID, "claim-count").text == "3 items chosen."
    screenshot(phone, "reports/claim-new")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "claim-create"))
    assert "Theft" in phone.find_element(By.ID, "claim-title").text
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "claim-freeze"))
    sha = phone.find_element(By.ID, "claim-sha").text
    assert len(sha) == 64
    screenshot(phone, "reports/claim-frozen")
    # The TV is renamed afterwards: the claim keeps what was frozen.
    api(server, "PATCH", f"/api/v1/inventory/items/{items['tv']}", {"name": "Old TV"}, token)
    phone.refresh()
    assert "Television" in phone.find_element(By.ID, "claim-lines").text and phone.find_element(By.ID, "claim-sha").text == sha
    # The claim pack: the PDF, the CSV whose lines name the photos in it, and the JSON the hash is of.
    pack = zipfile.ZipFile(io.BytesIO(download(phone, phone.find_element(By.ID, "claim-pack").get_attribute("href"))))
    names = set(pack.namelist())
    # Lines follow the page's order: by room, then by name.
    assert {"claim.pdf", "claim.csv", "claim.json", "README.txt", "photos/02-television-1.jpg"} <= names, names
    assert hashlib.sha256(pack.read("claim.json")).hexdigest() == sha
    rows = list(csv.DictReader(io.StringIO(pack.read("claim.csv").decode("utf-8-sig"))))
    assert [row["Item description"] for row in rows] == ["Reading lamp", "Television", "Dining chair"]
    assert rows[2]["Quantity lost"] == "4" and rows[2]["Total"] == "320.00" and rows[1]["Serial number"] == "SN-4411"
    for row in rows:
        for name in filter(None, row["Photo file names"].split("; ")):
            assert name in names, name
    # The insurer paid for the TV.
    line = phone.find_element(By.ID, f"line-{items['tv']}")
    Select(line.find_element(By.NAME, "outcome")).select_by_value("paid")
    paid = line.find_element(By.NAME, "paid")
    paid.clear()
    paid.send_keys("850")
    submit_and_wait_for_new_page(phone, line.find_element(By.CSS_SELECTOR, "button"))
    assert "Paid $850.00" in phone.find_element(By.ID, "claim-totals").text
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_a_homebox_file_is_previewed_then_imported(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    phone.get(f"{server}/inventory/reports")
    phone.find_element(By.ID, "import-file").send_keys(str(HOMEBOX))
    click(phone, phone.find_element(By.CSS_SELECTOR, 'input[name="format"][value="homebox"]'))
    click(phone, phone.find_element(By.ID, "import-preview"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "import-run")))
    summary = phone.find_element(By.ID, "import-summary").text
    assert summary.startswith("4 will be added") and "1 rows cannot be read" in summary
    assert "Line 6" in phone.find_element(By.ID, "import-problems").text
    assert not phone.find_element(By.ID, "import-notice").is_displayed()  # UTF-8: nothing to say
    assert api(server, "GET", "/api/v1/inventory/items", token=token)["total"] == 0
    screenshot(phone, "reports/import-preview")
    click(phone, phone.find_element(By.ID, "import-run"))
    wait(phone).until(lambda d: d.find_element(By.ID, "import-status").text == "Imported.")
    # The sold bike is kept for the record, outside the list of what the household owns.
    assert api(server, "GET", "/api/v1/inventory/items", token=token)["total"] == 3
    assert api(server, "GET", "/api/v1/inventory/items?status=all", token=token)["total"] == 4


def test_a_file_that_is_not_utf8_is_previewed_with_a_notice(server, browser_factory, tmp_path):
    phone = browser_factory()
    register(phone, server, unique_email())
    legacy = tmp_path / "excel-fr.csv"
    legacy.write_bytes("Name;Brand\r\nCrème brûlée;Le Creuset\r\n".encode("cp1252"))
    phone.get(f"{server}/inventory/reports")
    phone.find_element(By.ID, "import-file").send_keys(str(legacy))
    click(phone, phone.find_element(By.ID, "import-preview"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "import-notice")))
    assert "read as Windows-1252" in phone.find_element(By.ID, "import-notice").text
    assert "Crème brûlée" in phone.find_element(By.ID, "import-rows").text
