"""The frame and the inventory home as issue 33 wants them: items first on a phone (search, chips,
one summary line, one suggestion), a remembered grid or list, one row of a section's pages on a
360 px phone with no header above it, a sidebar on a desktop, and the keyboard's shortcuts."""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import PASSWORD, click, path_of, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import FIXTURES, api, tile_names, token_for


def household_with_items(server: str, email: str) -> dict:
    """Four items in three rooms, none documented, so that each is a suggestion of what to fix."""
    token = token_for(server, email)
    rooms = {group["name"]: group["id"] for group in api(server, "GET", "/api/v1/inventory/rooms", token=token)["groups"]}
    kitchen, office = next(i for n, i in rooms.items() if "Kitchen" in n), next(i for n, i in rooms.items() if "Office" in n)
    for name, room, cents in [("Espresso machine", kitchen, 59900), ("Toaster", kitchen, 4900),
                              ("Laptop", office, 149900), ("Road bike", None, 129900)]:
        body = {"name": name, "purchasePrice": {"amount": cents, "currency": "USD"}}
        if room:
            body["roomId"] = room
        api(server, "POST", "/api/v1/inventory/items", body, token)
    return {"kitchen": kitchen, "office": office}


def top_of(driver, css: str) -> float:
    return driver.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().top", css)


def test_the_inventory_opens_on_its_items_with_chips_one_summary_line_and_one_suggestion(server, browser_factory, screenshot):
    phone = browser_factory(width=390, height=844)
    email = unique_email()
    register(phone, server, email)
    rooms = household_with_items(server, email)
    phone.get(f"{server}/inventory")
    wait(phone).until(EC.visibility_of_element_located((By.ID, "search")))
    screenshot(phone, "design/inventory-home-phone")

    # Search and the first items are on the first screen; the dashboard is one closed line.
    assert top_of(phone, "#items .item-tile") < 844 - 100, "the first items show without scrolling"
    summary = phone.find_element(By.ID, "summary")
    assert summary.get_attribute("open") is None
    assert "% score" in summary.text and "0 of 4 documented" in summary.text
    assert not phone.find_element(By.ID, "room-scores").is_displayed()
    click(phone, summary.find_element(By.TAG_NAME, "summary"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "room-scores")))

    # One suggestion at a time; "Not now" shows the next, and this browser keeps it set aside.
    shown = [s for s in phone.find_elements(By.CSS_SELECTOR, "li.suggestion") if s.is_displayed()]
    assert len(shown) == 1
    first = shown[0].get_attribute("data-id")
    click(phone, shown[0].find_element(By.CSS_SELECTOR, ".dismiss"))
    shown = [s for s in phone.find_elements(By.CSS_SELECTOR, "li.suggestion") if s.is_displayed()]
    assert len(shown) == 1 and shown[0].get_attribute("data-id") != first
    phone.refresh()
    shown = wait(phone).until(lambda d: [s for s in d.find_elements(By.CSS_SELECTOR, "li.suggestion") if s.is_displayed()])
    assert len(shown) == 1 and shown[0].get_attribute("data-id") != first

    # A room's chip filters the items, and the count agrees with itself.
    chip = next(c for c in phone.find_elements(By.CSS_SELECTOR, "nav.chip-row a.chip") if "Office" in c.text)
    submit_and_wait_for_new_page(phone, chip)
    assert f"room={rooms['office']}" in phone.current_url
    assert tile_names(phone) == ["Laptop"]
    assert phone.find_element(By.ID, "list-total").text.startswith("1 item matches")
    assert phone.find_element(By.CSS_SELECTOR, "nav.chip-row a[aria-current='page']").text.endswith("Office")


def test_the_compact_list_is_the_persons_choice_and_stays_chosen(server, browser_factory, screenshot):
    phone = browser_factory(width=390, height=844)
    email = unique_email()
    register(phone, server, email)
    household_with_items(server, email)
    phone.get(f"{server}/inventory")
    tiles = lambda: phone.find_elements(By.CSS_SELECTOR, "#item-tiles .item-tile")
    assert len({tile.location["x"] for tile in tiles()}) == 2, "the grid shows two tiles a row on a phone"
    click(phone, wait(phone).until(EC.element_to_be_clickable((By.CSS_SELECTOR, ".view-button[data-view='list']"))))
    wait(phone).until(lambda d: "compact" in d.find_element(By.ID, "item-list").get_attribute("class"))
    assert len({tile.location["x"] for tile in tiles()}) == 1 and all(tile.size["height"] < 100 for tile in tiles())
    screenshot(phone, "design/inventory-compact-phone")

    phone.refresh()
    listed = wait(phone).until(EC.presence_of_element_located((By.ID, "item-list")))
    assert "compact" in listed.get_attribute("class"), "the server draws the remembered choice"
    assert phone.find_element(By.CSS_SELECTOR, ".view-button[data-view='list']").get_attribute("aria-pressed") == "true"


def test_a_small_phone_shows_one_row_of_a_sections_pages_and_no_header(server, browser_factory):
    phone = browser_factory(width=360, height=740)
    email = unique_email()
    register(phone, server, email)
    household_with_items(server, email)
    for path, current in [("/focus", "Timer"), ("/inventory", "Items"), ("/inventory/receipts", "Receipts"), ("/lists", "Lists"),
                          ("/lists/stats", "Statistics")]:
        phone.get(server + path)
        row = wait(phone).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "main nav.subnav")))
        links = row.find_elements(By.TAG_NAME, "a")
        assert len({round(link.location["y"]) for link in links}) == 1, f"{path}: the pages wrap to more rows"
        assert row.find_element(By.CSS_SELECTOR, "a[aria-current='page']").text == current
        assert not phone.find_element(By.CSS_SELECTOR, ".app-header .brand").is_displayed()
        assert top_of(phone, "main nav.subnav") < 40, f"{path}: something stands above the section's pages"
    # One way to each place: Capture is in the row, not again in the page's title.
    phone.get(f"{server}/inventory")
    assert len([a for a in phone.find_elements(By.CSS_SELECTOR, "main a[href='/inventory/capture']") if a.is_displayed()]) == 1


def test_a_desktop_has_the_sections_and_their_pages_in_a_sidebar(server, browser_factory, screenshot):
    desktop = browser_factory(width=1280, height=900)
    email = unique_email()
    register(desktop, server, email)
    household_with_items(server, email)
    desktop.get(f"{server}/inventory/receipts")
    header = wait(desktop).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".app-header")))
    assert header.location["x"] == 0 and header.size["height"] == 900 and header.size["width"] < 300
    side = desktop.find_element(By.CSS_SELECTOR, ".side-subnav")
    assert side.find_element(By.CSS_SELECTOR, "a[aria-current='page']").text == "Receipts"
    assert not desktop.find_element(By.CSS_SELECTOR, "main nav.subnav").is_displayed()
    main = desktop.find_element(By.ID, "main")
    assert main.location["x"] >= header.size["width"] and main.size["width"] > 800
    desktop.get(f"{server}/inventory")
    wait(desktop).until(EC.visibility_of_element_located((By.ID, "search")))
    screenshot(desktop, "design/inventory-home-desktop")

    # An item opens beside the list, which stays where it was; Close puts it away.
    laptop = next(tile for tile in desktop.find_elements(By.CSS_SELECTOR, "#item-tiles .tile-link") if "Laptop" in tile.text)
    click(desktop, laptop)
    pane = wait(desktop).until(EC.visibility_of_element_located((By.ID, "item-pane")))
    wait(desktop).until(lambda d: d.find_element(By.CSS_SELECTOR, "#item-pane .pane-title").text == "Laptop")
    assert path_of(desktop) == "/inventory" and pane.location["x"] > laptop.location["x"]
    assert pane.find_element(By.LINK_TEXT, "Open").get_attribute("href").endswith(laptop.get_attribute("href").split(server)[-1])
    assert "$1,499.00" in pane.text
    screenshot(desktop, "design/inventory-pane-desktop")
    click(desktop, pane.find_element(By.CSS_SELECTOR, ".pane-close"))
    wait(desktop).until(EC.invisibility_of_element_located((By.ID, "item-pane")))


def test_the_keyboard_searches_starts_something_new_goes_places_and_lists_its_shortcuts(server, browser_factory):
    desktop = browser_factory(width=1280, height=900)
    email = unique_email()
    register(desktop, server, email)
    household_with_items(server, email)
    desktop.get(f"{server}/inventory")
    wait(desktop).until(lambda d: d.execute_script("return document.readyState") == "complete")

    ActionChains(desktop).send_keys("/").perform()
    wait(desktop).until(lambda d: d.switch_to.active_element.get_attribute("id") == "search")
    ActionChains(desktop).send_keys("n").perform()
    assert desktop.find_element(By.ID, "search").get_attribute("value") == "n", "a key typed into a field stays in it"
    desktop.find_element(By.ID, "search").clear()
    desktop.execute_script("document.activeElement.blur()")

    desktop.execute_script("window.hearthOldPage = true;")
    ActionChains(desktop).send_keys("n").perform()
    wait(desktop).until(lambda d: path_of(d) == "/inventory/items/new")

    desktop.get(f"{server}/lists")
    wait(desktop).until(lambda d: d.execute_script("return document.readyState") == "complete")
    ActionChains(desktop).send_keys("?").perform()
    dialog = wait(desktop).until(EC.visibility_of_element_located((By.ID, "shortcuts-dialog")))
    assert "Keyboard shortcuts" in dialog.text and "Go to Inventory" in dialog.text
    ActionChains(desktop).send_keys("\ue00c").perform()  # Escape closes it
    wait(desktop).until(EC.invisibility_of_element_located((By.ID, "shortcuts-dialog")))
    ActionChains(desktop).send_keys("n").perform()
    wait(desktop).until(lambda d: d.switch_to.active_element.get_attribute("id") == "new-list-name")
    desktop.execute_script("document.activeElement.blur()")
    ActionChains(desktop).send_keys("g").send_keys("i").perform()
    wait(desktop).until(lambda d: path_of(d) == "/inventory")


def test_an_item_with_a_photo_a_value_and_a_room_takes_six_taps_from_the_inventory_tab(server, browser_factory, screenshot):
    phone = browser_factory(width=390, height=844)
    register(phone, server, unique_email())
    taps = 0

    def tap(element) -> None:
        nonlocal taps
        taps += 1
        click(phone, element)

    tap(wait(phone).until(EC.element_to_be_clickable((By.CSS_SELECTOR, "nav.tabs a[href='/inventory']"))))
    wait(phone).until(lambda d: path_of(d) == "/inventory")
    tap(wait(phone).until(EC.element_to_be_clickable((By.ID, "new-item"))))
    wait(phone).until(lambda d: path_of(d) == "/inventory/items/new" and d.switch_to.active_element.get_attribute("id") == "name")
    phone.switch_to.active_element.send_keys("Acoustic guitar")  # the name field is ready to type into
    taps += 1  # "Add photos" opens the camera or the files; the test hands the photo to its input
    wait(phone).until(EC.visibility_of_element_located((By.ID, "form-photo-button")))
    phone.find_element(By.ID, "form-photo-files").send_keys(str(FIXTURES / "rotated-gps.jpg"))
    wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#form-photo-strip img")) == 1)
    tap(phone.find_element(By.ID, "purchase_price"))
    phone.switch_to.active_element.send_keys("450")
    tap(next(label for label in phone.find_elements(By.CSS_SELECTOR, "fieldset#room label.choice") if "Living room" in label.text))
    screenshot(phone, "design/new-item-phone")
    save = phone.find_element(By.ID, "save-item")
    assert phone.execute_script("const r = arguments[0].getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0", save), \
        "Save stays on the screen"
    phone.execute_script("window.hearthOldPage = true;")
    tap(save)
    wait(phone).until(lambda d: d.execute_script("return !window.hearthOldPage") and "/inventory/items/" in d.current_url
                      and d.find_elements(By.CSS_SELECTOR, "#photos .photo img"))
    assert taps == 6
    assert phone.find_element(By.ID, "item-name").text == "Acoustic guitar"
    facts = phone.find_element(By.TAG_NAME, "main").text
    assert "$450.00" in facts and "Living room" in facts
    screenshot(phone, "design/new-item-saved-phone")


def test_a_new_household_is_welcomed_can_try_sample_data_and_remove_it_in_one_tap(server, browser_factory, screenshot):
    phone = browser_factory(width=390, height=844)
    phone.get(f"{server}/register")
    for field, value in (("name", "Ada Lovelace"), ("email", unique_email()), ("password", PASSWORD)):
        phone.find_element(By.CSS_SELECTOR, f"#register-form #{field}").send_keys(value)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "register-submit"))
    assert path_of(phone) == "/welcome"
    assert "Welcome to Hearth, Ada Lovelace" in phone.find_element(By.ID, "welcome-hearth").text
    screenshot(phone, "design/welcome-phone")

    # One screen for each app, then the choice; the skip link is there all along.
    for screen in ("welcome-focus", "welcome-inventory", "welcome-lists", "welcome-start"):
        click(phone, phone.execute_script(
            "return [...document.querySelectorAll('.welcome-next a')].find(a => { const r = a.getBoundingClientRect();"
            " return r.left >= 0 && r.right <= innerWidth; })"))
        wait(phone).until(lambda d: d.execute_script(
            "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
            "return Math.abs(r.left - document.getElementById('welcome-slides').getBoundingClientRect().left) < 2", screen))
        assert phone.find_element(By.ID, "welcome-skip").is_displayed()
    screenshot(phone, "design/welcome-start-phone")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "welcome-sample"))

    # Four items (three with photos) and a list, marked as the sample.
    assert path_of(phone) == "/inventory"
    assert "Sample data added" in phone.find_element(By.CSS_SELECTOR, "p.notice").text
    assert sorted(tile_names(phone)) == ["Armchair", "Espresso machine", "Road bike", "Television"]
    wait(phone).until(lambda d: len([i for i in d.find_elements(By.CSS_SELECTOR, ".tile-photo img") if i.get_attribute("naturalWidth") != "0"]) == 3)
    screenshot(phone, "design/sample-inventory-phone")
    phone.get(f"{server}/lists")
    assert "Weekend groceries" in phone.find_element(By.TAG_NAME, "main").text
    assert phone.find_element(By.ID, "sample-notice").is_displayed()

    # One tap removes all of it, from either place, and keeps what Ada added herself.
    phone.get(f"{server}/inventory/items/new")
    wait(phone).until(lambda d: d.switch_to.active_element.get_attribute("id") == "name")
    phone.switch_to.active_element.send_keys("Grandfather clock")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "save-item"))
    phone.get(f"{server}/lists")
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "sample-remove"))
    assert path_of(phone) == "/lists" and "sample data is gone" in phone.find_element(By.CSS_SELECTOR, "p.notice").text
    assert "Weekend groceries" not in phone.find_element(By.TAG_NAME, "main").text
    phone.get(f"{server}/inventory")
    assert tile_names(phone) == ["Grandfather clock"]
    assert not phone.find_elements(By.ID, "sample-notice")
    phone.get(f"{server}/lists/deleted")
    assert "Weekend groceries" not in phone.find_element(By.TAG_NAME, "main").text, "the sample is gone for good, not to Recently deleted"
