"""Web Push as a browser and its push service meet it: a local push service records each push,
decrypts it with http_ece (RFC 8291) and checks its VAPID token (RFC 8292) with the served key.
On SQLite and, with HEARTH_TEST_POSTGRES_URL, PostgreSQL."""

from __future__ import annotations

import datetime
import os
import subprocess
import time
import uuid

import pytest

from conftest import binary
from hearth_server import HearthServer, join_household, request, sign_up
from push_service import PushService

POSTGRES = os.environ.get("HEARTH_TEST_POSTGRES_URL")


@pytest.fixture(scope="module")
def push_service():
    service = PushService().start()
    yield service
    service.stop()


@pytest.fixture(scope="module", params=["SQLite", "PostgreSQL"])
def server(request):
    database_url = None
    if request.param == "PostgreSQL":
        if not POSTGRES:
            pytest.skip("HEARTH_TEST_POSTGRES_URL is not set (scripts/with-postgres.sh sets it)")
        name = "push_" + uuid.uuid4().hex[:12]
        subprocess.run(["psql", POSTGRES, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        database_url = POSTGRES.rsplit("/", 1)[0] + "/" + name
    hearth = HearthServer(binary=binary(), database_url=database_url, env={
        "HEARTH_ALLOW_LOOPBACK_TARGETS": "true", "HEARTH_PUSH_CONTACT": "mailto:ops@example.org",
        "HEARTH_REGISTRATIONS_PER_HOUR": "10000", "HEARTH_LOG_LEVEL": "info"})
    hearth.start()
    yield hearth
    hearth.remove()
    if database_url:
        subprocess.run(["psql", POSTGRES, "-qc", f"DROP DATABASE IF EXISTS {name}"], capture_output=True)


def account(server):
    return sign_up(server.base, f"push-{uuid.uuid4().hex[:10]}@example.org")


def subscribe(server, token, device, name="Phone"):
    status, body = request(server.base, "POST", "/api/v1/push/subscriptions", {**device.subscription, "name": name}, token=token)
    assert status in (200, 201), (status, body)
    return status, body


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def test_a_rest_that_ends_with_no_page_open_reaches_the_device_decrypted_and_its_button_works(server, push_service):
    token = account(server)
    status, key = request(server.base, "GET", "/api/v1/push/key", token=token)
    assert status == 200 and len(key["publicKey"]) == 87  # 65 bytes in base64url
    device = push_service.device()
    first, made = subscribe(server, token, device)
    again, same = subscribe(server, token, device, name="Ada's phone")
    assert (first, again) == (201, 200) and made["id"] == same["id"] and same["name"] == "Ada's phone"

    # A rest of 5 s, and nothing open: the push arrives when it ends.
    status, timer = request(server.base, "POST", "/api/v1/focus/timer/start", {"mode": "rest", "seconds": 5}, token=token)
    assert status == 200
    ends_at = parse_time(timer["endsAt"])
    [push] = push_service.wait_for(device)
    assert push.received_at - ends_at < 1.0, f"the push came {push.received_at - ends_at:.3f} s after the rest's end"
    assert push.headers["Content-Encoding"] == "aes128gcm"
    assert push.headers["Urgency"] == "high" and push.headers["Topic"] == "timer"
    assert 0 < int(push.headers["TTL"]) <= 600
    claims = push.vapid_claims(key["publicKey"])
    assert claims["aud"] == push_service.base and claims["sub"] == "mailto:ops@example.org"
    assert time.time() < claims["exp"] <= time.time() + 24 * 3600
    payload = push.payload()
    assert payload["title"] == "Rest over" and payload["requireInteraction"] and payload["tag"] == "timer"
    assert [action["action"] for action in payload["actions"]] == ["startRest", "endWorkout"]

    # The notification's button works without any other credentials.
    end = next(action for action in payload["actions"] if action["action"] == "endWorkout")
    status, timer = request(server.base, "POST", "/api/v1/push/actions", {"token": end["link"]})
    assert status == 200 and timer["phase"] == "idle", (status, timer)
    # The alarm is cleared on the devices quietly.
    cleared = push_service.wait_for(device, count=2)[1].payload()
    assert cleared["kind"] == "cleared" and cleared["closes"] and cleared["silent"] and cleared["tag"] == "timer"

    # The device list says when it last got a push.
    status, listed = request(server.base, "GET", "/api/v1/push/subscriptions", token=token)
    [entry] = listed["subscriptions"]
    assert entry["lastStatusCode"] == 201 and "lastError" not in entry and entry["pushService"] == "127.0.0.1"


def test_a_dead_subscription_is_dropped_after_one_410(server, push_service):
    token = account(server)
    device = push_service.device("gone")
    subscribe(server, token, device)
    status, queued = request(server.base, "POST", "/api/v1/push/test", token=token)
    assert status == 202 and queued == {"queued": 1}
    push_service.wait_for(device)
    deadline = time.monotonic() + 10
    while request(server.base, "GET", "/api/v1/push/subscriptions", token=token)[1]["subscriptions"]:
        assert time.monotonic() < deadline, "the subscription was not dropped after its 410"
        time.sleep(0.05)  # polling interval
    request(server.base, "POST", "/api/v1/push/test", token=token)
    time.sleep(1.5)  # a second push would have gone out within the sender's one-second look
    assert len(push_service.received(device)) == 1


def test_a_busy_push_service_gets_the_push_again_after_a_while(server, push_service):
    token = account(server)
    device = push_service.device("busy")
    subscribe(server, token, device)
    request(server.base, "POST", "/api/v1/push/test", token=token)
    first, second = push_service.wait_for(device, count=2, timeout=20)
    assert (first.status, second.status) == (429, 201)
    assert second.received_at - first.received_at >= 4.5, "retried sooner than the first retry's wait"
    assert second.payload()["title"] == "Hearth notifications work"


def test_what_is_pushed_follows_the_settings(server, push_service):
    token = account(server)
    assert request(server.base, "GET", "/api/v1/push/settings", token=token)[1] == {
        "pomodoroEnds": True, "countdowns": True, "rests": True, "warranties": True, "maintenance": True, "listAdditions": False,
        "focusDoNotDisturb": False}
    status, settings = request(server.base, "PUT", "/api/v1/push/settings", {"rests": False}, token=token)
    assert status == 200 and not settings["rests"] and settings["pomodoroEnds"]
    device = push_service.device()
    subscribe(server, token, device)
    request(server.base, "POST", "/api/v1/focus/timer/start", {"mode": "rest", "seconds": 5}, token=token)
    request(server.base, "POST", "/api/v1/push/test", token=token)  # a marker after the rest's end
    time.sleep(5.5)  # past the rest's end
    request(server.base, "POST", "/api/v1/push/test", token=token)
    pushes = push_service.wait_for(device, count=2)
    assert [p.payload()["kind"] for p in pushes] == ["test", "test"], "a rest's end was pushed though switched off"


def test_bad_subscriptions_and_actions_are_refused_with_a_reason(server, push_service):
    token = account(server)
    good = push_service.device().subscription
    cases = [
        ({**good, "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}}, "p256dh"),
        ({**good, "keys": {"p256dh": good["keys"]["p256dh"], "auth": "c2hvcnQ"}}, "auth"),
        ({**good, "endpoint": "https://169.254.169.254/latest/meta-data"}, "link-local"),
        ({**good, "endpoint": "http://[fe80::1]/push"}, "link-local"),
        ({**good, "endpoint": "ftp://push.example.org/x"}, "push service"),
    ]
    for body, words in cases:
        status, problem = request(server.base, "POST", "/api/v1/push/subscriptions", body, token=token)
        assert status in (400, 422) and words in problem["detail"], (body, status, problem)
    assert request(server.base, "GET", "/api/v1/push/subscriptions", token=token)[1] == {"subscriptions": []}
    for forged in ["not-a-token", "A" * 200]:
        status, problem = request(server.base, "POST", "/api/v1/push/actions", {"token": forged})
        assert status == 403 and "expired" in problem["detail"]


def test_a_warranty_reminder_arrives_once_for_each_member(server, push_service):
    token = account(server)
    device = push_service.device()
    subscribe(server, token, device)
    ends = (datetime.date.today() + datetime.timedelta(days=20)).isoformat()
    status, item = request(server.base, "POST", "/api/v1/inventory/items",
                           {"name": "Dishwasher", "warrantyUntil": ends}, token=token)
    assert status == 201, item
    # The reminders are looked for at start and every hour: a restart looks now, and again after.
    for _ in range(2):
        server.stop()
        server.start()
    [push] = push_service.wait_for(device)
    payload = push.payload()
    assert payload["kind"] == "warranty" and payload["title"] == "A warranty ends within 30 days"
    assert payload["body"].startswith(f"Dishwasher: the warranty ends on {ends}")
    assert push.headers["Urgency"] == "normal"
    time.sleep(1.5)  # the sender's next look, had a second reminder been queued
    assert len(push_service.received(device)) == 1


def test_a_maintenance_reminder_arrives_once_and_not_when_switched_off(server, push_service):
    email = f"push-{uuid.uuid4().hex[:10]}@example.org"
    token = sign_up(server.base, email)
    device = push_service.device()
    subscribe(server, token, device)
    due = (datetime.date.today() + datetime.timedelta(days=3)).isoformat()
    _, boiler = request(server.base, "POST", "/api/v1/inventory/items", {"name": "Boiler"}, token=token)
    status, task = request(server.base, "POST", f"/api/v1/inventory/items/{boiler['id']}/maintenance/tasks",
                           {"title": "Service the boiler", "dueOn": due}, token=token)
    assert status == 201, task
    # Someone who switched maintenance off in the same household gets nothing.
    quiet = push_service.device()
    quiet_email = f"quiet-{uuid.uuid4().hex[:8]}@example.org"
    quiet_token = sign_up(server.base, quiet_email)
    join_household(server.base, email, quiet_email)
    request(server.base, "PUT", "/api/v1/push/settings", {"maintenance": False}, token=quiet_token)
    subscribe(server, quiet_token, quiet)
    # The reminders are looked for at start and every hour: a restart looks now, and again after.
    for _ in range(2):
        server.stop()
        server.start()
    [push] = push_service.wait_for(device)
    payload = push.payload()
    assert payload["kind"] == "maintenance" and payload["title"] == f"Maintenance due on {due}: Service the boiler"
    assert payload["body"] == f"Boiler: Service the boiler, due on {due}."
    assert payload["url"] == f"/inventory/items/{boiler['id']}#maintenance"
    time.sleep(1.5)  # the sender's next look, had a second reminder been queued
    assert len(push_service.received(device)) == 1 and push_service.received(quiet) == []
