"""Maintenance in a real browser at 360 px: a repeating task added on an item's page, listed as due on
the inventory home, done with one tap and due again an interval later; the log keeps it."""

from __future__ import annotations

import datetime

from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import api, choose, token_for


def test_a_task_is_added_shown_as_due_and_done_with_one_tap(server, browser_factory, screenshot):
    phone = browser_factory()
    email = unique_email()
    register(phone, server, email)
    token = token_for(server, email)
    fridge = api(server, "POST", "/api/v1/inventory/items", {"name": "Fridge"}, token)

    phone.get(f"{server}/inventory/items/{fridge['id']}")
    click(phone, phone.find_element(By.CSS_SELECTOR, "#add-task summary"))
    wait(phone).until(EC.visibility_of_element_located((By.ID, "task-title")))
    fill(phone, "#task-title", "Replace the water filter")
    fill(phone, "#task-every", "6")
    choose(phone, "#task-unit", "Months")
    # A date input is typed by locale; set its value as a date picker would.
    due = (datetime.date.today() + datetime.timedelta(days=3)).isoformat()
    phone.execute_script("document.getElementById('task-due').value = arguments[0]", due)
    submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "add-task-submit"))

    task = wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#maintenance-tasks .maintenance-task")))
    assert "Replace the water filter" in task.text and "Due in 3 days" in task.text and "Every 6 months" in task.text
    done = task.find_element(By.CSS_SELECTOR, "button.done-today")
    assert done.size["height"] >= 44, done.size
    phone.execute_script("document.getElementById('maintenance').scrollIntoView({block: 'start'})")
    screenshot(phone, "inventory/maintenance-task")

    phone.get(f"{server}/inventory")
    due_list = wait(phone).until(EC.presence_of_element_located((By.ID, "maintenance-due")))
    assert "Replace the water filter" in due_list.text and "Fridge" in due_list.text
    phone.execute_script("document.getElementById('maintenance').scrollIntoView({block: 'start'})")
    screenshot(phone, "inventory/maintenance-due")
    submit_and_wait_for_new_page(phone, due_list.find_element(By.TAG_NAME, "a"))

    wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "button.done-today")))
    submit_and_wait_for_new_page(phone, phone.find_element(By.CSS_SELECTOR, "button.done-today"))
    task = wait(phone).until(EC.presence_of_element_located((By.CSS_SELECTOR, "#maintenance-tasks .maintenance-task")))
    assert "Due in 3 days" not in task.text and "Every 6 months" in task.text
    log = phone.find_element(By.ID, "maintenance-log")
    assert "Replace the water filter" in log.text
    phone.get(f"{server}/inventory")
    assert not phone.find_elements(By.ID, "maintenance-due")
