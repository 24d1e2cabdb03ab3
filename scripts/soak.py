#!/usr/bin/env python3
"""Soak: a mixed workload at a steady rate against a release server, for SOAK_MINUTES (default 30).

Simulated household members read their lists and timers, add, check and delete items (with
client ids), run their timers, and each keeps an event stream open; now and then a member's stream
is dropped without a goodbye (the socket is reset) and opened again. Every minute the script prints
the requests, errors, p50/p99 latency, the server's resident memory (RSS), its open file
descriptors and its open event streams. It fails (exit 1) on any error, or when memory, descriptors
or streams keep growing after the warm-up (the first fifth of the run, at least a minute).

Usage: SOAK_MINUTES=2 scripts/soak.py [--rate 200] [--households 10] [--members 2]
"""

import argparse
import http.client
import json
import os
import queue
import random
import socket
import statistics
import sys
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hearth_server import HearthServer, RELEASE_BINARY, build_release, join_household, request, sign_up  # noqa: E402


class Member:
    """A person with a token, a list shared with their household, and an event stream."""

    def __init__(self, server, email):
        self.server = server
        self.email = email
        self.token = sign_up(server.base, email)
        self.list_id = None
        self.items = []
        self.lock = threading.Lock()  # one timer command of a member at a time
        self.stream = None

    def open_stream(self):
        sock = socket.create_connection(("127.0.0.1", self.server.port), timeout=10)
        sock.sendall(f"GET /api/v1/events HTTP/1.1\r\nHost: soak\r\nAuthorization: Bearer {self.token}\r\n\r\n".encode())
        received = b""
        while b"event: ready" not in received:
            chunk = sock.recv(4096)
            if not chunk:
                raise RuntimeError("the event stream closed at once")
            received += chunk
        sock.setblocking(False)
        self.stream = sock

    def drain_stream(self):
        try:
            while self.stream.recv(65536):
                pass
        except (BlockingIOError, OSError):
            pass

    def drop_stream(self):
        """Gone without closing: a reset, as when a phone loses its network."""
        self.stream.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        self.stream.close()


def next_request(member):
    """One request of the mix: 50% reads, 40% list writes, 10% timer commands."""
    roll = random.random()
    if roll < 0.5:
        return random.choice([("GET", f"/api/v1/lists/{member.list_id}", None), ("GET", "/api/v1/lists", None),
                              ("GET", "/api/v1/focus/timer", None), ("GET", "/api/v1/me", None)])
    if roll < 0.9:
        with member.lock:
            items = list(member.items)
        kind = random.random()
        if not items or kind < 0.35:
            return ("POST", f"/api/v1/lists/{member.list_id}/items", {"id": str(uuid.uuid4()), "name": f"Item {random.randrange(10**9)}"})
        item = random.choice(items)
        if kind < 0.65:
            return ("PATCH", f"/api/v1/lists/{member.list_id}/items/{item}", {"purchased": random.random() < 0.5})
        return ("DELETE", f"/api/v1/lists/{member.list_id}/items/{item}", None)
    return ("TIMER", None, None)


class Worker(threading.Thread):
    """Takes requests off the queue and sends them over its own keep-alive connection."""

    def __init__(self, server, jobs, results):
        super().__init__(daemon=True)
        self.server, self.jobs, self.results = server, jobs, results
        self.connection = None

    def send(self, method, path, body, token):
        if self.connection is None:
            self.connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        headers = {"Authorization": "Bearer " + token, "Accept": "application/json"}
        data = None
        if body is not None:
            data, headers["Content-Type"] = json.dumps(body), "application/json"
        try:
            self.connection.request(method, path, body=data, headers=headers)
            response = self.connection.getresponse()
            return response.status, response.read()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = None
            raise

    def timer_command(self, member):
        """Reads the member's timer and sends the command that fits it: start, pause, resume or reset."""
        with member.lock:
            status, body = self.send("GET", "/api/v1/focus/timer", None, member.token)
            if status != 200:
                return status
            timer = json.loads(body)
            if timer["phase"] in ("idle", "alarm"):
                command = ("POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"})
            elif timer["paused"]:
                command = ("POST", f"/api/v1/focus/timer/{random.choice(['resume', 'reset'])}", None)
            else:
                command = ("POST", "/api/v1/focus/timer/pause", None)
            return self.send(*command, member.token)[0]

    def run(self):
        while True:
            job = self.jobs.get()
            if job is None:
                return
            member, (method, path, body) = job
            start = time.perf_counter()
            try:
                if method == "TIMER":
                    status = self.timer_command(member)
                else:
                    status, answer = self.send(method, path, body, member.token)
                    if method == "POST" and status in (200, 201):
                        with member.lock:
                            member.items.append(json.loads(answer)["id"])
                    elif method == "DELETE" and status in (204, 404):
                        with member.lock:
                            if path.rsplit("/", 1)[1] in member.items:
                                member.items.remove(path.rsplit("/", 1)[1])
                        status = 204  # another member deleted it first: not an error
                    elif method == "PATCH" and status == 404:
                        status = 200  # deleted by another member meanwhile
                error = None if 200 <= status < 300 else f"{method} {path} -> {status}"
            except (OSError, http.client.HTTPException) as failure:
                error = f"{method} {path}: {type(failure).__name__}"
            self.results.put((time.monotonic(), time.perf_counter() - start, error))


def server_figures(server):
    """Resident memory (MiB), open descriptors and open event streams of the server process."""
    with open(f"/proc/{server.pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024
    descriptors = len(os.listdir(f"/proc/{server.pid}/fd"))
    streams = 0
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", "/metrics")
    for line in connection.getresponse().read().decode().splitlines():
        if line.startswith("hearth_event_streams "):
            streams = int(float(line.split()[1]))
    connection.close()
    return rss, descriptors, streams


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=200, help="requests per second")
    parser.add_argument("--households", type=int, default=10)
    parser.add_argument("--members", type=int, default=2, help="members per household")
    arguments = parser.parse_args()
    minutes = float(os.environ.get("SOAK_MINUTES", "30"))
    if "HEARTH_BIN" not in os.environ:
        build_release()
    server = HearthServer(binary=os.environ.get("HEARTH_BIN", RELEASE_BINARY), env={"HEARTH_REGISTRATIONS_PER_HOUR": "10000"})
    server.start()
    try:
        return soak(server, arguments, minutes)
    finally:
        server.remove()


def soak(server, arguments, minutes):
    members = []
    for household in range(arguments.households):
        people = [Member(server, f"soak{household}-{index}@example.org") for index in range(arguments.members)]
        for other in people[1:]:
            join_household(server.base, people[0].email, other.email)
        _, created = request(server.base, "POST", "/api/v1/lists", {"name": f"Household {household}"}, token=people[0].token)
        for person in people:
            person.list_id = created["id"]
        members += people
    for member in members:
        member.open_stream()

    jobs, results = queue.Queue(maxsize=1000), queue.Queue()
    workers = [Worker(server, jobs, results) for _ in range(16)]
    for worker in workers:
        worker.start()
    print(f"Soak: {arguments.rate:.0f} requests/s for {minutes:g} min, {len(members)} members with an event stream each", flush=True)
    print("minute  requests  errors   p50 ms   p99 ms   RSS MiB  fds  streams", flush=True)

    start = time.monotonic()
    interval = 1 / arguments.rate
    next_send, next_minute, next_drop = start, start + 60, start + 10
    minute_latencies, minute_errors, rows, all_errors = [], 0, [], []
    end = start + minutes * 60 + 1  # the last minute is read too
    while time.monotonic() < end:
        now = time.monotonic()
        if now >= next_send:
            member = random.choice(members)
            jobs.put((member, next_request(member)))
            next_send += interval
        while not results.empty():
            _, latency, error = results.get()
            minute_latencies.append(latency)
            if error:
                minute_errors += 1
                all_errors.append(error)
        if now >= next_drop:
            member = random.choice(members)
            member.drop_stream()
            member.open_stream()
            next_drop += 10
        if now >= next_minute:
            for member in members:
                member.drain_stream()
            rss, descriptors, streams = server_figures(server)
            latencies = sorted(minute_latencies) or [0]
            row = (len(rows) + 1, len(minute_latencies), minute_errors, statistics.median(latencies) * 1000,
                   latencies[int(len(latencies) * 0.99) - 1 if len(latencies) > 1 else 0] * 1000, rss, descriptors, streams)
            rows.append(row)
            print("%6d  %8d  %6d  %7.2f  %7.2f  %8.1f  %3d  %7d" % row, flush=True)
            minute_latencies, minute_errors = [], 0
            next_minute += 60
        time.sleep(max(0.0, min(next_send, next_minute) - time.monotonic()))
    for _ in workers:
        jobs.put(None)
    for worker in workers:
        worker.join(timeout=30)
    while not results.empty():  # answers that came after the last reading still count
        _, _, error = results.get()
        if error:
            all_errors.append(error)
    return verdict(rows, all_errors, len(members))


def verdict(rows, errors, streams):
    """Exit status: 0 when there was no error and nothing grew after the warm-up."""
    failed = []
    if errors:
        failed.append(f"{len(errors)} errors, e.g. {errors[:5]}")
    warm = max(1, len(rows) // 5)
    if len(rows) > warm + 1:  # growth needs two readings after the warm-up: a run of three minutes or more
        settled = rows[warm:]
        rss_growth = settled[-1][5] - min(row[5] for row in settled)
        if rss_growth > max(16.0, 0.1 * settled[0][5]):
            failed.append(f"memory grew by {rss_growth:.1f} MiB after the warm-up")
        if settled[-1][6] > min(row[6] for row in settled) + 8:
            failed.append(f"open descriptors grew from {min(row[6] for row in settled)} to {settled[-1][6]}")
    # A stream dropped just before the last reading may not have been noticed yet (at most 25 s).
    if rows and not streams <= rows[-1][7] <= streams + 2:
        failed.append(f"{rows[-1][7]} event streams open for {streams} members: dropped streams leak")
    print("Soak passed: no errors, nothing grew after the warm-up." if not failed else "Soak failed: " + "; ".join(failed), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
