#!/usr/bin/env python3
"""Backup and restore of a large household, and a hostile archive, measured on a release server.

For SQLite and (with HEARTH_TEST_POSTGRES_URL, as scripts/with-postgres.sh sets) PostgreSQL:
starts `hearth serve` on an empty database, fills one household with ITEMS items (default 100,000)
by a CSV import, then times, with the server's resident memory sampled every 20 ms:

1. its backup as JSON (GET /api/v1/backup?media=false), read to its end;
2. the restore of that JSON into a second, empty household (merge);
(each on a server started afresh, so its peak memory is its own)
3. a ZIP of about 1 MB whose household.json expands to 1 GB (a valid start, then white space):
   refused or read in constant memory, never held whole.

Goals (issue 21): backup JSON < 3 s, restore < 5 s with a peak under 300 MB, on both databases.

Usage: scripts/with-postgres.sh scripts/backup-figures.py [ITEMS]
HEARTH_BIN runs another binary instead of the release build (a build of an earlier commit, to compare).
"""

import hashlib
import importlib.util
import io
import json
import os
import sys
import time
import urllib.request
import zipfile

from hearth_server import each_database, sign_up, upload

_spec = importlib.util.spec_from_file_location("csv_figures", os.path.join(os.path.dirname(__file__), "csv-figures.py"))
csv_figures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(csv_figures)


def timed(server_pid, work):
    sampler = csv_figures.MemorySampler(server_pid)
    sampler.start()
    began = time.perf_counter()
    result = work()
    return time.perf_counter() - began, sampler.stop(), result


def download(base, token, path):
    request = urllib.request.Request(base + path, headers={"Authorization": "Bearer " + token})
    with urllib.request.urlopen(request, timeout=600) as response:
        return response.read()


def bomb(megabytes):
    """A backup archive whose household.json is a valid start and `megabytes` MB of spaces."""
    head = b'{"appVersion":"x","categories":[],"exportDate":"2026-11-27T00:00:00Z","formatVersion":1,' \
           b'"household":{"name":"H","currency":"EUR"},"items":['
    tail = b']}'
    digest, block = hashlib.sha256(head), b" " * (1 << 20)
    for _ in range(megabytes):
        digest.update(block)
    digest.update(tail)
    size = len(head) + megabytes * len(block) + len(tail)
    manifest = {"formatVersion": 1, "appVersion": "x", "exportDate": "2026-11-27T00:00:00Z",
                "counts": {"rooms": 0, "categories": 0, "items": 0, "receipts": 0, "photos": 0, "mediaFiles": 0},
                "files": [{"path": "household.json", "sha256": digest.hexdigest(), "byteSize": size}]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        archive.writestr("manifest.json", json.dumps(manifest))
        with archive.open("household.json", "w", force_zip64=True) as entry:
            entry.write(head)
            for _ in range(megabytes):
                entry.write(block)
            entry.write(tail)
    return buffer.getvalue()


def restarted(server):
    """The server stopped and started again: a figure from a server that has done nothing else yet."""
    server.stop()
    server.start()
    return server.base, server.pid


def measure(name, server, data, count, hostile):
    base, pid = server.base, server.pid
    ada = sign_up(base, f"ada-{os.urandom(4).hex()}@example.org")
    status, report = upload(base, "/api/v1/inventory/import?format=hearth", [("items.csv", data)], token=ada, timeout=600)
    assert status == 200 and report["created"] == count, f"the import answered {status}: {str(report)[:300]}"
    base, pid = restarted(server)
    backup_time, backup_peak, backup = timed(pid, lambda: download(base, ada, "/api/v1/backup?media=false"))
    base, pid = restarted(server)
    bob = sign_up(base, f"bob-{os.urandom(4).hex()}@example.org")
    before = csv_figures.rss_mb(pid)
    restore_time, restore_peak, (status, report) = timed(pid, lambda: upload(
        base, "/api/v1/backup/restore?strategy=merge", [("backup.json", backup)], token=bob, timeout=600))
    assert status == 200 and report["items"]["added"] == count, f"the restore answered {status}: {str(report)[:300]}"
    print(f"{name}, {count:,} items: backup JSON {backup_time:.2f} s ({len(backup) / 1e6:.1f} MB, peak {backup_peak:.0f} MB); "
          f"restore (merge into an empty household) {restore_time:.2f} s (RSS {before:.0f} MB before, peak {restore_peak:.0f} MB)")
    base, pid = restarted(server)
    eve = sign_up(base, f"eve-{os.urandom(4).hex()}@example.org")
    before = csv_figures.rss_mb(pid)
    bomb_time, bomb_peak, (status, report) = timed(pid, lambda: upload(
        base, "/api/v1/backup/restore?strategy=merge", [("bomb.zip", hostile)], token=eve, timeout=600))
    print(f"{name}, a {len(hostile) / 1e6:.1f} MB ZIP expanding to 1 GB: answered {status} in {bomb_time:.1f} s "
          f"(RSS {before:.0f} MB before, peak {bomb_peak:.0f} MB): {str(report)[:120]}")


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    data, hostile = csv_figures.hearth_csv(count), bomb(1024)
    for name, server in each_database():
        measure(name, server, data, count, hostile)


if __name__ == "__main__":
    main()
