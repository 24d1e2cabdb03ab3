"""Lists in aisle order in a real browser: items sorted into aisles by themselves, an aisle folded with
one tap, an item moved to another aisle (and the household remembering it), the order within an
aisle dragged, stores with their own aisle order, and "Shopping at" folding away what only another
store has."""

from __future__ import annotations

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait, wait_for_new_page
from test_lists import add_item, create_list, open_list_page, row_of, wait_until_saved


def aisles(driver) -> list[str]:
    """The aisles shown to buy, in order."""
    return [section.get_attribute("data-category") for section in driver.find_elements(By.CSS_SELECTOR, "#to-buy .aisle")]


def aisle_items(driver, category: str) -> list[str]:
    return [element.text for element in driver.find_elements(By.CSS_SELECTOR, f"#to-buy .aisle[data-category='{category}'] .item-name")]


def settled(driver) -> bool:
    return not driver.find_elements(By.CSS_SELECTOR, ".item.pending")


def edit(driver, name: str, category: str | None = None, stores: dict[str, bool] | None = None) -> None:
    """Opens an item's editor, chooses its aisle and ticks or clears stores, and saves."""
    click(driver, row_of(driver, name).find_element(By.CSS_SELECTOR, ".item-main"))
    wait(driver).until(lambda d: d.find_element(By.ID, "edit-dialog").get_attribute("open") is not None)
    if category:
        Select(driver.find_element(By.ID, "edit-category")).select_by_value(category)
    for store, ticked in (stores or {}).items():
        box = next(label.find_element(By.TAG_NAME, "input") for label in driver.find_elements(By.CSS_SELECTOR, "#edit-stores label")
                   if label.text.strip() == store)
        if box.is_selected() != ticked:
            box.click()
    driver.find_element(By.ID, "edit-save").click()
    wait_until_saved(driver)


def drag(driver, handle, target) -> None:
    """Drags `handle` onto the middle of `target`, in two moves as a finger does."""
    offset = target.rect["y"] + target.rect["height"] / 2 - (handle.rect["y"] + handle.rect["height"] / 2)
    ActionChains(driver).click_and_hold(handle).move_by_offset(0, offset / 2).move_by_offset(0, offset / 2).release().perform()


def add_store(driver, server: str, name: str) -> None:
    driver.get(f"{server}/lists/stores")
    fill(driver, "#new-store-name", name)
    submit_and_wait_for_new_page(driver, driver.find_element(By.CSS_SELECTOR, "#new-store button"))


def test_a_list_sorts_itself_into_aisles_that_fold_and_learns_where_the_household_keeps_things(server, browser_factory, screenshot):
    driver = browser_factory()
    register(driver, server, unique_email())
    weekly = create_list(driver, server, "Weekly")
    for name in ("Milk", "Bananas", "Frozen peas", "Bread", "Apples"):
        add_item(driver, name)
    # Enter sends an item and returns at once: wait until the last one is shown and saved too.
    wait(driver).until(lambda d: settled(d) and aisles(d) == ["produce", "bakery", "dairy", "frozen"]
                       and aisle_items(d, "produce") == ["Bananas", "Apples"])
    screenshot(driver, "lists-aisles-phone")

    # One tap folds an aisle; it stays folded on this device.
    toggle = driver.find_element(By.CSS_SELECTOR, "#to-buy .aisle[data-category='produce'] .aisle-toggle")
    click(driver, toggle)
    wait(driver).until(lambda d: not d.find_element(By.CSS_SELECTOR, ".aisle[data-category='produce'] .items").is_displayed())
    assert toggle.get_attribute("aria-expanded") == "false" and "2" in toggle.text
    driver.refresh()
    open_list_page(driver)
    assert not driver.find_element(By.CSS_SELECTOR, ".aisle[data-category='produce'] .items").is_displayed()
    click(driver, driver.find_element(By.CSS_SELECTOR, "#to-buy .aisle[data-category='produce'] .aisle-toggle"))

    # Apples dragged above Bananas: the household's order, kept after a reload.
    handles = lambda: driver.find_elements(By.CSS_SELECTOR, "#to-buy .aisle[data-category='produce'] .drag-handle")  # noqa: E731
    drag(driver, handles()[1], row_of(driver, "Bananas"))
    wait(driver).until(lambda d: aisle_items(d, "produce") == ["Apples", "Bananas"])
    wait_until_saved(driver)
    driver.refresh()
    open_list_page(driver)
    assert aisle_items(driver, "produce") == ["Apples", "Bananas"]

    # Milk moved to Drinks: there at once, and where milk lands on another list from now on.
    edit(driver, "Milk", category="drinks")
    assert aisles(driver) == ["produce", "bakery", "drinks", "frozen"]
    create_list(driver, server, "Party")
    add_item(driver, "milk")
    wait(driver).until(lambda d: settled(d) and aisles(d) == ["drinks"])

    # A suggestion brings the quantity the household last added with the name.
    add_item(driver, "Eggs", "12")
    wait(driver).until(lambda d: settled(d) and "Eggs" in aisle_items(d, "dairy"))
    click(driver, row_of(driver, "Eggs").find_element(By.CSS_SELECTOR, ".item-delete"))
    wait_until_saved(driver)
    fill(driver, "#add-name", "eg")
    # The suggestions are drawn again as they arrive: read the button whole each time, and click the one there now.
    eggs = "#suggestions button[data-name='Eggs']"
    read = f"const b = document.querySelector(\"{eggs}\"); return b && [b.textContent, b.getAttribute('aria-label')];"
    wait(driver).until(lambda d: d.execute_script(read) == ["Eggs 12", "Add Eggs, 12"])
    screenshot(driver, "lists-suggestion-quantity-phone")
    wait(driver).until(lambda d: click(d, d.find_element(By.CSS_SELECTOR, eggs)) or True)
    wait(driver).until(lambda d: settled(d) and aisle_items(d, "dairy") == ["Eggs"])
    assert row_of(driver, "Eggs").find_element(By.CSS_SELECTOR, ".item-quantity").text == "12"
    assert weekly


def test_a_store_walks_its_own_aisle_order_and_folds_away_what_only_another_store_has(server, browser_factory, screenshot):
    driver = browser_factory()
    register(driver, server, unique_email())
    add_store(driver, server, "Market")
    add_store(driver, server, "Aldi")
    # Aldi keeps its frozen food by the door: Frozen dragged to the top of its aisles.
    aldi = next(section for section in driver.find_elements(By.CSS_SELECTOR, ".store")
                if section.find_element(By.NAME, "name").get_attribute("value") == "Aldi")
    rows = aldi.find_elements(By.CSS_SELECTOR, ".aisle-row")
    frozen = next(row for row in rows if row.get_attribute("data-category") == "frozen")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", frozen)
    driver.execute_script("window.hearthOldPage = true;")
    drag(driver, frozen.find_element(By.CSS_SELECTOR, ".drag-handle"), rows[0])
    wait_for_new_page(driver)  # it reloads once the order has landed
    first_aisles = """return [...document.querySelectorAll('.store')].map(s => s.querySelector('.aisle-row').dataset.category)"""
    assert driver.execute_script(first_aisles) == ["produce", "frozen"]
    # Without a pointer: Bakery up one place with its button.
    submit_and_wait_for_new_page(driver, driver.find_elements(By.CSS_SELECTOR, ".store")[0].find_element(By.CSS_SELECTOR, "[aria-label='Move Bakery up']"))
    assert [row.get_attribute("data-category") for row in driver.find_elements(By.CSS_SELECTOR, ".store")[0].find_elements(By.CSS_SELECTOR, ".aisle-row")][:2] == ["bakery", "produce"]
    screenshot(driver, "lists-stores-phone")

    create_list(driver, server, "Weekly")
    for name in ("Bananas", "Frozen peas", "Honey"):
        add_item(driver, name)
    wait(driver).until(lambda d: settled(d) and aisles(d) == ["produce", "pantry", "frozen"])
    edit(driver, "Honey", stores={"Market": True})

    # Usually shopped at Aldi: its order, and Honey (only at the market) folded away below.
    click(driver, driver.find_element(By.CSS_SELECTOR, "#list-options summary"))
    Select(driver.find_element(By.ID, "usual-store")).select_by_visible_text("Aldi")
    wait(driver).until(lambda d: aisles(d) == ["frozen", "produce"])
    folded = "return [...document.querySelectorAll('#elsewhere-items .item-name')].map(e => e.textContent)"
    assert driver.execute_script(folded) == ["Honey"] and driver.find_element(By.ID, "elsewhere-count").text == "1"
    chosen = "return document.getElementById(arguments[0]).selectedOptions[0].textContent"
    assert driver.execute_script(chosen, "shopping-at") == "Aldi"
    wait_until_saved(driver)
    click(driver, driver.find_element(By.ID, "elsewhere"))  # unfolded, for the picture
    driver.execute_script("window.scrollTo(0, 0);")
    screenshot(driver, "lists-shopping-at-phone")
    # At the market Honey is back, in the market's order; the choice stays on this device.
    Select(driver.find_element(By.ID, "shopping-at")).select_by_visible_text("Market")
    wait(driver).until(lambda d: aisles(d) == ["produce", "pantry", "frozen"] and not d.find_element(By.ID, "elsewhere").is_displayed())
    driver.refresh()
    open_list_page(driver)
    assert driver.execute_script(chosen, "shopping-at") == "Market"
    # The usual store is the household's: the list remembers Aldi after a reload.
    assert driver.execute_script(chosen, "usual-store") == "Aldi"
