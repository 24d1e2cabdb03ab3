#!/usr/bin/env python3
"""Offline figures in headless Chromium against a release server (SQLite):

1. Outbox replay: 200 list changes queued with no server (100 new items, 100 checks), then the
   server comes back; the time from the page's first try to an empty outbox.
2. Offline copy: a list of 1,000 items, opened with the server stopped; the time from the start of
   the navigation to the list drawn from the copy (the page's `hearth:list-drawn` mark), median of 5.

Goals (issue 23): replay under 3 s, the 1,000-item copy under 300 ms.
Usage: scripts/offline-figures.py   (needs the Python environment of `make test`: selenium; HEARTH_BIN
measures another binary, e.g. the debug build, instead of building and using the release one)
"""

import os
import shutil
import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from hearth_server import HearthServer, build_release, RELEASE_BINARY

PASSWORD = "correct horse battery staple"

QUEUE = """
const [listId, count, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
import("/js/outbox.js").then(async ({ queue }) => {
  const url = `/api/v1/lists/${listId}/items`;
  const ids = Array.from({ length: count / 2 }, () => crypto.randomUUID().toUpperCase());
  const entries = [
    ...ids.map((id, n) => ({ url, method: "POST", body: { id, name: `Thing ${n}` }, creates: id, label: "adding" })),
    ...ids.map((id) => ({ url: `${url}/${id}`, method: "PATCH", body: { purchased: true, changedAt: new Date().toISOString() }, label: "checking" })),
  ];
  await queue(entries);
  done(entries.length);
});
"""

REPLAY = """
const done = arguments[arguments.length - 1];
import("/js/outbox.js").then(async ({ flush, waiting }) => {
  const started = performance.now();
  flush();
  while (await waiting() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  done(performance.now() - started);
});
"""

ADD_ITEMS = """
const [listId, count, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const token = document.querySelector('meta[name="csrf-token"]').content;
(async () => {
  for (let n = 0; n < count; n += 1) {
    await fetch(`/api/v1/lists/${listId}/items`, {
      method: "POST", headers: { "Content-Type": "application/json", "X-CSRF-Token": token },
      body: JSON.stringify({ name: `Item ${String(n).padStart(4, "0")}`, quantity: String(1 + (n % 9)) }),
    });
  }
  done(count);
})();
"""


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_script_timeout(120)
    return driver


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds)


def register(driver, base):
    driver.get(f"{base}/register")
    driver.find_element(By.CSS_SELECTOR, "#register-form #name").send_keys("Figures")
    driver.find_element(By.CSS_SELECTOR, "#register-form #email").send_keys(f"figures-{time.time_ns()}@example.com")
    driver.find_element(By.CSS_SELECTOR, "#register-form #password").send_keys(PASSWORD)
    driver.find_element(By.ID, "register-submit").click()
    wait(driver).until(lambda d: "signed-in" in d.find_element(By.TAG_NAME, "body").get_attribute("class"))


def new_list(driver, base, name):
    driver.get(f"{base}/lists")
    driver.find_element(By.ID, "new-list-name").send_keys(name)
    driver.find_element(By.ID, "new-list-create").click()
    wait(driver).until(lambda d: d.current_url.rstrip("/").count("/") == 4 and d.find_elements(By.ID, "list-page"))
    wait(driver).until(lambda d: d.find_element(By.ID, "list-page").get_attribute("data-live") == "true")
    return driver.current_url.rstrip("/").rsplit("/", 1)[1]


def drawn_ms(driver):
    return driver.execute_script("return performance.getEntriesByName('hearth:list-drawn')[0]?.startTime ?? null")


def main():
    binary = os.environ.get("HEARTH_BIN")
    if not binary:
        build_release()
    server = HearthServer(os.path.abspath(binary) if binary else RELEASE_BINARY).start()
    driver = browser()
    try:
        register(driver, server.base)
        wait(driver).until(lambda d: d.execute_script("return navigator.serviceWorker.controller !== null"))

        list_id = new_list(driver, server.base, "Replay")
        server.stop()
        queued = driver.execute_async_script(QUEUE, list_id, 200)
        server.start()
        replay = driver.execute_async_script(REPLAY)
        print(f"outbox replay: {queued} queued list changes sent in {replay:.0f} ms (goal: under 3000 ms)")

        list_id = new_list(driver, server.base, "Big shop")
        driver.execute_async_script(ADD_ITEMS, list_id, 1000)
        driver.get(f"{server.base}/lists/{list_id}")
        wait(driver).until(lambda d: drawn_ms(d) is not None and len(d.find_elements(By.CSS_SELECTOR, "#to-buy .item")) == 1000)
        online = drawn_ms(driver)
        server.stop()
        offline = []
        for _ in range(5):
            driver.get(f"{server.base}/lists/{list_id}")
            wait(driver).until(lambda d: drawn_ms(d) is not None and d.find_element(By.TAG_NAME, "html").get_attribute("data-shell") == "true")
            assert len(driver.find_elements(By.CSS_SELECTOR, "#to-buy .item")) == 1000
            offline.append(drawn_ms(driver))
        print(f"1,000-item list drawn from the offline copy: median {statistics.median(offline):.0f} ms after the navigation began"
              f" (runs: {', '.join(f'{ms:.0f}' for ms in offline)}; online page: {online:.0f} ms; goal: under 300 ms)")
    finally:
        driver.quit()
        server.remove()


if __name__ == "__main__":
    sys.exit(main())
