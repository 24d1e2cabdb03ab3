"""Documents in a real browser at 360 px: a warranty PDF attached on an item's page shows its first
page and downloads as it was uploaded; it is renamed, given another kind, and deleted."""

from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import click, register, unique_email, wait, wait_for_new_page
from test_inventory import FIXTURES, api, choose, token_for


def test_a_warranty_is_attached_shown_downloaded_renamed_and_deleted(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    dishwasher = api(server, "POST", "/api/v1/inventory/items", {"name": "Dishwasher"}, token)

    phone.get(f"{server}/inventory/items/{dishwasher['id']}")
    assert "Keep the manual" in phone.find_element(By.ID, "no-documents").text
    choose(phone, "#document-kind", "Warranty")
    phone.execute_script("window.hearthOldPage = true;")
    phone.find_element(By.ID, "document-file").send_keys(str(FIXTURES / "document.pdf"))
    wait_for_new_page(phone)
    row = wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#documents .document-row")))
    assert "document" in row.text and "Warranty · PDF, 1 page" in row.text, row.text
    link = row.find_element(By.CSS_SELECTOR, "a.document-link")
    assert link.size["height"] >= 44, link.size
    # Its first page is drawn; the link downloads the PDF as it was uploaded.
    wait(phone).until(lambda d: d.execute_script("const i = document.querySelector('.document-link img'); return i.complete && i.naturalWidth > 0"))
    download = phone.execute_script(
        "const r = await fetch(arguments[0]); return [r.status, r.headers.get('content-type'), r.headers.get('content-disposition')]",
        link.get_attribute("href"))
    assert download[0] == 200 and download[1] == "application/pdf" and 'filename="document.pdf"' in download[2], download
    phone.execute_script("document.getElementById('item-documents').scrollIntoView({block: 'start'})")
    screenshot(phone, "inventory/item-documents")

    # Renamed and found to be the manual.
    click(phone, row.find_element(By.CSS_SELECTOR, ".document-more summary"))
    title = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".edit-document input[name=title]")))
    title.clear()
    title.send_keys("Dishwasher manual")
    choose(phone, ".edit-document select[name=kind]", "Manual")
    phone.execute_script("window.hearthOldPage = true;")
    click(phone, phone.find_element(By.CSS_SELECTOR, ".edit-document button[type=submit]"))
    wait_for_new_page(phone)
    row = wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#documents .document-row")))
    assert "Dishwasher manual" in row.text and "Manual · PDF" in row.text, row.text

    # Deleted, after saying yes.
    click(phone, row.find_element(By.CSS_SELECTOR, ".document-more summary"))
    delete = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "button.delete-document")))
    assert delete.size["height"] >= 44, delete.size
    phone.execute_script("window.hearthOldPage = true;")
    click(phone, delete)
    wait(phone).until(EC.alert_is_present())
    phone.switch_to.alert.accept()
    wait_for_new_page(phone)
    wait(phone).until(EC.presence_of_element_located((By.ID, "no-documents")))
    assert api(server, "GET", f"/api/v1/inventory/items/{dishwasher['id']}/documents", token=token)["documents"] == []
