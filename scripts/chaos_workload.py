"""The workload of `cluster_chaos.py`: households whose members shop from a shared list, run timers
with short phases, photograph their things and keep an event stream open, through one address (nginx)
while servers die behind it. Every write is sent again until it is acknowledged, as a careful client
does: list items, inventory items and photos carry client ids, so a retry never makes a second one.
Each household remembers what was acknowledged, to compare with what the servers kept.
"""

import collections
import datetime
import http.client
import http.server
import json
import os
import pathlib
import threading
import time
import urllib.parse
import uuid

from hearth_server import EventStream, join_household, request, sign_up, upload

PICTURE = (pathlib.Path(__file__).resolve().parents[1] / "Tests" / "HearthMediaTests" / "Fixtures" / "image.png").read_bytes()
PHASE_SECONDS = 3


class Client:
    """One member's keep-alive connection through nginx; every write is tried until acknowledged."""

    def __init__(self, base, token, household):
        self.address = urllib.parse.urlparse(base)
        self.base, self.token, self.household = base, token, household
        self.connection = None

    def send(self, method, path, body=None):
        """(status, parsed JSON or None); status 0 when the connection failed."""
        self.household.count_request()
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.address.hostname, self.address.port, timeout=30)
        headers = {"Authorization": "Bearer " + self.token, "Accept": "application/json"}
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body), "application/json"
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            raw = response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = None
            return 0, None
        if response.status >= 500:
            self.household.count_server_error()
        return response.status, (json.loads(raw) if raw and "json" in (response.getheader("Content-Type") or "") else None)

    def until_acknowledged(self, method, path, body=None, done_when=(200, 201, 204)):
        """Sends until the answer is one of `done_when` (returns it); a refusal (4xx) ends it as None."""
        for _ in range(600):
            status, answer = self.send(method, path, body)
            if status in done_when:
                return status, answer
            if 400 <= status < 500:
                self.household.refusals.append(f"{method} {path} -> {status} {answer}")
                return None
            last = (status, answer)
            time.sleep(0.1)  # the server died: nginx sends the next try to another
        raise RuntimeError(f"{method} {path} was never acknowledged: {last}")


class FollowingStream:
    """A member's event stream that reconnects with the last id it saw whenever its server dies."""

    def __init__(self, base, token):
        self.base, self.token = base, token
        self.arrivals = {}  # event number -> when it first arrived (time.time())
        self.last_id, self.first, self.highest = None, None, 0
        self.resets, self.reconnects = 0, -1
        self.list_events = []
        self.lock, self.stopped = threading.Lock(), threading.Event()
        self.thread = threading.Thread(target=self.follow, daemon=True)
        self.thread.start()

    def follow(self):
        while not self.stopped.is_set():
            self.reconnects += 1
            try:
                stream = EventStream(self.base, self.token, last_event_id=self.last_id)
            except OSError:
                time.sleep(0.1)
                continue
            handled = 0
            while not self.stopped.is_set():
                stream.wait_for(lambda events: len(events) > handled, timeout=0.5)
                with stream.changed:
                    fresh, ended = stream.events[handled:], stream.closed
                handled += len(fresh)
                for event in fresh:
                    self.take(event)
                if ended:  # its server died (or nginx let it go): every event it got is taken
                    break
            stream.close()
            time.sleep(0.1)  # a moment before reconnecting, as a browser waits

    def take(self, event):
        seq = int(event["id"].rsplit("-", 1)[1]) if event.get("id") else None
        with self.lock:
            if event.get("id"):
                self.last_id = event["id"]
            if event["event"] == "ready":
                if self.first is None:
                    self.first = seq
            elif event["event"] == "reset":
                self.resets += 1
            elif seq is not None:
                self.arrivals.setdefault(seq, time.time())
                self.highest = max(self.highest, seq)
                if event["event"] == "list":
                    self.list_events.append((json.loads(event["data"]).get("listId") or "").lower())

    def coverage(self):
        """The events this stream answers for: after its first `ready`, up to the last it got."""
        with self.lock:
            return (self.first or 0), self.highest

    def stop(self):
        self.stopped.set()
        self.thread.join(timeout=5)


class Member:
    def __init__(self, base, email, household):
        self.email = email
        self.token = sign_up(base, email)
        self.client = Client(base, self.token, household)
        self.id = request(base, "GET", "/api/v1/me", token=self.token)[1]["id"]
        self.items = {}  # list item id -> {"name", "exists", "purchased"}
        self.things = {}  # inventory item id -> whether its photo was acknowledged
        self.stream = None


class Household:
    """Members sharing a list; the first also runs a timer with short phases and a webhook."""

    def __init__(self, base, number, members, receiver, rng):
        self.base, self.number, self.rng = base, number, rng
        self.lock = threading.Lock()
        self.requests = self.server_errors = self.acknowledged = 0
        self.refusals = []
        self.members = [Member(base, f"chaos{number}-{index}-{os.urandom(3).hex()}@example.org", self) for index in range(members)]
        for member in self.members[1:]:
            join_household(base, self.members[0].email, member.email)
        owner = self.members[0]
        self.id = request(base, "GET", "/api/v1/household", token=owner.token)[1]["id"]
        self.list_id = str(uuid.uuid4())
        owner.client.until_acknowledged("POST", "/api/v1/lists", {"id": self.list_id, "name": f"Household {number}"})
        owner.client.until_acknowledged("PUT", "/api/v1/focus/settings", {
            "focusSeconds": PHASE_SECONDS, "shortBreakSeconds": PHASE_SECONDS, "longBreakSeconds": PHASE_SECONDS,
            "autoStartBreaks": True, "autoStartFocus": True})
        status, _ = request(base, "POST", "/api/v1/webhooks", {"url": f"http://127.0.0.1:{receiver.port}/hook"}, token=owner.token)
        assert status == 201, f"the webhook was refused: {status}"
        for member in self.members:
            member.stream = FollowingStream(base, member.token)
        self.workers = []
        self.end_list = None

    def count_request(self):
        with self.lock:
            self.requests += 1

    def count_server_error(self):
        with self.lock:
            self.server_errors += 1

    def acknowledge(self):
        with self.lock:
            self.acknowledged += 1

    def begin(self, stop):
        if self.members[0].client.until_acknowledged("POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}):
            self.acknowledge()
        self.workers = [threading.Thread(target=self.work, args=(member, stop), daemon=True) for member in self.members]
        for worker in self.workers:
            worker.start()

    def work(self, member, stop):
        while not stop.is_set():
            roll = self.rng.random()
            own = [item for item, state in member.items.items() if state["exists"]]
            if roll < 0.30 or not own:
                self.add_item(member)
            elif roll < 0.50:
                self.check_item(member, self.rng.choice(own))
            elif roll < 0.58:
                self.delete_item(member, self.rng.choice(own))
            elif roll < 0.66:
                self.photograph(member)
            else:
                path = self.rng.choice([f"/api/v1/lists/{self.list_id}", "/api/v1/lists", "/api/v1/focus/timer", "/api/v1/me",
                                        "/api/v1/inventory/items?limit=20"])
                member.client.send("GET", path)
            time.sleep(self.rng.uniform(0.01, 0.05))

    def add_item(self, member):
        item, name = str(uuid.uuid4()), f"Item {self.number}-{uuid.uuid4().hex[:10]}"
        if member.client.until_acknowledged("POST", f"/api/v1/lists/{self.list_id}/items", {"id": item, "name": name}):
            member.items[item] = {"name": name, "exists": True, "purchased": False}
            self.acknowledge()

    def check_item(self, member, item):
        purchased = not member.items[item]["purchased"]
        changed = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        if member.client.until_acknowledged("PATCH", f"/api/v1/lists/{self.list_id}/items/{item}",
                                            {"purchased": purchased, "changedAt": changed}):
            member.items[item]["purchased"] = purchased
            self.acknowledge()

    def delete_item(self, member, item):
        # A 404 answers a try whose first attempt deleted it but lost its answer.
        if member.client.until_acknowledged("DELETE", f"/api/v1/lists/{self.list_id}/items/{item}", done_when=(204, 404)):
            member.items[item]["exists"] = False
            self.acknowledge()

    def photograph(self, member):
        thing = str(uuid.uuid4())
        if not member.client.until_acknowledged("POST", "/api/v1/inventory/items", {"id": thing, "name": f"Thing {thing[:8]}"}):
            return
        member.things[thing] = False
        self.acknowledge()
        photo = str(uuid.uuid4())
        for _ in range(600):
            self.count_request()
            try:
                status, _ = upload(self.base, f"/api/v1/inventory/items/{thing}/photos?ids={photo}", [("photo.png", PICTURE)],
                                   token=member.token)
            except OSError:
                status = 0
            if status == 201:
                member.things[thing] = True
                self.acknowledge()
                return
            if status >= 500:
                self.count_server_error()
            time.sleep(0.1)  # the server died: nginx sends the next try to another
        raise RuntimeError(f"the photo of {thing} was never acknowledged")

    def finish(self):
        """Stops the work, stops the timer, and makes a last change for the streams to hear."""
        for worker in self.workers:
            worker.join(timeout=120)
        owner = self.members[0]
        if owner.client.until_acknowledged("POST", "/api/v1/focus/timer/reset"):
            self.acknowledge()
        self.end_list = str(uuid.uuid4())
        owner.client.until_acknowledged("POST", "/api/v1/lists", {"id": self.end_list, "name": "The end"})

    def wait_for_streams(self, deadline):
        for member in self.members:
            while self.end_list not in member.stream.list_events and time.monotonic() < deadline:
                time.sleep(0.1)  # polling interval while the stream catches up
            member.stream.stop()

    def kept(self):
        """The list's items as the servers kept them, and how many photos each inventory item has."""
        client = self.members[0].client
        items, cursor = [], ""
        while True:
            _, page = client.until_acknowledged("GET", f"/api/v1/lists/{self.list_id}?limit=1000{cursor}")
            items += page["items"]
            if not page.get("nextCursor"):
                break
            cursor = "&cursor=" + urllib.parse.quote(page["nextCursor"])
        photos, cursor = {}, ""
        while True:
            _, page = client.until_acknowledged("GET", f"/api/v1/inventory/items?limit=200{cursor}")
            photos.update({item["id"].lower(): item["photoCount"] for item in page["items"]})
            if not page.get("nextCursor"):
                break
            cursor = "&cursor=" + urllib.parse.quote(page["nextCursor"])
        return items, photos

    def compare(self):
        """What the servers kept against what was acknowledged: (lost, doubled, explanations)."""
        items, photos = self.kept()
        by_id = {item["id"].lower(): item for item in items}
        names = collections.Counter(item["name"] for item in items)
        lost, doubled, notes = 0, 0, []
        for member in self.members:
            for item, state in member.items.items():
                kept = by_id.get(item.lower())
                if state["exists"] and (kept is None or kept["purchased"] != state["purchased"]):
                    lost += 1
                    notes.append(f"item {item}: acknowledged {state}, kept {kept}")
                elif not state["exists"] and kept is not None:
                    lost += 1
                    notes.append(f"item {item}: deleted, yet kept {kept}")
            for thing, photographed in member.things.items():
                count = photos.get(thing.lower())
                if count is None or count < (1 if photographed else 0):
                    lost += 1
                    notes.append(f"inventory item {thing}: acknowledged, kept with {count} photos")
                if (count or 0) > 1:
                    doubled += count - 1
                    notes.append(f"inventory item {thing}: {count} photos")
        for name, count in names.items():
            if count > 1:
                doubled += count - 1
                notes.append(f"{count} lines named {name}: {[item for item in items if item['name'] == name]}")
        return lost, doubled, notes + self.refusals[:5]


class WebhookReceiver(http.server.ThreadingHTTPServer):
    """Receives webhook deliveries on loopback and counts each delivery id."""

    daemon_threads = True

    def __init__(self):
        self.counts, self.counts_lock = collections.Counter(), threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.counts_lock:
                    receiver.counts[self.headers.get("X-Hearth-Delivery", "").upper()] += 1
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        self.port = self.server_address[1]
        threading.Thread(target=self.serve_forever, daemon=True).start()

    def received(self):
        with self.counts_lock:
            return dict(self.counts)

    def close(self):
        self.shutdown()
        self.server_close()
