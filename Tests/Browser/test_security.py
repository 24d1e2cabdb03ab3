"""The Content-Security-Policy in a real browser: every page of `hearth routes` loads and runs
without a single violation (no inline script, style attribute or handler anywhere)."""

from __future__ import annotations

import re
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import inventory_with_data
from test_lists import add_item, create_list

# Collects what the policy blocks, from before the page's own scripts run.
RECORD_VIOLATIONS = """
window.hearthViolations = [];
document.addEventListener("securitypolicyviolation", (event) =>
  window.hearthViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber}`));
"""
# Not pages: the API, the operations endpoints, the item list fragment the inventory page swaps in,
# kept backups (files) and what a page behind the inventory's lock asks about it (JSON).
NOT_PAGES = ("/api/", "/health", "/metrics", "/manifest.webmanifest", "/sw.js", "/inventory/items/list", "/settings/backups/files/",
             "/lock/state")


def page_routes(hearth_bin) -> list[str]:
    lines = subprocess.run([str(hearth_bin), "routes"], check=True, capture_output=True, text=True).stdout.splitlines()
    return sorted({line.split(" ", 1)[1] for line in lines if line.startswith("GET ") and not line.split(" ", 1)[1].startswith(NOT_PAGES)})


def page_paths(hearth_bin, ids: dict[str, str]) -> list[str]:
    """Every page route with its parameters filled: `ids` maps the path before a parameter (its
    longest known part: "/inventory/items", else "/lists") to the value, and "{secret}" to an invite's."""
    paths = []
    for template in page_routes(hearth_bin):
        path = template.replace("{secret}", ids["{secret}"])
        while "{" in path:
            before = path[:path.index("{")].rstrip("/")
            prefix = next((key for key in sorted(ids, key=len, reverse=True) if before.endswith(key)), None)
            assert prefix, f"{template}: no value for its parameter in this test"
            path = re.sub(r"\{[^}]+\}", ids[prefix], path, count=1)
        paths.append(path)
    return paths


def violations_on(driver, url) -> list[str]:
    driver.get(url)
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")
    wait(driver).until(EC.presence_of_element_located((By.TAG_NAME, "main")))
    return driver.execute_script("return window.hearthViolations")


def test_no_page_breaks_the_content_security_policy(server, browser_factory, hearth_bin):
    driver = browser_factory()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_VIOLATIONS})
    # Signed out first, then with data on every page.
    signed_out = {path: violations_on(driver, server + path) for path in ("/login", "/register", "/privacy")}
    email = unique_email()
    register(driver, server, email)
    list_id = create_list(driver, server, "Groceries", "🛒")
    add_item(driver, "Milk", "2 l")
    driver.get(f"{server}/settings/household")
    submit_and_wait_for_new_page(driver, wait(driver).until(EC.element_to_be_clickable((By.ID, "invite-create"))))
    invite = wait(driver).until(EC.presence_of_element_located((By.ID, "invite-link"))).get_attribute("value")
    inventory = inventory_with_data(server, email)
    ids = {"/lists": list_id, "/inventory/items": inventory["item"], "/inventory/receipts": inventory["receipt"],
           "/inventory/receipts/{id}/items": inventory["item"], "/inventory/claims": inventory["claim"], "{secret}": re.sub(r".*/invite/", "", invite)}

    found = {**signed_out, "the new invite link": driver.execute_script("return window.hearthViolations")}
    for path in page_paths(hearth_bin, ids):
        found[path] = violations_on(driver, server + path)
    broken = {path: found[path] for path in found if found[path]}
    assert not broken, f"pages broke the Content-Security-Policy: {broken}"
    assert len(found) >= 15, sorted(found)
