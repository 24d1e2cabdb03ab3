"""QR labels in a real browser at 360 px: a box's labels made from its page, the PDF rendered with
poppler and every QR code read back with zbarimg (Debian's zbar-tools); each opens its item's page,
after signing in; the label printer roll gives one 62 × 29 mm page a label."""

from __future__ import annotations

import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_accounts import PASSWORD, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_backup import download_backup as download
from test_inventory import api, token_for
from test_reports import room_id

MM = 72 / 25.4


# Where each stock's labels are on its page, in inches from the top left (the makers' published
# sizes): first label's corner, label size, pitch across and down, columns and rows.
STOCKS = {
    "avery-l7160": dict(origin=(7.25 / 25.4, 15.15 / 25.4), size=(63.5 / 25.4, 38.1 / 25.4), pitch=(66.04 / 25.4, 38.1 / 25.4), grid=(3, 7)),
    "avery-5160": dict(origin=(0.1875, 0.5), size=(2.625, 1), pitch=(2.75, 1), grid=(3, 10)),
    "roll-62mm": dict(origin=(0, 0), size=(62 / 25.4, 29 / 25.4), pitch=(0, 0), grid=(1, 1)),
}


def qr_codes(pdf: bytes, folder, stock: str) -> list[str]:
    """What the PDF's QR codes hold, read as a phone reads them: one label at a time, each rendered
    alone at 300 dpi as a printer prints it (black or white, no grey edges). (zbarimg over a whole
    sheet now and then misses one code among many that it reads alone.)"""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "labels.pdf"
    path.write_bytes(pdf)
    geometry, dpi = STOCKS[stock], 300
    columns, rows = geometry["grid"]
    found = []
    for page in range(1, len(page_sizes(path)) + 1):
        for slot in range(columns * rows):
            x = geometry["origin"][0] + slot % columns * geometry["pitch"][0]
            y = geometry["origin"][1] + slot // columns * geometry["pitch"][1]
            image = folder / f"page-{page}-label-{slot + 1}"
            subprocess.run(["pdftoppm", "-r", str(dpi), "-aa", "no", "-aaVector", "no", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                            "-x", str(round(x * dpi)), "-y", str(round(y * dpi)),
                            "-W", str(round(geometry["size"][0] * dpi)), "-H", str(round(geometry["size"][1] * dpi)), str(path), str(image)], check=True)
            result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", f"{image}.png"], capture_output=True, text=True)
            found += [line for line in result.stdout.splitlines() if line]
    return found


def page_sizes(pdf_path) -> list[tuple[float, float]]:
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", "999", str(pdf_path)], check=True, capture_output=True, text=True).stdout
    return [tuple(float(part) for part in line.split(":", 1)[1].split("pts")[0].split(" x ")) for line in info.splitlines()
            if line.startswith("Page") and "size:" in line]


def form_url(driver) -> str:
    """The address the labels form asks for, with what is chosen on the page."""
    return driver.execute_script("""
        const form = document.getElementById("labels-form");
        return form.action + "?" + new URLSearchParams(new FormData(form)).toString();
    """)


def test_a_boxs_labels_are_read_back_by_a_camera_and_open_their_items(server, browser_factory, screenshot, artifacts):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    loft = room_id(server, token, "Garage")
    box = api(server, "POST", "/api/v1/inventory/items", {"name": "Loft box 1", "roomId": loft}, token)
    inside = [api(server, "POST", "/api/v1/inventory/items", {
        "name": name, "containerId": box["id"], "replacementValue": {"amount": amount, "currency": "USD"}}, token)
        for name, amount in [("Christmas lights", 4000), ("Camping stove", 8999), ("Old letters", 0)]]
    assert [box["assetId"]] + [item["assetId"] for item in inside] == ["000-001", "000-002", "000-003", "000-004"]

    phone.get(f"{server}/inventory/items/{box['id']}")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "box-labels"))
    wait(phone).until(lambda d: d.find_element(By.ID, "labels-summary").text.startswith("4 labels"))
    Select(phone.find_element(By.ID, "labels-layout")).select_by_value("avery-l7160")
    fill(phone, "#labels-start", "3")
    screenshot(phone, "labels/page")
    url = form_url(phone)
    assert "box=" in url and "layout=avery-l7160" in url and "start=3" in url, url
    pdf = download(phone, url)
    folder = artifacts / "labels" / "sheet"
    codes = qr_codes(pdf, folder, "avery-l7160")
    expected = [f"{server}/inventory/items/{item['id']}" for item in [box] + inside]
    assert sorted(codes) == sorted(expected), codes
    assert page_sizes(folder / "labels.pdf") == [(595.276, 841.89)], "one A4 sheet"
    text = subprocess.run(["pdftotext", "-layout", str(folder / "labels.pdf"), "-"], check=True, capture_output=True, text=True).stdout
    for words in ("000-001", "Loft box 1", "3 things", "$129.99", "000-004", "Old letters"):
        assert words in text, words

    # The roll: one 62 × 29 mm page a label.
    roll = artifacts / "labels" / "roll"
    codes = qr_codes(download(phone, url.replace("layout=avery-l7160", "layout=roll-62mm").replace("start=3", "start=1")), roll, "roll-62mm")
    assert sorted(codes) == sorted(expected)
    assert [(round(w / MM), round(h / MM)) for w, h in page_sizes(roll / "labels.pdf")] == [(62, 29)] * 4

    # A phone camera opens the address: sign in first, then the item's page.
    stranger = browser_factory()
    stranger.get(expected[2])
    wait(stranger).until(lambda d: "/login" in d.current_url)
    fill(stranger, "#login-form #email", email)
    fill(stranger, "#login-form #password", PASSWORD)
    submit_and_wait_for_new_page(stranger, stranger.find_element(By.ID, "login-submit"))
    wait(stranger).until(lambda d: d.current_url == expected[2])
    assert stranger.find_element(By.ID, "item-name").text == "Camping stove"


def test_labels_for_a_room_chosen_on_the_page_and_a_clear_refusal(server, browser_factory, screenshot, artifacts):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    kitchen = room_id(server, token, "Kitchen")
    made = [api(server, "POST", "/api/v1/inventory/items", {"name": f"Pan {index}", "roomId": kitchen}, token) for index in range(23)]
    phone.get(f"{server}/inventory/reports")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "labels-start-link"))
    Select(phone.find_element(By.ID, "labels-room")).select_by_value(kitchen)
    Select(phone.find_element(By.ID, "labels-layout")).select_by_value("avery-5160")
    screenshot(phone, "labels/choose-room")
    folder = artifacts / "labels" / "room"
    codes = qr_codes(download(phone, form_url(phone)), folder, "avery-5160")
    assert sorted(codes) == sorted(f"{server}/inventory/items/{item['id']}" for item in made)
    assert page_sizes(folder / "labels.pdf") == [(612.0, 792.0)], "one Letter sheet of 30"
    # An empty room says so, and offers nothing to print.
    phone.get(f"{server}/inventory/labels?room={room_id(server, token, 'Bathroom')}")
    assert phone.find_element(By.ID, "labels-error").text == "The room has no items to label."
    assert not phone.find_elements(By.ID, "labels-form")
    # The page takes one choice, as the API does.
    phone.get(f"{server}/inventory/labels?room={kitchen}&box={made[0]['id']}")
    assert phone.find_element(By.ID, "labels-error").text == "Choose exactly one of “items”, “room” or “box”."
    assert not phone.find_elements(By.ID, "labels-form")
