#!/usr/bin/env python3
"""Crash trials: a release server is killed with SIGKILL at random moments while clients write,
restarted, and the clients retry what was not acknowledged. Then the data is checked:

- every acknowledged list write is present exactly once (items by their client-chosen ids; no
  item doubled by a retry) and every item shows the last check or uncheck that was acknowledged;
- the timer's phases, which complete every second or so on the server (also while it is down),
  form one unbroken chain from the acknowledged start: each recorded once, none lost, none doubled;
- every completed phase has exactly one webhook delivery queued with it (the outbox), and every
  delivery reaches the receiver;
- SQLite passes PRAGMA integrity_check; on PostgreSQL the same invariants are read with psql.

Usage: scripts/crash_trials.py [--trials N] [--backend sqlite|postgres|both] [--seconds S]
PostgreSQL trials need HEARTH_TEST_POSTGRES_URL (scripts/with-postgres.sh sets it); each trial gets
a database of its own. Prints the counts per backend and exits 1 when anything was lost or doubled.
"""

import argparse
import datetime
import http.client
import http.cookiejar
import http.server
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hearth_server import HearthServer, RELEASE_BINARY, request, sign_up  # noqa: E402

PHASE_SECONDS = 1  # focus and short break: phases end all the time, also while the server is down


class Receiver:
    """A webhook receiver on loopback that records every delivery id it gets."""

    def __init__(self):
        self.deliveries = set()
        self.lock = threading.Lock()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with receiver.lock:
                    receiver.deliveries.add(self.headers.get("X-Hearth-Delivery"))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Client:
    """Sends a request until the server acknowledges it (2xx), across crashes and restarts."""

    def __init__(self, server, token):
        self.server = server
        self.token = token
        self.refusals = []

    def until_acknowledged(self, method, path, body=None, deadline=60):
        give_up = time.monotonic() + deadline
        while time.monotonic() < give_up:
            try:
                status, answer = request(self.server.base, method, path, body, token=self.token, timeout=5)
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)  # the server is down or restarting: try again with the same request
                continue
            if 200 <= status < 300:
                return answer
            if status >= 500:
                time.sleep(0.05)
                continue
            self.refusals.append(f"{method} {path} {body} -> {status} {answer}")
            return None
        raise RuntimeError(f"{method} {path} was not acknowledged within {deadline} s")


class ListWriter(threading.Thread):
    """Creates a list, then adds items (each with its own id) and checks or unchecks earlier ones,
    one request at a time, each retried until acknowledged."""

    def __init__(self, client, name, stop):
        super().__init__(daemon=True)
        self.client = client
        self.name = name
        self.stop = stop
        self.list_id = str(uuid.uuid4())
        self.items = {}  # id -> name, acknowledged adds
        self.purchased = {}  # id -> last acknowledged purchased value
        self.acknowledged = 0
        self.last_stamp = datetime.datetime.now(datetime.timezone.utc)

    def stamp(self):
        now = datetime.datetime.now(datetime.timezone.utc)
        self.last_stamp = max(now, self.last_stamp + datetime.timedelta(milliseconds=1))
        return self.last_stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def run(self):
        if self.client.until_acknowledged("POST", "/api/v1/lists", {"id": self.list_id, "name": self.name}) is None:
            return
        self.acknowledged += 1
        number = 0
        while not self.stop.is_set():
            if self.items and random.random() < 0.4:
                item_id = random.choice(list(self.items))
                value = not self.purchased.get(item_id, False)
                body = {"purchased": value, "changedAt": self.stamp()}
                if self.client.until_acknowledged("PATCH", f"/api/v1/lists/{self.list_id}/items/{item_id}", body) is not None:
                    self.purchased[item_id] = value
                    self.acknowledged += 1
            else:
                number += 1
                item_id, name = str(uuid.uuid4()), f"{self.name} item {number}"
                if self.client.until_acknowledged("POST", f"/api/v1/lists/{self.list_id}/items", {"id": item_id, "name": name}) is not None:
                    self.items[item_id] = name
                    self.acknowledged += 1


def add_webhook(base, email, password, receiver_port):
    """Signs in through the pages and adds a webhook for every timer event."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + "/login", timeout=10).read()
    csrf = next(cookie.value for cookie in jar if cookie.name == "hearth_csrf")
    post = lambda path, fields: opener.open(base + path, urllib.parse.urlencode({**fields, "csrf_token": csrf}).encode(), timeout=10).read()
    post("/login", {"email": email, "password": password})
    page = post("/settings/webhooks", {"url": f"http://127.0.0.1:{receiver_port}/hook"}).decode()
    assert "whsec_" in page, "the webhook was not added"


class Database:
    """Reads the trial's data directly: SQLite with the sqlite3 module, PostgreSQL with psql."""

    def __init__(self, server):
        self.server = server

    def rows(self, query):
        if self.server.database_url:
            output = subprocess.run(["psql", self.server.database_url, "-At", "-F", "\t", "-c", query],
                                    check=True, capture_output=True, text=True).stdout
            return [tuple(line.split("\t")) for line in output.splitlines() if line]
        with sqlite3.connect(os.path.join(self.server.data_dir, "hearth.sqlite")) as connection:
            return [tuple(str(value) for value in row) for row in connection.execute(query).fetchall()]

    def seconds(self, column):
        """A timestamp column as seconds since 1970 (SQLite stores them as REAL already)."""
        return f"EXTRACT(EPOCH FROM {column})" if self.server.database_url else column

    def integrity(self):
        if self.server.database_url:
            return "ok"  # PostgreSQL has no single check; the invariants below are read from it
        return self.rows("PRAGMA integrity_check")[0][0]


def timer_chain_problems(db, started_at):
    """Problems with the recorded phases: they must continue each other from the acknowledged start."""
    sessions = [(float(start), float(end)) for start, end in db.rows(
        f"SELECT {db.seconds('started_at')}, {db.seconds('ended_at')} FROM focus_sessions ORDER BY started_at")]
    problems = []
    if not sessions:
        return ["no phase was recorded"], 0
    if abs(sessions[0][0] - started_at) > 0.002:
        problems.append(f"the first phase started at {sessions[0][0]}, not at the acknowledged start {started_at}")
    for (start, end), (next_start, _) in zip(sessions, sessions[1:]):
        if next_start < end - 0.002:
            problems.append(f"phases overlap (a phase recorded twice?): {start}-{end} and one from {next_start}")
        elif next_start > end + 0.002:
            problems.append(f"a phase is missing between {end} and {next_start}")
    return problems, len(sessions)


def run_trial(number, backend, seconds, postgres_url, rng):
    database_url = None
    if backend == "postgres":
        name = f"hearth_crash_{os.getpid()}_{number}"
        subprocess.run(["psql", postgres_url, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        database_url = postgres_url.rsplit("/", 1)[0] + "/" + name
    server = HearthServer(binary=os.environ.get("HEARTH_BIN", RELEASE_BINARY), database_url=database_url,
                          env={"HEARTH_ALLOW_LOOPBACK_TARGETS": "true", "HEARTH_REGISTRATIONS_PER_HOUR": "1000"})
    receiver = Receiver()
    stop = threading.Event()
    result = {"acknowledged": 0, "lost": 0, "duplicated": 0, "kills": 0, "phases": 0, "problems": []}
    try:
        server.start()
        email = f"crash{number}@example.org"
        token = sign_up(server.base, email)
        add_webhook(server.base, email, "correct horse battery", receiver.port)
        request(server.base, "PUT", "/api/v1/focus/settings", {
            "focusSeconds": PHASE_SECONDS, "shortBreakSeconds": PHASE_SECONDS, "longBreakSeconds": PHASE_SECONDS,
            "sessionsUntilLongBreak": 10, "autoStartBreaks": True, "autoStartFocus": True}, token=token)
        timer_client = Client(server, token)
        started = timer_client.until_acknowledged("POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"})
        started_at = datetime.datetime.fromisoformat(started["startedAt"].replace("Z", "+00:00")).timestamp()
        result["acknowledged"] += 1
        writers = [ListWriter(Client(server, token), f"List {index}", stop) for index in range(2)]
        for writer in writers:
            writer.start()

        # Kill once or twice at random moments; stay down up to 1.5 s, so that phases end meanwhile.
        end = time.monotonic() + seconds
        kills = rng.randint(1, 2)
        for _ in range(kills):
            time.sleep(rng.uniform(0.2, seconds / kills))
            server.kill()
            result["kills"] += 1
            time.sleep(rng.uniform(0, 1.5))
            server.start()
        time.sleep(max(0.0, end - time.monotonic()))
        stop.set()
        for writer in writers:
            writer.join(timeout=90)
        timer_client.until_acknowledged("POST", "/api/v1/focus/timer/reset")
        result["acknowledged"] += 1 + sum(writer.acknowledged for writer in writers)

        # Let the webhook sender deliver what is queued, then read the data with the server stopped.
        db = Database(server)
        for _ in range(200):
            if db.rows("SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'pending'")[0][0] == "0":
                break
            time.sleep(0.1)
        server.stop()
        result["problems"] += check(db, writers, started_at, receiver, result)
        result["problems"] += [f"refused: {text}" for client in [timer_client] + [w.client for w in writers] for text in client.refusals]
    except Exception as error:  # a trial that cannot run is a failure, reported with the server's log
        result["problems"].append(f"{type(error).__name__}: {error}\n{server.log()[-2000:]}")
    finally:
        stop.set()
        receiver.close()
        server.remove()
        if database_url:
            subprocess.run(["psql", postgres_url, "-qc", f"DROP DATABASE IF EXISTS {database_url.rsplit('/', 1)[1]}"], capture_output=True)
    return result


def check(db, writers, started_at, receiver, result):
    problems = []
    if db.integrity() != "ok":
        problems.append(f"integrity check: {db.integrity()}")
    stored = {}
    for item_id, name, purchased in db.rows("SELECT id, name, purchased FROM list_items"):
        stored.setdefault(item_id.lower(), []).append((name, purchased in ("1", "t", "true", "True")))
    names = [name for versions in stored.values() for name, _ in versions]
    for writer in writers:
        for item_id, name in writer.items.items():
            versions = stored.get(item_id.lower(), [])
            if not versions:
                result["lost"] += 1
                problems.append(f"lost: {name}")
            elif len(versions) > 1 or names.count(name) > 1:
                result["duplicated"] += 1
                problems.append(f"doubled: {name}")
            elif versions[0][1] != writer.purchased.get(item_id, False):
                result["lost"] += 1
                problems.append(f"{name}: purchased is {versions[0][1]}, the last acknowledged change said otherwise")
    chain, phases = timer_chain_problems(db, started_at)
    result["phases"] = phases
    problems += chain
    # The outbox: one phaseCompleted delivery per recorded phase, all delivered, all received.
    sessions = {row[0].lower() for row in db.rows("SELECT id FROM focus_sessions")}
    queued = [payload for (payload,) in db.rows("SELECT payload FROM webhook_deliveries WHERE event = 'phaseCompleted'")]
    queued_ids = [json.loads(payload)["session"]["id"].lower() for payload in queued]
    if sorted(queued_ids) != sorted(sessions):
        problems.append(f"webhook outbox: {len(queued_ids)} phaseCompleted deliveries for {len(sessions)} phases")
    undelivered = db.rows("SELECT id, status, last_error FROM webhook_deliveries WHERE status <> 'delivered'")
    if undelivered:
        problems.append(f"webhook deliveries not delivered: {undelivered[:3]}")
    delivered_ids = {row[0].lower() for row in db.rows("SELECT id FROM webhook_deliveries")}
    missing = delivered_ids - {d.lower() for d in receiver.deliveries if d}
    if missing:
        problems.append(f"{len(missing)} webhook deliveries never reached the receiver")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=100, help="trials per backend")
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=float, default=3.0, help="workload time per trial")
    parser.add_argument("--seed", type=int, default=None)
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    random.seed(seed)
    postgres_url = os.environ.get("HEARTH_TEST_POSTGRES_URL")
    backends = ["sqlite", "postgres"] if arguments.backend == "both" else [arguments.backend]
    if "postgres" in backends and not postgres_url:
        sys.exit("PostgreSQL trials need HEARTH_TEST_POSTGRES_URL (run through scripts/with-postgres.sh).")
    failed = False
    print(f"Crash trials, seed {seed}, {arguments.trials} per backend, {arguments.seconds:.0f} s of writes each")
    for backend in backends:
        totals = {"trials": 0, "kills": 0, "acknowledged": 0, "lost": 0, "duplicated": 0, "phases": 0, "failed trials": 0}
        for number in range(arguments.trials):
            result = run_trial(number, backend, arguments.seconds, postgres_url, rng)
            totals["trials"] += 1
            for key in ("kills", "acknowledged", "lost", "duplicated", "phases"):
                totals[key] += result[key]
            if result["problems"]:
                totals["failed trials"] += 1
                failed = True
                print(f"  {backend} trial {number} failed:\n    " + "\n    ".join(result["problems"][:10]), flush=True)
        print(f"{backend}: " + ", ".join(f"{key} {value}" for key, value in totals.items()), flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
