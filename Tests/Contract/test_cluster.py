"""Two servers on one PostgreSQL database, as a cluster behind a load balancer runs them.

What one server changes is seen by the other on the very next request, with no window: on
PostgreSQL a server remembers nothing between requests that another could change (who a token
belongs to, a list's page, a timer), so every request reads it from the database.
"""

from __future__ import annotations

import base64
import datetime
import http.server
import io
import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.parse
import uuid
import zipfile

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import binary
from hearth_server import EventStream, HearthServer, request, sign_up, upload
from push_service import PushService

POSTGRES = os.environ.get("HEARTH_TEST_POSTGRES_URL")
PICTURE = (pathlib.Path(__file__).resolve().parents[1] / "HearthMediaTests" / "Fixtures" / "image.png").read_bytes()


@pytest.fixture(scope="module")
def servers():
    """Two servers on one new database, with one key and one media folder, for the whole module."""
    if not POSTGRES:
        pytest.skip("needs the throwaway PostgreSQL that `make test` starts (HEARTH_TEST_POSTGRES_URL)")
    name = "cluster_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", POSTGRES, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    url = POSTGRES.rsplit("/", 1)[0] + "/" + name
    media = tempfile.mkdtemp(prefix="hearth-cluster-media-")
    env = {"HEARTH_REGISTRATIONS_PER_HOUR": "10000", "HEARTH_SECRET_KEY": base64.b64encode(os.urandom(32)).decode(),
           "HEARTH_MEDIA_DIR": media, "HEARTH_ALLOW_LOOPBACK_TARGETS": "true"}
    servers = [HearthServer(binary=binary(), database_url=url, env=env) for _ in range(2)]
    try:
        for server in servers:  # one after the other: the first applies the migrations
            server.start()
        yield servers
    finally:
        for server in servers:
            server.remove()
        shutil.rmtree(media, ignore_errors=True)
        subprocess.run(["psql", POSTGRES, "-qc", f"DROP DATABASE IF EXISTS {name}"], capture_output=True)


@pytest.fixture
def cluster(servers):
    """The two servers, both running (a test before may have killed one)."""
    for server in servers:
        if server.process.poll() is not None:
            server.start()
    return servers


@pytest.fixture
def ada():
    """An email of the test's own: the servers and their database are shared by the module."""
    return f"ada-{uuid.uuid4().hex[:10]}@example.org"


def test_a_token_revoked_on_one_server_is_refused_by_the_other_on_the_next_request(cluster, ada):
    first, second = (server.base for server in cluster)
    keeper = sign_up(first, ada)
    for _ in range(25):
        status, created = request(first, "POST", "/api/v1/auth/tokens",
                                  {"name": "phone", "email": ada, "password": "correct horse battery"})
        assert status == 201
        # The second server has just seen the token, so it remembers who it belongs to.
        assert request(second, "GET", "/api/v1/me", token=created["token"])[0] == 200
        assert request(second, "GET", "/api/v1/me", token=created["token"])[0] == 200
        assert request(first, "DELETE", f"/api/v1/auth/tokens/{created['id']}", token=keeper)[0] == 204
        status, problem = request(second, "GET", "/api/v1/me", token=created["token"])
        assert status == 401, "the second server still accepted a token the first had revoked"
        assert "revoked" in problem["detail"]
    assert request(second, "GET", "/api/v1/me", token=keeper)[0] == 200


def test_a_list_changed_on_one_server_is_read_on_the_other_at_once(cluster, ada):
    first, second = (server.base for server in cluster)
    token = sign_up(first, ada)
    status, created = request(first, "POST", "/api/v1/lists", {"name": "Groceries"}, token=token)
    assert status == 201
    path = f"/api/v1/lists/{created['id']}"
    for n in range(25):
        status, item = request(first, "POST", f"{path}/items", {"name": f"Item {n}"}, token=token)
        assert status == 201
        # The second server reads the list twice, so it has the page in memory...
        for _ in range(2):
            status, page = request(second, "GET", path, token=token)
            assert item["id"] in [i["id"] for i in page["items"]]
        # ...and still answers the change the first server made right after.
        assert request(first, "PATCH", f"{path}/items/{item['id']}", {"purchased": True}, token=token)[0] == 200
        status, page = request(second, "GET", path, token=token)
        assert [i["purchased"] for i in page["items"] if i["id"] == item["id"]] == [True], "the second server showed a stale list"


def test_a_timer_started_on_one_server_runs_on_the_other_at_once(cluster, ada):
    first, second = (server.base for server in cluster)
    token = sign_up(first, ada)
    for _ in range(10):
        for _ in range(2):
            assert request(second, "GET", "/api/v1/focus/timer", token=token)[1]["phase"] == "idle"
        assert request(first, "POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token=token)[0] == 200
        assert request(second, "GET", "/api/v1/focus/timer", token=token)[1]["phase"] == "focus", "the second server showed a stale timer"
        assert request(first, "POST", "/api/v1/focus/timer/reset", token=token)[0] == 200


def list_events(stream):
    return [json.loads(event["data"])["listId"] for event in stream.named("list")]


def test_events_made_through_one_server_reach_the_streams_of_the_other(cluster, ada):
    first, second = (server.base for server in cluster)
    token = sign_up(first, ada)
    on_second = EventStream(second, token)
    try:
        assert on_second.wait_for(lambda events: any(e["event"] == "ready" for e in events))
        made = [request(first, "POST", "/api/v1/lists", {"name": f"List {n}"}, token=token)[1]["id"] for n in range(5)]
        assert on_second.wait_for(lambda events: len([e for e in events if e["event"] == "list"]) == 5), on_second.events
        assert list_events(on_second) == made, "every event, in the order of the changes"
        ids = [event["id"] for event in on_second.events]
        assert len(set(ids)) == len(ids), "every event has an id of its own"
    finally:
        on_second.close()


def test_a_stream_reopened_on_another_server_after_its_own_died_gets_what_it_missed(cluster, ada):
    first, second = cluster
    token = sign_up(first.base, ada)
    on_first = EventStream(first.base, token)
    assert on_first.wait_for(lambda events: any(e["event"] == "ready" for e in events))
    request(first.base, "POST", "/api/v1/lists", {"name": "Seen"}, token=token)
    assert on_first.wait_for(lambda events: len(list_events(on_first)) == 1)
    last_seen = on_first.last_id
    # Its server dies; meanwhile the household changes things through the other.
    first.kill()
    on_first.close()
    missed = [request(second.base, "POST", "/api/v1/lists", {"name": f"Missed {n}"}, token=token)[1]["id"] for n in range(3)]
    reopened = EventStream(second.base, token, last_event_id=last_seen)
    try:
        assert reopened.wait_for(lambda events: any(e["event"] == "ready" for e in events))
        names = [event["event"] for event in reopened.events]
        assert names == ["list", "list", "list", "ready"], names
        assert list_events(reopened) == missed
        # And it goes on live.
        later = request(second.base, "POST", "/api/v1/lists", {"name": "Later"}, token=token)[1]["id"]
        assert reopened.wait_for(lambda events: len(list_events(reopened)) == 4)
        assert list_events(reopened)[-1] == later
    finally:
        reopened.close()


def chromium():
    """Headless Chromium that logs the requests it sends (with their headers)."""
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def last_event_ids_sent(driver):
    """The Last-Event-ID (header or query) of each request for /api/v1/events the page has sent to a
    server since the last call (attempts while none answered never went out: they have no headers)."""
    urls, headers = {}, {}
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        params = message["params"]
        if message["method"] == "Network.requestWillBeSent":
            urls[params["requestId"]] = params["request"]["url"]
        elif message["method"] == "Network.requestWillBeSentExtraInfo":
            headers[params["requestId"]] = {name.lower(): value for name, value in params["headers"].items()}
    sent = []
    for request_id, url in urls.items():
        parsed = urllib.parse.urlparse(url)
        if parsed.path == "/api/v1/events" and request_id in headers:
            query = urllib.parse.parse_qs(parsed.query).get("lastEventId", [None])[0]
            sent.append(query or headers[request_id].get("last-event-id"))
    return sent


def test_a_list_page_whose_server_died_shows_what_it_missed_once_a_server_answers(cluster, ada):
    first, second = cluster
    token = sign_up(first.base, ada)
    list_id = request(first.base, "POST", "/api/v1/lists", {"name": "Groceries"}, token=token)[1]["id"]
    page = chromium()
    try:
        page.get(second.base + "/login")
        page.find_element(By.ID, "email").send_keys(ada)
        page.find_element(By.ID, "password").send_keys("correct horse battery")
        page.find_element(By.ID, "login-submit").click()
        WebDriverWait(page, 20).until(lambda d: urllib.parse.urlparse(d.current_url).path == "/focus")
        page.get(f"{second.base}/lists/{list_id}")
        live = lambda value: lambda d: d.find_element(By.ID, "list-page").get_attribute("data-live") == value
        WebDriverWait(page, 20).until(live("true"))
        last_event_ids_sent(page)  # the log of what was sent so far is read, and so emptied
        # The page's server dies; meanwhile an item is added through the other.
        second.kill()
        WebDriverWait(page, 20).until(live("false"))
        assert request(first.base, "POST", f"/api/v1/lists/{list_id}/items", {"name": "Milk"}, token=token)[0] == 201
        second.start()
        WebDriverWait(page, 30).until(lambda d: "Milk" in [e.text for e in d.find_elements(By.CSS_SELECTOR, "#to-buy .item-name")])
        reconnections = last_event_ids_sent(page)
        assert reconnections and all(reconnections), f"the page reconnected without the last event id it saw: {reconnections}"
    finally:
        page.quit()


def test_a_stream_reopened_with_an_id_no_server_sent_is_told_to_reset(cluster, ada):
    first, second = (server.base for server in cluster)
    token = sign_up(first, ada)
    stream = EventStream(second, token, last_event_id="00000000-12345")
    try:
        assert stream.wait_for(lambda events: any(e["event"] == "ready" for e in events))
        assert [event["event"] for event in stream.events] == ["reset", "ready"]
    finally:
        stream.close()


def test_a_photo_uploaded_through_one_server_is_served_and_backed_up_by_the_other(cluster, ada):
    first, second = (server.base for server in cluster)
    token = sign_up(first, ada)
    _, item = request(first, "POST", "/api/v1/inventory/items", {"name": "Television"}, token=token)
    status, photos = upload(first, f"/api/v1/inventory/items/{item['id']}/photos", [("tv.png", PICTURE)], token=token)
    assert status == 201, photos
    photo = photos["photos"][0]
    for size in ("thumbUrl", "mediumUrl", "originalUrl"):
        status, body = request(second, "GET", photo[size], token=token, raw=True)
        assert status == 200 and body, f"{size} through the other server answered {status}"
    status, archive = request(second, "GET", "/api/v1/backup", token=token, raw=True)
    assert status == 200
    names = zipfile.ZipFile(io.BytesIO(archive)).namelist()
    assert any(name.startswith("media/") for name in names), f"the other server's backup holds no photo: {names}"


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def test_a_phase_whose_server_died_is_ended_by_the_other_once(cluster, ada):
    first, second = cluster
    token = sign_up(first.base, ada)
    assert request(first.base, "PUT", "/api/v1/focus/settings", {"focusSeconds": 2}, token=token)[0] == 200
    status, timer = request(first.base, "POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token=token)
    assert status == 200
    ends = parse_time(timer["endsAt"])
    first.kill()  # the server that started it, before the phase ends
    recorded = None
    while recorded is None and time.time() < ends + 30:
        if request(second.base, "GET", "/api/v1/focus/sessions", token=token)[1]["total"] == 1:
            recorded = time.time()
        else:
            time.sleep(0.05)  # polling interval while the phase ends
    assert recorded is not None, "the other server never ended the phase"
    time.sleep(1)
    sessions = request(second.base, "GET", "/api/v1/focus/sessions", token=token)[1]
    assert sessions["total"] == 1 and sessions["sessions"][0]["kind"] == "focus"
    # The other server learns of the phase twice a second and ends it on time: well within 5 s
    # even beside a loaded CPU (`make cluster-chaos` measures the lateness).
    assert recorded - ends < 5, f"ended {recorded - ends:.2f} s late"


def test_every_phase_is_recorded_once_while_both_servers_watch(cluster, ada):
    first, second = (server.base for server in cluster)
    token = sign_up(first, ada)
    settings = {"focusSeconds": 1, "shortBreakSeconds": 1, "longBreakSeconds": 1, "autoStartBreaks": True, "autoStartFocus": True}
    assert request(first, "PUT", "/api/v1/focus/settings", settings, token=token)[0] == 200
    assert request(second, "POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token=token)[0] == 200
    time.sleep(6)
    assert request(first, "POST", "/api/v1/focus/timer/reset", token=token)[0] == 200
    sessions = request(second, "GET", "/api/v1/focus/sessions?limit=100", token=token)[1]["sessions"]
    starts = [session["startedAt"] for session in sessions]
    assert len(starts) >= 4, f"the phases did not go on by themselves: {sessions}"
    assert len(set(starts)) == len(starts), "a phase was recorded twice"


def test_sign_in_limits_count_on_every_server(cluster, ada):
    first, second = (server.base for server in cluster)
    sign_up(first, ada)
    wrong = {"name": "guess", "email": ada, "password": "not the password"}
    # Ten wrong guesses, alternating between the servers: together they reach the limit of one.
    for index in range(10):
        status, _ = request((first, second)[index % 2], "POST", "/api/v1/auth/tokens", wrong)
        assert status == 401, f"guess {index + 1} answered {status}"
    for base in (first, second):
        assert request(base, "POST", "/api/v1/auth/tokens", wrong)[0] == 429


class SlowReceiver(http.server.ThreadingHTTPServer):
    """A webhook receiver that takes its time to answer and notes every delivery id it gets."""

    def __init__(self, delay):
        self.delay, self.ids, self.lock = delay, [], threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                time.sleep(receiver.delay)
                with receiver.lock:
                    receiver.ids.append(self.headers["X-Hearth-Delivery"])
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()


def test_each_webhook_delivery_is_sent_once_by_one_of_the_servers(cluster, ada):
    first, second = (server.base for server in cluster)
    receiver = SlowReceiver(delay=0.3)
    try:
        token = sign_up(first, ada)
        status, webhook = request(second, "POST", "/api/v1/webhooks", {"url": f"http://127.0.0.1:{receiver.server_port}/hook"}, token=token)
        assert status == 201, webhook
        assert webhook["secret"].startswith("whsec_")
        commands = ["start", "pause", "resume", "reset"] * 3
        for index, command in enumerate(commands):
            body = {"mode": "pomodoro"} if command == "start" else None
            assert request((first, second)[index % 2], "POST", f"/api/v1/focus/timer/{command}", body, token=token)[0] == 200
        deliveries = []
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            deliveries = request(first, "GET", f"/api/v1/webhooks/{webhook['id']}/deliveries?limit=100", token=token)[1]["deliveries"]
            if len(deliveries) == len(commands) and all(d["status"] == "delivered" for d in deliveries):
                break
            time.sleep(0.2)  # polling interval while the servers deliver
        assert len(deliveries) == len(commands) and all(d["status"] == "delivered" for d in deliveries), deliveries
        with receiver.lock:
            received = list(receiver.ids)
        assert sorted(received) == sorted(d["id"] for d in deliveries), "every delivery arrived exactly once"
    finally:
        receiver.shutdown()


def test_each_push_is_sent_once_by_one_of_the_servers(cluster, ada):
    first, second = (server.base for server in cluster)
    service = PushService().start()
    try:
        token = sign_up(first, ada)
        device = service.device()
        assert request(second, "POST", "/api/v1/push/subscriptions", device.subscription, token=token)[0] == 201
        settings = {"focusSeconds": 1, "shortBreakSeconds": 1, "longBreakSeconds": 1, "autoStartBreaks": True, "autoStartFocus": True}
        assert request(first, "PUT", "/api/v1/focus/settings", settings, token=token)[0] == 200
        assert request(second, "POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token=token)[0] == 200
        time.sleep(5)  # phases end by themselves, each pushed by whichever server ends it
        assert request(first, "POST", "/api/v1/focus/timer/reset", token=token)[0] == 200
        time.sleep(2)  # the last pushes go out
        pushes = [push.payload() for push in service.received(device)]
        ids = [push["id"] for push in pushes]
        assert len(pushes) >= 3, f"the phases' ends were not pushed: {pushes}"
        assert len(set(ids)) == len(ids), "a push arrived twice"
        sessions = request(first, "GET", "/api/v1/focus/sessions?limit=100", token=token)[1]["sessions"]
        # A newer push of the timer may replace one not sent yet, never add one.
        assert len(pushes) <= len([s for s in sessions if not s["skipped"]])
    finally:
        service.stop()


def test_a_rest_whose_server_died_is_pushed_by_the_other_once(cluster, ada):
    first, second = cluster
    service = PushService().start()
    try:
        token = sign_up(first.base, ada)
        device = service.device()
        assert request(first.base, "POST", "/api/v1/push/subscriptions", device.subscription, token=token)[0] == 201
        status, timer = request(first.base, "POST", "/api/v1/focus/timer/start", {"mode": "rest", "seconds": 5}, token=token)
        assert status == 200
        first.kill()  # the server that started it, before the rest ends
        [push] = service.wait_for(device, timeout=20)
        assert push.payload()["title"] == "Rest over"
        # The other server learns of the phase twice a second: well within 5 s even beside a loaded CPU.
        assert push.received_at - parse_time(timer["endsAt"]) < 5
        time.sleep(1.5)  # a second push would have gone out within the senders' one-second look
        assert len(service.received(device)) == 1
    finally:
        service.stop()
