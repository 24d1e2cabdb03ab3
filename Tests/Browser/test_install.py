"""The installable app: Chromium finds nothing missing for "Install app" (manifest, icons, service
worker), and when the server cannot be reached a page opens as the honest offline page, styled
from the service worker's cache and showing nobody's account."""

from __future__ import annotations

import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import register, unique_email, wait

SERVICE_WORKER_SCOPE = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((registration) => done(registration.active ? registration.scope : null));
"""


def fetch(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers.get("Content-Type", ""), response.read()


def test_chromium_can_install_the_app_and_it_is_honest_offline(own_server, browser_factory, screenshot):
    server, process = own_server
    kind, body = fetch(f"{server}/manifest.webmanifest")
    manifest = json.loads(body)
    assert kind.startswith("application/manifest+json")
    assert (manifest["name"], manifest["short_name"], manifest["start_url"], manifest["display"]) == ("Hearth", "Hearth", "/focus", "standalone")
    icons = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= icons
    for icon in manifest["icons"]:
        assert fetch(server + icon["src"])[0] == "image/png", icon["src"]

    phone = browser_factory()
    register(phone, server, unique_email())
    phone.set_script_timeout(20)
    assert phone.execute_async_script(SERVICE_WORKER_SCOPE) == f"{server}/"
    assert phone.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
    phone.get(f"{server}/lists")  # the service worker now controls the pages and has kept the styles
    wait(phone).until(lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"))

    process.terminate()
    process.wait(timeout=10)
    phone.get(f"{server}/settings")  # a page kept for offline use has its own test (test_offline.py)
    wait(phone).until(EC.presence_of_element_located((By.ID, "offline-page")))
    assert phone.find_element(By.TAG_NAME, "h1").text == "No connection"
    background = phone.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), "the offline page has its styles from the cache"
    assert not phone.find_elements(By.CSS_SELECTOR, "nav.tabs"), "the kept page shows nobody's account"
    screenshot(phone, "offline-phone")
