#!/usr/bin/env python3
"""Lateness of timer phase completion under load, measured end to end.

Starts a release server (loopback only), registers USERS accounts, gives each a 2-second focus
setting, opens one event stream per user and subscribes one device per user to a local push service
(scripts/push_service.py), starts all timers spread over one second, and measures for every
`phaseCompleted` event: arrival time at the client minus the phase's end (`session.endedAt`, which
is the `endsAt` the server promised), and for every "Focus done" push: its arrival at the push
service minus the same end. Reports p50 and p99 of each. Bounded: every stream stops after the first
completion or after 30 seconds.

Usage: scripts/focus-lateness.py [USERS]   (default 200)
"""

import concurrent.futures
import datetime
import json
import statistics
import sys
import threading
import time
import urllib.request

from hearth_server import release_server
from push_service import PushService

USERS = int(sys.argv[1]) if len(sys.argv) > 1 else 200


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"null")


def parse_time(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def sign_up(base, index):
    email = f"late{index}@example.org"
    call(base, "POST", "/api/v1/auth/register", {"name": f"User {index}", "email": email, "password": "lateness test pw"})
    token = call(base, "POST", "/api/v1/auth/tokens", {"email": email, "password": "lateness test pw", "name": "bench"})["token"]
    call(base, "PUT", "/api/v1/focus/settings", {"focusSeconds": 2}, token)
    return token


def listen(base, token, ready, results):
    request = urllib.request.Request(base + "/api/v1/events", headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=30) as stream:
        ready.release()
        event = None
        for raw in stream:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: ") and event == "timer":
                arrived = time.time()
                data = json.loads(line[6:])
                if data["type"] == "phaseCompleted":
                    results.append(arrived - parse_time(data["session"]["endedAt"]))
                    return


def report(name, values, expected):
    lateness = sorted(value * 1000 for value in values)
    if len(lateness) < expected:
        print(f"only {len(lateness)} of {expected} {name} arrived", file=sys.stderr)
    if not lateness:
        return
    p50 = statistics.median(lateness)
    p99 = lateness[min(len(lateness) - 1, int(len(lateness) * 0.99))]
    print(f"{name} lateness, {len(lateness)} timers: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lateness[-1]:.1f} ms")


def main():
    pushes = PushService().start()
    with release_server(env={"HEARTH_ALLOW_LOOPBACK_TARGETS": "true", "HEARTH_REGISTRATIONS_PER_HOUR": str(USERS + 10)}) as port:
        base = f"http://127.0.0.1:{port}"
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            tokens = list(pool.map(lambda i: sign_up(base, i), range(USERS)))
        devices = [pushes.device() for _ in tokens]
        for token, device in zip(tokens, devices):
            call(base, "POST", "/api/v1/push/subscriptions", device.subscription, token)
        results, ready = [], threading.Semaphore(0)
        listeners = [threading.Thread(target=listen, args=(base, token, ready, results), daemon=True) for token in tokens]
        for thread in listeners:
            thread.start()
        for _ in tokens:
            ready.acquire(timeout=30)
        ends = []
        for index, token in enumerate(tokens):
            ends.append(parse_time(call(base, "POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token)["endsAt"]))
            time.sleep(1.0 / USERS)
        for thread in listeners:
            thread.join(timeout=30)
        report("phase completion (event stream)", results, USERS)
        arrivals = []
        for device, end in zip(devices, ends):
            try:
                [push] = pushes.wait_for(device, timeout=max(1, end + 10 - time.time()))
                arrivals.append(push.received_at - end)
            except AssertionError:
                pass
        report("phase completion (Web Push)", arrivals, USERS)
    pushes.stop()


if __name__ == "__main__":
    main()
