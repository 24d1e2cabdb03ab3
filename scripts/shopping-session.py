#!/usr/bin/env python3
"""A scripted shopping session through the API, timed end to end.

Starts a release server (loopback only) with an empty SQLite database, registers one account, then
does what a household does, one request at a time over one keep-alive connection: create a list,
add ITEMS items (each with a client-chosen id), check every one of them (each with `changedAt`),
and read the list back. Reports the total time, requests/s, and p50/p99 per step as the client saw
them (server time plus loopback) with the server's own p50 (its Server-Timing header), then reads
the first page of the list READS more times and reports the client's and the server's time and
the size of the body, each read after a change (read from the database) and with no change since
(answered from the server's memory). Percentiles: p50, p99 and p99.9 (the slowest tap but one in a
thousand). Last, the server's resident memory idle before the session and after it: its own
(anonymous) and the pages of its binary and libraries.

Usage: scripts/shopping-session.py [ITEMS] [postgres]   (default 1000 items on SQLite; `postgres`
uses a new database on HEARTH_TEST_POSTGRES_URL, e.g. through scripts/with-postgres.sh)
"""

import datetime
import http.client
import json
import os
import re
import sys
import time
import uuid

from hearth_server import started_release_server

ITEMS = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
POSTGRES = len(sys.argv) > 2 and sys.argv[2] == "postgres"
READS = 200


class Session:
    """One keep-alive connection that sends JSON and fails loudly on an unexpected status."""

    def __init__(self, port):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.token = None

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        """Sends one request; returns the raw body and the server's own time in milliseconds."""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.token:
            headers["Authorization"] = "Bearer " + self.token
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        if response.status not in expect:
            sys.exit(f"{method} {path} answered {response.status}: {data[:300]!r}")
        timing = re.search(r"dur=([\d.]+)", response.getheader("Server-Timing") or "")
        return data, float(timing.group(1)) if timing else float("nan")


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    postgres_url = os.environ.get("HEARTH_TEST_POSTGRES_URL") if POSTGRES else None
    if POSTGRES and not postgres_url:
        sys.exit("`postgres` needs HEARTH_TEST_POSTGRES_URL (run through scripts/with-postgres.sh)")
    with started_release_server(postgres_url) as server:
        time.sleep(2)  # the server settles after its start
        idle = memory(server.process.pid)
        session = Session(server.port)
        session.call("POST", "/api/v1/auth/register", {"name": "Shopper", "email": "shop@example.org", "password": "shopping session"})
        token, _ = session.call("POST", "/api/v1/auth/tokens", {"name": "bench", "email": "shop@example.org", "password": "shopping session"})
        session.token = json.loads(token)["token"]

        timings = {"create": [], "add": [], "check": [], "read": []}
        server_timings = {step: [] for step in timings}

        def timed(step, *args):
            started = time.perf_counter()
            data, server_ms = session.call(*args)
            timings[step].append((time.perf_counter() - started) * 1000)
            server_timings[step].append(server_ms)
            return json.loads(data) if data else None

        began = time.perf_counter()
        list_id = timed("create", "POST", "/api/v1/lists", {"id": str(uuid.uuid4()), "name": "Big shop"})["id"]
        item_ids = []
        for n in range(ITEMS):
            item = timed("add", "POST", f"/api/v1/lists/{list_id}/items",
                         {"id": str(uuid.uuid4()), "name": f"Item {n}", "quantity": f"{n % 5 + 1} kg"})
            item_ids.append(item["id"])
        for item_id in item_ids:
            changed_at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
            timed("check", "PATCH", f"/api/v1/lists/{list_id}/items/{item_id}", {"purchased": True, "changedAt": changed_at})
        final = read_all(timed, list_id)
        total = time.perf_counter() - began

        assert len(final) == ITEMS and all(item["purchased"] for item in final), "the list did not end as expected"
        requests = sum(len(values) for values in timings.values())
        print(f"Shopping session, {ITEMS} items, {'PostgreSQL' if POSTGRES else 'SQLite'}, one connection: {requests} requests in {total:.2f} s = {requests / total:.0f} req/s")
        for step, values in timings.items():
            print(f"  {step:6} n={len(values):5}  {spread(values)}   server {spread(server_timings[step])}")

        # Read again and again, each time after a change (the page is read from the database) and
        # with no change since (the server answers what it remembered).
        for changed in (True, False):
            client, server_times, size = [], [], 0
            for n in range(READS):
                if changed:
                    session.call("PATCH", f"/api/v1/lists/{list_id}/items/{item_ids[0]}", {"note": f"read {n}"})
                started = time.perf_counter()
                data, server_ms = session.call("GET", f"/api/v1/lists/{list_id}")
                client.append((time.perf_counter() - started) * 1000)
                server_times.append(server_ms)
                size = len(data)
            print(f"Reading the first page of the {ITEMS}-item list {READS} times, {'each after a change' if changed else 'unchanged'}, "
                  f"{size / 1024:.0f} KB:\n  client {spread(client)}\n  server {spread(server_times)}")
        print(f"Server memory idle before: {idle}\nServer memory after:       {memory(server.process.pid)}")


def memory(pid):
    """The process's resident memory: its own (anonymous: heap, stacks) and the binary's and libraries' pages."""
    with open(f"/proc/{pid}/status") as status:
        fields = dict(line.split(":", 1) for line in status)
    mb = {name: int(fields[name].split()[0]) / 1024 for name in ("VmRSS", "RssAnon", "RssFile")}
    return f"RSS {mb['VmRSS']:.1f} MB = own {mb['RssAnon']:.1f} MB + files {mb['RssFile']:.1f} MB"


def spread(values):
    """p50, p99 and p99.9 of some milliseconds, in one line."""
    return "  ".join(f"{name} {percentile(values, fraction):6.2f} ms" for name, fraction in (("p50", 0.5), ("p99", 0.99), ("p99.9", 0.999)))


def read_all(timed, list_id):
    """Every item of the list, following its pages (a list answers at most one page of items)."""
    items, path = [], f"/api/v1/lists/{list_id}"
    while path:
        page = timed("read", "GET", path)
        items += page["items"]
        path = f"/api/v1/lists/{list_id}?cursor={page['nextCursor']}" if page.get("nextCursor") else None
    return items


if __name__ == "__main__":
    main()
