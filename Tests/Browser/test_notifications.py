"""Notifications with no page open: a real push from the server (caught by the tests' own push
service and decrypted there) is handed to Chromium's service worker as a push service would
(DevTools' ServiceWorker.deliverPushMessage); the worker shows it with its buttons, and its
"End workout" button ends the workout through the API and opens the rest page. A page of Hearth
that is on screen rings its own alarm, so the worker shows nothing then."""

from __future__ import annotations

import json
import sys
import pathlib

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.support.ui import WebDriverWait
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "scripts"))

from hearth_server import request  # noqa: E402
from push_service import PushService  # noqa: E402
from test_accounts import PASSWORD, register, submit_and_wait_for_new_page, unique_email, wait  # noqa: E402

NOTIFICATIONS = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((registration) => registration.getNotifications())
  .then((shown) => done(shown.map((n) => ({title: n.title, tag: n.tag, requireInteraction: n.requireInteraction,
                                            actions: n.actions.map((a) => a.action)}))));
"""
READY = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.ready.then((registration) => done(Boolean(registration.active)));
"""


def deliver(driver, base, payload):
    """What a push service does: the push's decrypted JSON to the worker's registration (the first
    and only one of this fresh browser profile)."""
    driver.execute_cdp_cmd("ServiceWorker.enable", {})
    driver.execute_cdp_cmd("ServiceWorker.deliverPushMessage",
                           {"origin": base + "/", "registrationId": "0", "data": json.dumps(payload)})


def in_service_worker(driver, expression):
    """Runs `expression` in the service worker's own scope (no result comes back). The worker is
    woken first: an idle worker the browser is stopping would take the message with it."""
    driver.execute_async_script("const done = arguments[0]; fetch('/favicon.svg').then(() => done(), () => done());")
    targets = driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
    worker = next(target for target in targets if target["type"] == "service_worker")
    session = driver.execute_cdp_cmd("Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False})["sessionId"]
    message = {"id": 1, "method": "Runtime.evaluate", "params": {"expression": expression}}
    driver.execute_cdp_cmd("Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)})


def signed_in_phone(base, browser_factory):
    """A phone signed in to a new account that allowed notifications, and an API token of the account."""
    phone = browser_factory()
    email = unique_email()
    register(phone, base, email)
    token = request(base, "POST", "/api/v1/auth/tokens", {"name": "test", "email": email, "password": PASSWORD})[1]["token"]
    phone.execute_cdp_cmd("Browser.grantPermissions", {"origin": base, "permissions": ["notifications"]})
    phone.set_script_timeout(20)
    return phone, token


def rest_alarm_payload(base, token, service):
    """Subscribes the tests' push service for the account, lets a 5-second rest end, and answers the
    push the server sent for it, decrypted."""
    device = service.device()
    status, _ = request(base, "POST", "/api/v1/push/subscriptions", device.subscription, token=token)
    assert status == 201
    assert request(base, "POST", "/api/v1/focus/timer/start", {"mode": "rest", "seconds": 5}, token=token)[0] == 200
    [push] = service.wait_for(device)
    return push.payload()


def test_a_rest_that_ends_with_no_page_open_shows_a_notification_whose_button_ends_the_workout(
        push_server, browser_factory, screenshot):
    service = PushService().start()
    try:
        phone, token = signed_in_phone(push_server, browser_factory)
        phone.get(f"{push_server}/settings/notifications")
        assert phone.execute_async_script(READY)
        wait(phone).until(EC.text_to_be_present_in_element((By.ID, "push-state"), "off for this device"))
        assert phone.find_element(By.ID, "push-enable").is_displayed()
        screenshot(phone, "notifications-settings")

        payload = rest_alarm_payload(push_server, token, service)
        phone.get("about:blank")  # no page of Hearth open
        deliver(phone, push_server, payload)
        phone.get(f"{push_server}/settings/notifications")
        wait(phone).until(lambda d: d.execute_async_script(NOTIFICATIONS))
        [shown] = phone.execute_async_script(NOTIFICATIONS)
        assert shown == {"title": "Rest over", "tag": "timer", "requireInteraction": True, "actions": ["startRest", "endWorkout"]}

        # The person taps "End workout": the worker does it through the API, then opens the rest page.
        in_service_worker(phone, 'self.registration.getNotifications().then((shown) => handleClick(shown[0], "endWorkout"))')
        wait(phone).until(lambda d: d.current_url.endswith("/focus/rest"))
        timer = request(push_server, "GET", "/api/v1/focus/timer", token=token)[1]
        assert timer["phase"] == "idle" and "workout" not in timer, timer
        assert phone.execute_async_script(NOTIFICATIONS) == []
    finally:
        service.stop()


def test_a_page_on_screen_rings_its_own_alarm_and_the_worker_shows_nothing(push_server, browser_factory):
    service = PushService().start()
    try:
        phone, token = signed_in_phone(push_server, browser_factory)
        phone.get(f"{push_server}/focus")
        assert phone.execute_async_script(READY)
        payload = rest_alarm_payload(push_server, token, service)
        # What the worker's push handler does with each (called in the worker's own scope, in order):
        # the alarm, then a test push, which is shown even on screen: once it is there, the alarm's
        # would be too.
        marker = {**payload, "kind": "test", "title": "Marker", "tag": "test", "actions": []}
        # DevTools hands the call over without an answer: until the marker shows, it is handed over
        # again (the marker replaces itself: one tag).
        for _ in range(3):
            in_service_worker(phone, f"showPush({json.dumps(payload)}).then(() => showPush({json.dumps(marker)}))")
            try:
                WebDriverWait(phone, 5).until(lambda d: d.execute_async_script(NOTIFICATIONS))
                break
            except TimeoutException:
                continue
        assert [n["title"] for n in phone.execute_async_script(NOTIFICATIONS)] == ["Marker"]
    finally:
        service.stop()


def test_signing_out_removes_this_browsers_device(push_server, browser_factory):
    service = PushService().start()
    try:
        phone, token = signed_in_phone(push_server, browser_factory)
        status, device = request(push_server, "POST", "/api/v1/push/subscriptions", service.device().subscription, token=token)
        assert status == 201
        phone.get(f"{push_server}/settings/notifications")
        assert phone.execute_async_script(READY)
        # This browser subscribed that device (what Enable notifications remembers).
        phone.execute_script("localStorage.setItem('hearth.push.device', arguments[0])", device["id"])
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "logout"))
        assert request(push_server, "GET", "/api/v1/push/subscriptions", token=token)[1] == {"subscriptions": []}
    finally:
        service.stop()
