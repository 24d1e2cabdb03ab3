"""Offline in a real browser: a shop with no signal (the server stopped and the page offline),
changes kept in the outbox across reloads and a closed tab, sent exactly once when the connection
is back and seen live by the other member; an answer lost on its way back makes nothing twice;
signing out leaves none of the account's data in the browser; a gym's rest timer that rings
without a connection and is recorded as it happened once the connection is back; in a basement,
the inventory as last seen (with thumbnails), and photos and a receipt that arrive (an item with
thumbnails, a receipt) once the connection is back; and of two edits of one item made offline on two devices, the later one stands on both."""

from __future__ import annotations

import json
import urllib.request

from selenium.common.exceptions import TimeoutException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select, WebDriverWait

from test_accounts import body_classes, click, fill, page_attribute, register, submit_and_wait_for_new_page, unique_email, wait
from test_focus import open_focus, text_of
from test_inventory import FIXTURES, pick
from test_lists import add_item, create_list, household_of_two, names_in, open_list_page, row_of, set_offline

# Once the server answers, an online page's change lands within the wait for a sender gone astray
# (20 s, offline-db.js), one request's limit (15 s) and one online retry (at most 4 s, outbox.js).
SYNC_SECONDS = 60

SERVER_LIST = """
const [listId, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const items = [];
  let cursor = "";
  do {
    const page = await (await fetch(`/api/v1/lists/${listId}${cursor ? `?cursor=${cursor}` : ""}`)).json();
    items.push(...page.items);
    cursor = page.nextCursor ?? "";
  } while (cursor);
  done(items.map((item) => [item.name, item.purchased]));
})().catch((error) => done(String(error)));
"""


def status_text(driver) -> str:
    return driver.find_element(By.ID, "sync-status").text


OUTBOX_STATE = """
const done = arguments[arguments.length - 1];
import("/js/outbox.js").then(async ({ pending }) => done({
  online: navigator.onLine, waiting: (await pending()).map((entry) => `${entry.method} ${entry.url}`),
  refused: document.getElementById("sync-refused")?.textContent ?? null,
  locks: navigator.locks ? await navigator.locks.query() : null,
})).catch((error) => done(String(error)));
"""


def wait_until_synced(driver) -> None:
    """Waits for "Synced"; a timeout says what the header and the outbox showed instead."""
    try:
        WebDriverWait(driver, SYNC_SECONDS).until(lambda d: status_text(d) == "Synced")
    except TimeoutException:
        raise AssertionError(f"not synced after {SYNC_SECONDS} s: the header says {status_text(driver)!r}, "
                             f"the outbox {driver.execute_async_script(OUTBOX_STATE)}") from None


def controlled_by_service_worker(driver) -> None:
    wait(driver).until(lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"))


def waiting_marks(driver) -> int:
    """Lines marked "Not saved yet" (in the basket too, folded or not)."""
    return len(driver.find_elements(By.CSS_SELECTOR, ".item.pending"))


def shows_kept_list(driver, to_buy: int, in_basket: int) -> bool:
    return len(names_in(driver, "to-buy")) == to_buy and driver.find_element(By.ID, "basket-count").text == str(in_basket)


def test_a_shop_without_signal_keeps_every_change_until_it_lands_exactly_once(stoppable_server, browser_factory, screenshot):
    base = stoppable_server.base_url
    ada, bob = household_of_two(base, browser_factory)
    list_id = create_list(ada, base, "Groceries")
    add_item(ada, "Bread")
    wait(ada).until(lambda d: names_in(d, "to-buy") == ["Bread"] and not d.find_elements(By.CSS_SELECTOR, ".item.pending"))
    controlled_by_service_worker(ada)
    bob.get(f"{base}/lists/{list_id}")
    open_list_page(bob)

    # In the shop: no signal at all (the page offline, and nothing answers for the worker either).
    stoppable_server.stop()
    set_offline(ada, True)
    names = [f"Item {number:02}" for number in range(1, 21)]
    for name in names:
        add_item(ada, name)
    wait(ada).until(lambda d: len(names_in(d, "to-buy")) == 21)
    for name in names[:5]:
        click(ada, row_of(ada, name).find_element(By.CSS_SELECTOR, "input[type=checkbox]"))
    wait(ada).until(lambda d: d.find_element(By.ID, "basket-count").text == "5")
    wait(ada).until(lambda d: status_text(d) == "Offline — 25 changes waiting")
    assert waiting_marks(ada) == 20, "every line not saved yet is marked"
    screenshot(ada, "offline-list-waiting-phone")

    # A reload without a connection: the kept page shows the account's copy, still marked waiting.
    ada.refresh()
    wait(ada).until(lambda d: page_attribute(d, "html", "data-shell") == "true")
    wait(ada).until(lambda d: shows_kept_list(d, 16, 5))
    wait(ada).until(lambda d: status_text(d) == "Offline — 25 changes waiting")
    assert waiting_marks(ada) == 20
    # The index, offline too, counts what the copy holds.
    ada.get(f"{base}/lists")
    wait(ada).until(lambda d: [card.text.splitlines()[1:] for card in d.find_elements(By.CSS_SELECTOR, ".list-card")]
                    == [["Groceries", "16 to buy · 5 of 21 in the basket"]])
    screenshot(ada, "offline-lists-index-phone")
    # A list made offline from the kept index opens at once, takes items and a new name.
    fill(ada, "#new-list-name", "Pharmacy")
    click(ada, ada.find_element(By.ID, "new-list-create"))
    wait(ada).until(lambda d: d.find_elements(By.ID, "list-page") and text_of(d, "list-name") == "Pharmacy")
    add_item(ada, "Plasters")
    wait(ada).until(lambda d: names_in(d, "to-buy") == ["Plasters"])
    click(ada, ada.find_element(By.CSS_SELECTOR, "#list-options summary"))
    fill(ada, "#rename-name", "Chemist")
    click(ada, ada.find_element(By.ID, "rename-save"))
    wait(ada).until(lambda d: text_of(d, "list-name") == "Chemist")
    wait(ada).until(lambda d: status_text(d) == "Offline — 28 changes waiting")

    # The tab is closed; a new one opens the list, still offline.
    first_tab = ada.current_window_handle
    ada.switch_to.new_window("tab")
    ada.switch_to.window(first_tab)
    ada.close()
    ada.switch_to.window(ada.window_handles[0])
    set_offline(ada, True)
    ada.get(f"{base}/lists/{list_id}")
    wait(ada).until(lambda d: shows_kept_list(d, 16, 5))

    # Back in signal: everything lands once, and Bob sees it without touching his page.
    stoppable_server.start()
    set_offline(ada, False)
    wait_until_synced(ada)
    wait(ada).until(lambda d: waiting_marks(d) == 0)
    ada.set_script_timeout(20)
    on_server = ada.execute_async_script(SERVER_LIST, list_id)
    assert sorted(on_server) == sorted([["Bread", False]] + [[name, index < 5] for index, name in enumerate(names)])
    WebDriverWait(bob, SYNC_SECONDS).until(lambda d: shows_kept_list(d, 16, 5))
    pharmacy = ada.execute_async_script(
        "const done = arguments[0]; fetch('/api/v1/lists').then((r) => r.json()).then((p) => done(p.lists.filter((l) => l.name === 'Chemist').map((l) => l.id)));")
    assert len(pharmacy) == 1 and ada.execute_async_script(SERVER_LIST, pharmacy[0]) == [["Plasters", False]]
    screenshot(ada, "offline-list-synced-phone")


def test_a_change_whose_answer_was_lost_is_not_made_twice(server, browser_factory):
    driver = browser_factory()
    register(driver, server, unique_email())
    list_id = create_list(driver, server, "Hardware")
    # The next new item reaches the server, but its answer never comes back to the page.
    driver.execute_script("""
      const real = window.fetch;
      let lost = false;
      window.fetch = async (url, init) => {
        const response = await real(url, init);
        if (!lost && init?.method === "POST" && String(url).endsWith("/items")) {
          lost = true;
          throw new TypeError("Failed to fetch");
        }
        return response;
      };
    """)
    add_item(driver, "Screws")
    wait_until_synced(driver)
    driver.set_script_timeout(20)
    assert driver.execute_async_script(SERVER_LIST, list_id) == [["Screws", False]]
    driver.refresh()
    open_list_page(driver)
    assert names_in(driver, "to-buy") == ["Screws"]


def test_signing_out_leaves_nothing_of_the_account_in_the_browser(server, browser_factory):
    driver = browser_factory()
    register(driver, server, unique_email())
    create_list(driver, server, "Pharmacy")
    account = driver.find_element(By.CSS_SELECTOR, "html").get_attribute("data-account")
    databases = "const done = arguments[0]; indexedDB.databases().then((all) => done(all.map((db) => db.name)));"
    wait(driver).until(lambda d: f"hearth-{account}" in d.execute_async_script(databases))
    click(driver, driver.find_element(By.ID, "logout"))
    wait(driver).until(lambda d: "signed-out" in body_classes(d))
    assert f"hearth-{account}" not in driver.execute_async_script(databases)


SERVER_SESSIONS = """
const done = arguments[arguments.length - 1];
fetch("/api/v1/focus/sessions").then((response) => response.json())
  .then((page) => done(page.sessions.map((s) => [s.kind, (Date.parse(s.endedAt) - Date.parse(s.startedAt)) / 1000, s.actualSeconds])))
  .catch((error) => done(String(error)));
"""


def test_a_rest_timer_in_a_gym_without_signal_rings_and_is_recorded_when_back(stoppable_server, browser_factory, screenshot):
    base = stoppable_server.base_url
    phone = browser_factory()
    register(phone, base, unique_email())
    open_focus(phone, base)
    controlled_by_service_worker(phone)
    click(phone, phone.find_element(By.ID, "tab-rest"))
    while text_of(phone, "time") != "00:05":
        click(phone, phone.find_element(By.ID, "rest-minus"))
    # The stepped length is saved as the rest setting; the page read again keeps it for offline use.
    wait(phone).until(lambda d: d.execute_async_script(
        "const done = arguments[0]; fetch('/api/v1/focus/settings').then((r) => r.json()).then((s) => done(s.restSeconds));") == 5)
    open_focus(phone, base)

    # The gym: no signal, and the page opened again from the home screen.
    stoppable_server.stop()
    set_offline(phone, True)
    phone.refresh()
    wait(phone).until(lambda d: page_attribute(d, "html", "data-shell") == "true")
    wait(phone).until(lambda d: text_of(d, "time") == "00:05")
    for _ in range(2):
        # The page records each label it shows: a loaded machine may not look within the rest's 5 s.
        phone.execute_script(RECORD_PHASE_LABELS)
        click(phone, wait(phone).until(EC.element_to_be_clickable((By.ID, "start-rest"))))
        wait(phone).until(lambda d: "Rest" in d.execute_script("return window.hearthPhaseLabels"))
        assert phone.find_element(By.ID, "offline-note").is_displayed()
        screenshot(phone, "offline-rest-running-phone")
        WebDriverWait(phone, SYNC_SECONDS).until(EC.visibility_of_element_located((By.ID, "alarm")))
        assert "Rest over" in text_of(phone, "alarm")
        screenshot(phone, "offline-rest-alarm-phone")
        click(phone, phone.find_element(By.ID, "dismiss"))
        wait(phone).until(EC.invisibility_of_element_located((By.ID, "alarm")))
    click(phone, phone.find_element(By.ID, "end-workout"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "workout-summary")))
    assert text_of(phone, "workout-rests") == "2"
    wait(phone).until(lambda d: status_text(d) == "Offline — 5 changes waiting")

    # Back in signal: the server records the rests as they happened.
    stoppable_server.start()
    set_offline(phone, False)
    wait_until_synced(phone)
    phone.set_script_timeout(20)
    assert phone.execute_async_script(SERVER_SESSIONS) == [["rest", 5, 5], ["rest", 5, 5]]
    open_focus(phone, base)
    assert text_of(phone, "phase-label") == "Ready"


RECORD_PHASE_LABELS = """
window.hearthPhaseLabels = [];
const label = document.getElementById("phase-label");
new MutationObserver(() => window.hearthPhaseLabels.push(label.textContent.trim()))
  .observe(label, { childList: true, characterData: true, subtree: true });
"""


KEPT_THUMBNAILS = """
const done = arguments[arguments.length - 1];
import("/js/outbox.js").then(async ({ account }) => {
  const who = await account;
  const copies = await new Promise((resolve) => {
    const request = indexedDB.open(`hearth-${who.userId}`);
    request.onsuccess = () => { const all = request.result.transaction("copies").objectStore("copies").getAllKeys(); all.onsuccess = () => resolve(all.result); };
  });
  done(copies.filter((key) => String(key).startsWith("thumb:")).length);
});
"""


SERVER_ITEM_PHOTOS = """
const [name, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const items = (await (await fetch(`/api/v1/inventory/items?q=${encodeURIComponent(name)}`)).json()).items;
  const found = items.filter((item) => item.name === name);
  if (found.length !== 1) return done(`${found.length} items named ${name}`);
  const photos = (await (await fetch(`/api/v1/inventory/items/${found[0].id}/photos`)).json()).photos;
  const thumbnails = await Promise.all(photos.map(async (photo) => {
    const response = await fetch(photo.thumbUrl);
    return `${response.status} ${response.headers.get("Content-Type")}`;
  }));
  done({ room: found[0].roomId ?? null, thumbnails });
})().catch((error) => done(String(error)));
"""


def test_in_a_basement_the_inventory_shows_and_photos_and_a_receipt_arrive_once_back(stoppable_server, browser_factory, screenshot):
    base = stoppable_server.base_url
    phone = browser_factory()
    register(phone, base, unique_email())
    phone.get(f"{base}/inventory/capture")
    controlled_by_service_worker(phone)
    rooms = {option.text: option.get_attribute("value") for option in phone.find_elements(By.CSS_SELECTOR, "#capture-room option")}
    # Something owned already, seen on the Inventory page: kept with its thumbnail.
    fill(phone, "#capture-name", "Espresso machine")
    phone.find_element(By.ID, "capture-files").send_keys(str(FIXTURES / "rotated-gps.jpg"))
    wait(phone).until(lambda d: "/edit" in d.current_url)
    phone.get(f"{base}/inventory")
    wait(phone).until(lambda d: d.execute_async_script(KEPT_THUMBNAILS) == 1)
    phone.get(f"{base}/inventory/capture")

    # The basement: no connection, and the capture page opened again.
    stoppable_server.stop()
    set_offline(phone, True)
    phone.refresh()
    wait(phone).until(lambda d: page_attribute(d, "html", "data-shell") == "true")
    wait(phone).until(lambda d: "🍳 Kitchen" in [option.text for option in d.find_elements(By.CSS_SELECTOR, "#capture-room option")])
    fill(phone, "#capture-name", "Bicycle")
    Select(phone.find_element(By.ID, "capture-room")).select_by_visible_text("🍳 Kitchen")
    photos = [FIXTURES / "rotated-gps.jpg", FIXTURES / "qr-photo.jpg", FIXTURES / "image.png"]
    phone.find_element(By.ID, "capture-files").send_keys("\n".join(str(photo) for photo in photos))
    wait(phone).until(lambda d: "kept on this device" in text_of(d, "capture-status"))
    wait(phone).until(lambda d: status_text(d) == "Offline — 2 changes waiting")
    screenshot(phone, "offline-capture-kept-phone")
    # A receipt too, in the Receipt mode of the kept page.
    click(phone, phone.find_element(By.ID, "mode-receipt"))
    wait(phone).until(lambda d: d.find_elements(By.ID, "receipt-files") and not d.find_elements(By.ID, "capture-photo"))
    phone.find_element(By.ID, "receipt-files").send_keys(str(FIXTURES / "receipt-photo.jpg"))
    wait(phone).until(lambda d: "receipt is kept on this device" in text_of(d, "capture-status"))
    phone.refresh()  # the photos and the receipt wait in the outbox, not in the page
    wait(phone).until(lambda d: page_attribute(d, "html", "data-shell") == "true")
    wait(phone).until(lambda d: status_text(d) == "Offline — 3 changes waiting")
    # The items as last seen, thumbnails included.
    phone.get(f"{base}/inventory")
    wait(phone).until(lambda d: [tile.text.splitlines()[0] for tile in d.find_elements(By.CSS_SELECTOR, ".item-tile")] == ["Espresso machine"])
    wait(phone).until(lambda d: d.execute_script(
        "const image = document.querySelector('.tile-photo img'); return image !== null && image.complete && image.naturalWidth > 0"))
    screenshot(phone, "offline-inventory-phone")

    stoppable_server.start()
    set_offline(phone, False)
    wait_until_synced(phone)
    phone.set_script_timeout(30)
    found = phone.execute_async_script(SERVER_ITEM_PHOTOS, "Bicycle")
    assert found == {"room": rooms["🍳 Kitchen"], "thumbnails": ["200 image/jpeg"] * 3}, found
    receipts = phone.execute_async_script(
        "const done = arguments[0]; fetch('/api/v1/inventory/receipts').then((r) => r.json()).then((p) => done(p.receipts.length));")
    assert receipts == 1


def edit_item(driver, name: str, new_name: str) -> None:
    click(driver, row_of(driver, name).find_element(By.CSS_SELECTOR, ".item-main"))
    wait(driver).until(EC.visibility_of_element_located((By.ID, "edit-dialog")))
    fill(driver, "#edit-name", new_name)
    click(driver, driver.find_element(By.ID, "edit-save"))
    wait(driver).until(lambda d: new_name in names_in(d, "to-buy"))


def test_of_two_edits_made_offline_the_later_one_stands_on_both(stoppable_server, browser_factory, screenshot):
    base = stoppable_server.base_url
    ada, bob = household_of_two(base, browser_factory)
    list_id = create_list(ada, base, "Groceries")
    add_item(ada, "Milk")
    wait(ada).until(lambda d: names_in(d, "to-buy") == ["Milk"] and not d.find_elements(By.CSS_SELECTOR, ".item.pending"))
    bob.get(f"{base}/lists/{list_id}")
    open_list_page(bob)
    wait(bob).until(lambda d: names_in(d, "to-buy") == ["Milk"])

    stoppable_server.stop()
    set_offline(ada, True)
    set_offline(bob, True)
    edit_item(ada, "Milk", "Whole milk")
    edit_item(bob, "Milk", "Oat milk")  # later than Ada's
    stoppable_server.start()
    # Bob's later edit arrives first; Ada's older one then finds it and is refused with the reason.
    set_offline(bob, False)
    wait_until_synced(bob)
    set_offline(ada, False)
    refused = WebDriverWait(ada, SYNC_SECONDS).until(EC.visibility_of_element_located((By.ID, "sync-refused")))
    assert "Not saved: saving Milk." in refused.text and "changed on another device" in refused.text and "Oat milk" in refused.text
    WebDriverWait(ada, SYNC_SECONDS).until(lambda d: names_in(d, "to-buy") == ["Oat milk"])
    WebDriverWait(bob, SYNC_SECONDS).until(lambda d: names_in(d, "to-buy") == ["Oat milk"])
    screenshot(ada, "offline-edit-conflict-phone")


KEPT_COPY = """
const [key, done] = [arguments[0], arguments[arguments.length - 1]];
import("/js/outbox.js").then(async ({ readCopy }) => done(Boolean(await readCopy(key))));
"""

SERVER_ITEMS = """
const done = arguments[arguments.length - 1];
fetch('/api/v1/inventory/items?sort=name').then((r) => r.json())
  .then((page) => done(page.items.map((item) => [item.name, item.roomId ?? null, item.purchasePrice?.amount ?? null])));
"""


def open_item_form(driver) -> None:
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "edit-item"))
    wait(driver).until(EC.presence_of_element_located((By.ID, "item-form")))


def save_item_form(driver, fields: dict[str, str]) -> None:
    """Fills the item form and saves it; the item's page follows (with a connection or not)."""
    for selector, value in fields.items():
        fill(driver, selector, value)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "save-item"))
    wait(driver).until(EC.presence_of_element_located((By.ID, "item-page")))


def test_an_inventory_edited_and_added_to_offline_lands_once_and_the_later_edit_stands(stoppable_server, browser_factory, screenshot):
    base = stoppable_server.base_url
    ada, bob = household_of_two(base, browser_factory)
    # Online, Ada adds a lamp with the form (through the outbox too) and looks at her inventory.
    ada.get(f"{base}/inventory/items/new")
    controlled_by_service_worker(ada)
    fill(ada, "#name", "Lamp")
    fill(ada, "#purchase_price", "12,5,0")
    click(ada, ada.find_element(By.ID, "save-item"))
    error = wait(ada).until(EC.visibility_of_element_located((By.ID, "form-error")))
    assert "The purchase price “12,5,0” is not an amount" in error.text
    assert not ada.find_element(By.ID, "sync-refused").is_displayed()  # said on the form, not again in the header
    save_item_form(ada, {"#purchase_price": ""})
    assert "Item added." in ada.find_element(By.TAG_NAME, "main").text
    lamp = ada.current_url.split("/inventory/items/")[1].split("?")[0]
    rooms = {option.text: option.get_attribute("value") for option in ada.find_elements(By.CSS_SELECTOR, "#move-room option")}
    ada.get(f"{base}/inventory")
    wait(ada).until(lambda d: d.execute_async_script(KEPT_COPY, "itemform:new"))
    for phone in (ada, bob):
        phone.get(f"{base}/inventory/items/{lamp}")
        controlled_by_service_worker(phone)
        wait(phone).until(lambda d: d.execute_async_script(KEPT_COPY, f"itemform:{lamp.upper()}"))

    # No connection: Ada edits the lamp and adds a bicycle, which she moves to the kitchen; Bob edits the lamp later.
    stoppable_server.stop()
    set_offline(ada, True)
    set_offline(bob, True)
    ada.refresh()
    wait(ada).until(lambda d: page_attribute(d, "html", "data-shell") == "true")
    wait(ada).until(lambda d: text_of(d, "item-name") == "Lamp")
    open_item_form(ada)
    save_item_form(ada, {"#name": "Desk lamp", "#purchase_price": "1.299,99"})
    wait(ada).until(lambda d: text_of(d, "item-name") == "Desk lamp" and "saving Desk lamp" in text_of(d, "item-waiting"))
    ada.refresh()  # kept in the outbox, not in the page
    wait(ada).until(lambda d: text_of(d, "item-name") == "Desk lamp" and "Not saved yet" in text_of(d, "item-waiting"))
    ada.get(f"{base}/inventory/items/new")
    wait(ada).until(EC.presence_of_element_located((By.ID, "item-form")))
    save_item_form(ada, {"#name": "Bicycle"})
    wait(ada).until(lambda d: text_of(d, "item-name") == "Bicycle")
    wait(ada).until(lambda d: status_text(d) == "Offline — 2 changes waiting")
    open_item_form(ada)  # the form of an item made offline starts from what was typed
    wait(ada).until(lambda d: d.find_element(By.ID, "name").get_attribute("value") == "Bicycle")
    pick(ada, "room", "🍳 Kitchen")
    save_item_form(ada, {})
    wait(ada).until(lambda d: status_text(d) == "Offline — 3 changes waiting")
    screenshot(ada, "offline-inventory-item-phone")
    bob.refresh()
    wait(bob).until(lambda d: text_of(d, "item-name") == "Lamp")
    open_item_form(bob)
    save_item_form(bob, {"#name": "Reading lamp"})
    wait(bob).until(lambda d: "saving Reading lamp" in text_of(d, "item-waiting"))

    # Back: Bob's later edit arrives first; Ada's older one finds it and is refused with the reason.
    stoppable_server.start()
    set_offline(bob, False)
    wait_until_synced(bob)
    set_offline(ada, False)
    refused = WebDriverWait(ada, SYNC_SECONDS).until(EC.visibility_of_element_located((By.ID, "sync-refused")))
    assert "Not saved: saving Desk lamp." in refused.text and "“Reading lamp” was changed on another device" in refused.text
    wait_until_synced(ada)
    ada.set_script_timeout(30)
    items = ada.execute_async_script(SERVER_ITEMS)
    assert items == [["Bicycle", rooms["🍳 Kitchen"], None], ["Reading lamp", None, None]], items
    ada.get(f"{base}/inventory/items/{lamp}")
    wait(ada).until(lambda d: text_of(d, "item-name") == "Reading lamp")
    # Moving and deleting go through the outbox too, with a connection straight to the server.
    Select(ada.find_element(By.ID, "move-room")).select_by_visible_text("🍳 Kitchen")
    submit_and_wait_for_new_page(ada, ada.find_element(By.ID, "move-item"))
    wait(ada).until(lambda d: "Saved." in d.find_element(By.TAG_NAME, "main").text)
    submit_and_wait_for_new_page(ada, ada.find_element(By.ID, "delete-item"))
    wait(ada).until(lambda d: d.current_url.endswith(f"/inventory?deleted={lamp.upper()}"))
    assert ada.execute_async_script(SERVER_ITEMS) == [["Bicycle", rooms["🍳 Kitchen"], None]]


def server_list_names(base: str, cookies: list[dict], list_id: str) -> list[str]:
    """The list's item names as the server has them, read with the browser's session cookie."""
    request = urllib.request.Request(f"{base}/api/v1/lists/{list_id}", headers={
        "Cookie": "; ".join(f"{cookie['name']}={cookie['value']}" for cookie in cookies), "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return [item["name"] for item in json.load(response)["items"]]


def dispatch_background_sync(driver, origin: str) -> None:
    """What the browser does when the connection is back: the worker's `sync` event for the outbox's
    tag. DevTools names the worker by its registration's number, which a fresh profile counts from 0."""
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    for number in range(5):
        try:
            driver.execute_cdp_cmd("ServiceWorker.dispatchSyncEvent",
                                   {"origin": origin, "registrationId": str(number), "tag": "hearth-outbox", "lastChance": False})
            return
        except WebDriverException as error:
            last = error
            continue
    raise AssertionError(f"DevTools found no service worker registration to dispatch the sync event to: {last}")


def test_with_every_page_closed_background_sync_sends_what_waits(stoppable_server, browser_factory):
    base = stoppable_server.base_url
    phone = browser_factory()
    register(phone, base, unique_email())
    list_id = create_list(phone, base, "Basement shop")
    controlled_by_service_worker(phone)
    cookies = phone.get_cookies()
    stoppable_server.stop()
    set_offline(phone, True)
    add_item(phone, "Flour")
    wait(phone).until(lambda d: status_text(d) == "Offline — 1 change waiting")

    # The page closed; the connection back: only the service worker is there to send the change.
    phone.get("about:blank")
    stoppable_server.start()
    set_offline(phone, False)
    assert server_list_names(base, cookies, list_id) == []
    dispatch_background_sync(phone, base)
    WebDriverWait(phone, SYNC_SECONDS, poll_frequency=0.5).until(lambda _: server_list_names(base, cookies, list_id) == ["Flour"])
