#!/usr/bin/env python3
"""CSV import and export of a large household, measured on a release server (loopback only).

For SQLite and (with HEARTH_TEST_POSTGRES_URL, as scripts/with-postgres.sh sets) PostgreSQL:
starts `hearth serve` on an empty database, registers one account, then times

1. the import of a Hearth CSV of ITEMS items (default 100,000; made up here, every row a new item
   in one of the default rooms and categories, a third with tags, most with a brand and a price);
2. the same file imported again (every row unchanged, so every row is skipped);
3. the export of all of them (GET /api/v1/inventory/export.csv), read to its end, with the
   server's resident memory sampled every 20 ms.

Goals (issue 21): import < 5 s, export < 2 s in constant memory, on both databases.

Usage: scripts/with-postgres.sh scripts/csv-figures.py [ITEMS]
HEARTH_BIN runs another binary instead of the release build (a build of an earlier commit, to compare).
"""

import os
import random
import sys
import threading
import time
import urllib.request

from hearth_server import each_database, sign_up, upload

ROOMS = ["Living room", "Kitchen", "Bedroom", "Office", "Garage", "Bathroom", "Hallway"]
CATEGORIES = ["Electronics", "Furniture", "Appliances", "Tools", "Clothing", "Jewelry"]
BRANDS = ["Samsung", "Sony", "Philips", "Bosch", "Miele", "IKEA", "Apple", "Canon", "Makita", "Café Noir"]
THINGS = ["television", "sofa", "lamp", "laptop", "camera", "kettle", "drill", "bicycle", "guitar", "desk", "chair", "rug"]
TAGS = ["gift", "insured", "vintage", "kids", "work", "heirloom"]


def quoted(field):
    return '"' + field.replace('"', '""') + '"' if any(c in field for c in ',"\r\n') else field


def hearth_csv(count):
    """A Hearth CSV of `count` items, the same for a given count."""
    rng = random.Random(count)
    header = ["Name", "Description", "Room", "Category", "Quantity", "Brand", "Model", "Serial number", "Purchase date",
              "Purchase place", "Purchase price", "Purchase currency", "Condition", "Tags", "Notes", "Id"]
    lines = [",".join(header)]
    for index in range(count):
        brand = rng.choice(BRANDS) if rng.random() < 0.75 else ""
        price = f"{rng.randint(5, 5000)}.{rng.randint(0, 99):02d}" if rng.random() < 0.6 else ""
        fields = [
            f"{rng.choice(THINGS).capitalize()} {index}", "Bought after the move, kept the box" if rng.random() < 0.2 else "",
            rng.choice(ROOMS) if rng.random() < 0.8 else "", rng.choice(CATEGORIES) if rng.random() < 0.7 else "",
            str(rng.randint(1, 4)), brand, f"X{rng.randint(1, 9999)}" if brand else "", f"SN{index:08d}" if rng.random() < 0.1 else "",
            f"20{rng.randint(10, 25)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" if rng.random() < 0.5 else "",
            "Best Buy" if rng.random() < 0.3 else "", price, "USD" if price else "", rng.choice(["", "new", "good", "fair"]),
            "; ".join(sorted(set(rng.sample(TAGS, rng.randint(1, 3))))) if rng.random() < 1 / 3 else "",
            "Left side scratched, cable in the box" if rng.random() < 0.1 else "", "",
        ]
        lines.append(",".join(quoted(field) for field in fields))
    return ("\r\n".join(lines) + "\r\n").encode()


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as handle:
        return next(int(line.split()[1]) for line in handle if line.startswith("VmRSS")) / 1024


class MemorySampler(threading.Thread):
    """The server's largest resident memory while it runs, sampled every 20 ms."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid, self.peak, self.done = pid, 0.0, threading.Event()

    def run(self):
        while not self.done.is_set():
            self.peak = max(self.peak, rss_mb(self.pid))
            self.done.wait(0.02)

    def stop(self):
        self.done.set()
        self.join()
        return self.peak


def timed_import(base, token, data):
    began = time.perf_counter()
    status, report = upload(base, "/api/v1/inventory/import?format=hearth", [("items.csv", data)], token=token, timeout=600)
    elapsed = time.perf_counter() - began
    assert status == 200, f"the import answered {status}: {str(report)[:300]}"
    return elapsed, report


def measure(name, server_pid, base, data, count):
    token = sign_up(base, f"csv-{os.urandom(4).hex()}@example.org")
    first, report = timed_import(base, token, data)
    assert report["created"] == count and not report["problems"], f"created {report['created']}, problems {report['problems'][:3]}"
    again, report = timed_import(base, token, data)
    assert report["skipped"] == count, f"the second import skipped {report['skipped']}"
    before = rss_mb(server_pid)
    sampler = MemorySampler(server_pid)
    sampler.start()
    request = urllib.request.Request(base + "/api/v1/inventory/export.csv", headers={"Authorization": "Bearer " + token})
    began = time.perf_counter()
    with urllib.request.urlopen(request, timeout=600) as response:
        first_byte = time.perf_counter() - began
        size, lines = 0, 0
        while chunk := response.read(1 << 16):
            size, lines = size + len(chunk), lines + chunk.count(b"\n")
    export = time.perf_counter() - began
    peak = sampler.stop()
    assert lines == count + 1, f"the export has {lines} lines"
    print(f"{name}, {count:,} items ({len(data) / 1e6:.1f} MB file): import {first:.2f} s, again (all unchanged) {again:.2f} s; "
          f"export {export:.2f} s ({size / 1e6:.1f} MB, first byte after {first_byte:.2f} s, "
          f"server RSS {before:.0f} MB before, peak {peak:.0f} MB)")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    data = hearth_csv(count)
    for name, server in each_database():
        measure(name, server.pid, server.base, data, count)


if __name__ == "__main__":
    main()
