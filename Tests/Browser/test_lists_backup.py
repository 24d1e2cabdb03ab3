"""Settings → Lists backup in a real browser at 360 px, against a fake of GitHub's gist endpoints: a
token and passphrase connected, the lists backed up twice, the older revision previewed and
restored in place of the lists; then the original app's gist restored from its address."""

from __future__ import annotations

import json
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import running_server
from fake_github import FakeGitHub
from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import api, token_for

PASSPHRASE = "our lists, our passphrase"


@pytest.fixture
def github():
    fake = FakeGitHub(token="ghp_browser", login="ada-gh")
    yield fake
    fake.close()


def item_names(server: str, token: str, list_id: str) -> list[str]:
    return sorted(item["name"] for item in api(server, "GET", f"/api/v1/lists/{list_id}", token=token)["items"])


def preview_and_restore(driver, strategy: str) -> str:
    click(driver, driver.find_element(By.CSS_SELECTOR, f'#gist-restore-form input[name="strategy"][value="{strategy}"]'))
    click(driver, driver.find_element(By.ID, "gist-restore-preview"))
    wait(driver).until(EC.visibility_of_element_located((By.ID, "gist-restore-run")))
    preview = driver.find_element(By.ID, "gist-restore-report").text
    click(driver, driver.find_element(By.ID, "gist-restore-run"))
    if strategy == "replace":
        wait(driver).until(EC.alert_is_present())
        driver.switch_to.alert.accept()
    wait(driver).until(lambda d: d.find_element(By.ID, "gist-restore-title").text.startswith("Restored"))
    return preview


def test_lists_go_to_a_gist_and_come_back_from_an_older_revision(github, browser_factory, screenshot):
    with running_server({"HEARTH_GITHUB_API_URL": github.url, "HEARTH_ALLOW_LOOPBACK_TARGETS": "true"}) as (server, _):
        phone = browser_factory()
        email = unique_email()
        register(phone, server, email)
        token = token_for(server, email)
        weekly = api(server, "POST", "/api/v1/lists", {"name": "Weekly"}, token)["id"]
        api(server, "POST", f"/api/v1/lists/{weekly}/items", {"name": "Milk"}, token)

        phone.get(f"{server}/settings")
        click(phone, phone.find_element(By.CSS_SELECTOR, 'a[href="/settings/lists-backup"]'))
        wait(phone).until(EC.presence_of_element_located((By.ID, "gist-connect-form")))
        fill(phone, "#gist-token", "ghp_browser")
        fill(phone, "#gist-passphrase", PASSPHRASE)
        fill(phone, "#gist-passphrase-again", PASSPHRASE)
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "gist-connect-button"))
        assert "Connected as @ada-gh" in phone.find_element(By.ID, "gist-status").text
        assert "No backup yet" in phone.find_element(By.ID, "gist-revisions-note").text

        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "gist-backup-now"))
        api(server, "POST", f"/api/v1/lists/{weekly}/items", {"name": "Bread"}, token)
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "gist-backup-now"))
        assert "Last backup" in phone.find_element(By.ID, "gist-last").text
        revisions = phone.find_elements(By.CSS_SELECTOR, '#gist-restore-form input[name="revision"]')
        assert len(revisions) == 2
        labels = [label.text for label in phone.find_elements(By.CSS_SELECTOR, "#gist-restore-form fieldset:first-of-type label")]
        assert "2 items" in labels[0] and "1 item" in labels[1], labels
        (gist,) = github.gists.values()
        assert "Milk" not in json.dumps(gist), "the lists are encrypted in the gist"

        # The older revision, with its passphrase, in place of the lists.
        click(phone, revisions[1])
        wait(phone).until(EC.visibility_of_element_located((By.ID, "gist-restore-passphrase")))
        fill(phone, "#gist-restore-passphrase", "not our passphrase")
        click(phone, phone.find_element(By.ID, "gist-restore-preview"))
        wait(phone).until(lambda d: "does not open" in d.find_element(By.ID, "gist-restore-status").text)
        fill(phone, "#gist-restore-passphrase", PASSPHRASE)
        preview = preview_and_restore(phone, "replace")
        assert "1 added, 1 removed first" in preview and "1 item." in preview, preview
        assert item_names(server, token, weekly) == ["Milk"]

        # The original app's gist, from its address: no passphrase, its deleted list to Recently deleted.
        party, old = str(uuid.uuid4()).upper(), str(uuid.uuid4()).upper()
        original = {"user": {"firstName": "Ada", "lastName": "L", "userId": email, "password": "plain-old-password"},
                    "lists": [{"id": party, "name": "Party", "createdAt": 786000000}],
                    "deletedLists": [{"id": old, "name": "Old trip", "createdAt": 785000000}],
                    "items": {party: [{"id": str(uuid.uuid4()).upper(), "name": "Balloons", "purchased": False}]},
                    "timestamp": 786000500, "version": "1.0.0"}
        gist_id = github.add_gist("MultiPurposeApp backup", {"backup.json": json.dumps(original)})
        fill(phone, "#gist-other", f"https://gist.github.com/ada-gh/{gist_id}")
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "gist-other-show"))
        revision = phone.find_element(By.CSS_SELECTOR, '#gist-restore-form input[name="revision"]')
        assert "the original app's" in phone.find_element(By.ID, "gist-restore-form").text
        click(phone, revision)
        assert not phone.find_element(By.ID, "gist-restore-passphrase").is_displayed()
        preview = preview_and_restore(phone, "merge")
        assert "Recently deleted, kept 30 days" in preview, preview
        phone.execute_script("document.getElementById('gist-revisions').scrollIntoView()")
        screenshot(phone, "lists/gist-backup")
        names = sorted(each["name"] for each in api(server, "GET", "/api/v1/lists", token=token)["lists"])
        assert names == ["Party", "Weekly"]
        assert item_names(server, token, party.lower()) == ["Balloons"]
