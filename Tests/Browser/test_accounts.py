"""Accounts in a real browser: registration, sign-in and out, appearance, API tokens, errors, phone layout."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
import uuid

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException, WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

# How long a condition may take to come true: a page loads in well under a second, but beside the
# other suites and two busy cores a load once took more than 10 s.
WAIT_SECONDS = 30
PASSWORD = "correct horse battery"


# ---------- helpers ----------

class PageWait(WebDriverWait):
    """Waits across navigations: an element found on the page before it was replaced is stale, and
    Chrome reports reading one as an unknown error ("does not belong to the document"), not as a
    stale element. Both mean "not yet": the condition is asked again on the new page."""

    def until(self, method, message: str = ""):
        def on_the_page_now(driver):
            try:
                return method(driver)
            except WebDriverException as error:
                if "does not belong to the document" in str(error):
                    return False
                raise
        return super().until(on_the_page_now, message)


def wait(driver) -> WebDriverWait:
    return PageWait(driver, WAIT_SECONDS, ignored_exceptions=(NoSuchElementException, StaleElementReferenceException))


def unique_email() -> str:
    return f"ada-{uuid.uuid4().hex[:12]}@example.com"


def path_of(driver) -> str:
    return urllib.parse.urlsplit(driver.current_url).path


def page_attribute(driver, tag: str, name: str) -> str | None:
    """An attribute of the page's <html> or <body>, read in one script against the document that is
    there now. Finding the element and then reading it would be two steps: a navigation between them
    leaves a node of the old document, which Chrome answers with an unknown error, not a stale one."""
    return driver.execute_script(f"const e = document.{'documentElement' if tag == 'html' else 'body'}; return e ? e.getAttribute(arguments[0]) : null;", name)


def body_classes(driver) -> list[str]:
    return (page_attribute(driver, "body", "class") or "").split()


def html_theme(driver) -> str | None:
    return page_attribute(driver, "html", "data-theme")


def click(driver, element) -> None:
    """Clicks after centring the element, so the phone's fixed tab bar never covers it."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", element)
    element.click()


def submit_and_wait_for_new_page(driver, button) -> None:
    """Clicks a submit button and waits until the browser has loaded the page that replaces this one."""
    driver.execute_script("window.hearthOldPage = true;")
    click(driver, button)
    wait_for_new_page(driver)


def wait_for_new_page(driver) -> None:
    """Waits until the page marked `window.hearthOldPage` was replaced and the new one loaded."""
    def new_page_loaded(d) -> bool:
        try:
            return d.execute_script("return !window.hearthOldPage && document.readyState === 'complete';")
        except WebDriverException:
            # Chromium answers some commands with errors while one document replaces another.
            return False

    wait(driver).until(new_page_loaded)


def confirm_and_wait_for_new_page(driver, button, expected: str) -> None:
    """Clicks a button whose form asks first: "Cancel" changes nothing, "OK" submits."""
    click(driver, button)
    question = wait(driver).until(EC.alert_is_present())
    assert expected in question.text, question.text
    question.dismiss()
    driver.execute_script("window.hearthOldPage = true;")
    click(driver, button)
    wait(driver).until(EC.alert_is_present()).accept()
    wait_for_new_page(driver)


def fill(driver, selector: str, text: str) -> None:
    field = driver.find_element(By.CSS_SELECTOR, selector)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});", field)
    field.clear()
    field.send_keys(text)


def wait_until_signed_in(driver, path: str = "/focus") -> None:
    wait(driver).until(lambda d: path_of(d) == path and "signed-in" in body_classes(d))


def register(driver, base_url: str, email: str, name: str = "Ada Lovelace") -> None:
    driver.get(f"{base_url}/register?next=/focus")  # past the first run's welcome (test_design.py)
    wait(driver).until(EC.visibility_of_element_located((By.ID, "register-form")))
    fill(driver, "#register-form #name", name)
    fill(driver, "#register-form #email", email)
    fill(driver, "#register-form #password", PASSWORD)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "register-submit"))
    wait_until_signed_in(driver)


def log_in(driver, base_url: str, email: str, password: str = PASSWORD) -> None:
    driver.get(f"{base_url}/login")
    wait(driver).until(EC.visibility_of_element_located((By.ID, "login-form")))
    fill(driver, "#login-form #email", email)
    fill(driver, "#login-form #password", password)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "login-submit"))


def api_get(base_url: str, path: str, token: str) -> tuple[int, bytes]:
    request = urllib.request.Request(f"{base_url}{path}", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def raw_html(driver, url: str) -> str:
    """The server's HTML for `url` with the driver's cookies, before any script could change it."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in driver.get_cookies())
    request = urllib.request.Request(url, headers={"Cookie": cookies})
    with urllib.request.urlopen(request, timeout=WAIT_SECONDS) as response:
        return response.read().decode()


# ---------- tests ----------

def test_register_sign_out_and_sign_in_again(server, browser_factory, screenshot):
    driver = browser_factory()
    email = unique_email()

    # Registering signs in and shows the four tabs.
    register(driver, server, email)
    tabs = driver.find_elements(By.CSS_SELECTOR, "header.app-header nav.tabs a.tab")
    assert [tab.text for tab in tabs] == ["Focus", "Inventory", "Lists", "Settings"]
    assert driver.find_element(By.CSS_SELECTOR, "nav.tabs a.tab.active").text == "Focus"
    screenshot(driver, "registered")

    # Signing out.
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "logout"))
    wait(driver).until(lambda d: "signed-out" in body_classes(d))
    assert driver.find_elements(By.CSS_SELECTOR, "nav.tabs") == []
    screenshot(driver, "signed-out")

    # Signing in again.
    log_in(driver, server, email)
    wait_until_signed_in(driver)
    screenshot(driver, "signed-in-again")


def test_wrong_password_shows_an_error_on_the_login_page(server, browser_factory, screenshot):
    driver = browser_factory()
    email = unique_email()
    register(driver, server, email)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "logout"))

    log_in(driver, server, email, password="not the password")

    error = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "p.error")))
    assert error.text.strip()
    assert path_of(driver) == "/login"
    assert "signed-out" in body_classes(driver)
    assert driver.find_element(By.ID, "login-form").is_displayed()
    screenshot(driver, "login-wrong-password")


def test_eink_theme_is_saved_and_rendered_by_the_server(server, browser_factory, screenshot):
    driver = browser_factory()
    register(driver, server, unique_email())
    driver.get(f"{server}/settings/appearance")
    wait(driver).until(EC.presence_of_element_located((By.ID, "theme-eink")))

    click(driver, driver.find_element(By.ID, "theme-eink"))
    assert driver.find_element(By.ID, "theme-eink").is_selected()
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "appearance-save"))

    wait(driver).until(lambda d: path_of(d) == "/settings/appearance" and html_theme(d) == "eink")
    assert driver.find_element(By.ID, "theme-eink").is_selected()
    screenshot(driver, "appearance-eink")

    # Another page is e-ink as well, and the attribute is in the server's HTML (no flash of another theme).
    driver.get(f"{server}/settings")
    wait(driver).until(lambda d: path_of(d) == "/settings")
    assert html_theme(driver) == "eink"
    assert 'data-theme="eink"' in raw_html(driver, f"{server}/settings")
    screenshot(driver, "settings-eink")


def test_the_look_set_through_the_api_is_the_one_every_page_shows(server, browser_factory):
    from test_inventory import api, token_for  # here: test_inventory imports this module
    driver = browser_factory()
    email = unique_email()
    register(driver, server, email)
    token = token_for(server, email)
    assert api(server, "GET", "/api/v1/me/appearance", token=token) == {"theme": "system", "accent": "tomato"}
    api(server, "PUT", "/api/v1/me/appearance", {"theme": "dark", "accent": "forest"}, token)
    driver.get(f"{server}/settings/appearance")
    wait(driver).until(lambda d: html_theme(d) == "dark")
    assert driver.find_element(By.ID, "theme-dark").is_selected() and driver.find_element(By.ID, "accent-forest").is_selected()
    # And what the page saves, the API reads.
    click(driver, driver.find_element(By.ID, "theme-light"))
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "appearance-save"))
    wait(driver).until(lambda d: html_theme(d) == "light")
    assert api(server, "GET", "/api/v1/me/appearance", token=token) == {"theme": "light", "accent": "forest"}


def test_api_token_works_until_revoked(server, browser_factory, screenshot):
    driver = browser_factory()
    email = unique_email()
    register(driver, server, email)
    token_name = f"laptop {uuid.uuid4().hex[:6]}"

    # Create a token; the secret is shown once.
    driver.get(f"{server}/settings/tokens")
    wait(driver).until(EC.visibility_of_element_located((By.ID, "token-name")))
    fill(driver, "#token-name", token_name)
    submit_and_wait_for_new_page(driver, driver.find_element(By.ID, "token-create"))
    secret = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "code#new-token"))).text.strip()
    assert secret.startswith("hth_")
    screenshot(driver, "token-created")

    # The token authenticates API requests.
    status, body = api_get(server, "/api/v1/me", secret)
    assert status == 200, body
    assert json.loads(body)["email"].lower() == email

    # Revoke it from its row.
    row_xpath = f"//ul[@id='token-list']/li[contains(@class, 'token')][contains(., '{token_name}')]"
    row = driver.find_element(By.XPATH, row_xpath)
    confirm_and_wait_for_new_page(driver, row.find_element(By.CSS_SELECTOR, "button.revoke"), "stops working")
    wait(driver).until(lambda d: d.find_elements(By.XPATH, row_xpath) == [])
    assert driver.find_elements(By.CSS_SELECTOR, "code#new-token") == []
    screenshot(driver, "token-revoked")

    status, body = api_get(server, "/api/v1/me", secret)
    assert status == 401, body


def test_missing_page_shows_a_404_page(server, browser_factory, screenshot):
    driver = browser_factory()

    driver.get(f"{server}/no/such/page")

    section = wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, "section.error-page")))
    assert "404" in section.text
    screenshot(driver, "not-found")
    try:
        urllib.request.urlopen(urllib.request.Request(f"{server}/no/such/page", headers={"Accept": "text/html"}),
                               timeout=WAIT_SECONDS)
        raise AssertionError("expected HTTP 404")
    except urllib.error.HTTPError as error:
        assert error.code == 404
        assert error.headers.get("Content-Type", "").startswith("text/html")


def test_tabs_are_a_bottom_bar_on_a_phone(server, browser_factory, screenshot):
    driver = browser_factory(width=360, height=740)
    register(driver, server, unique_email())

    # The bar spans the bottom edge of the viewport.
    nav = driver.find_element(By.CSS_SELECTOR, "nav.tabs")
    rect, inner_width, inner_height = driver.execute_script(
        "return [arguments[0].getBoundingClientRect().toJSON(), window.innerWidth, window.innerHeight];", nav)
    assert inner_width == 360
    assert abs(rect["bottom"] - inner_height) <= 2, (rect, inner_height)
    assert rect["left"] <= 1 and rect["right"] >= inner_width - 1, rect
    screenshot(driver, "phone-tabs")

    # Scrolled to the end, the footer stays above the bar, not hidden behind it.
    driver.execute_script("window.scrollTo(0, document.documentElement.scrollHeight);")
    logout_bottom, nav_top = driver.execute_script(
        "return [document.getElementById('logout').getBoundingClientRect().bottom,"
        " arguments[0].getBoundingClientRect().top];", nav)
    assert logout_bottom <= nav_top + 1, (logout_bottom, nav_top)


def test_tabs_sit_in_the_header_on_a_wide_screen(server, browser_factory, screenshot):
    driver = browser_factory(width=900, height=800)  # from 1024 px they are a sidebar (test_design.py)
    register(driver, server, unique_email())

    # The tabs share the header's row, to the right of the brand.
    header, brand, nav = driver.execute_script(
        "return ['header.app-header', 'header .brand', 'nav.tabs']"
        ".map(s => document.querySelector(s).getBoundingClientRect().toJSON());")
    assert header["top"] <= nav["top"] and nav["bottom"] <= header["bottom"] + 1, (nav, header)
    assert nav["left"] > brand["right"] and nav["top"] < brand["bottom"], (nav, brand)
    screenshot(driver, "desktop-tabs")
