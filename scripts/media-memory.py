#!/usr/bin/env python3
"""Memory and time of photo uploads, measured on a release server (loopback only, bounded).

Starts `hearth serve` with an empty SQLite database, registers one account and then:

1. uploads a 12-megapixel JPEG (4032x3024, about 3 MB) 8 times at once, each to
   POST /api/v1/inventory/items/{id}/photos on its own connection, while it samples the server's
   VmRSS and VmHWM from /proc every 20 ms; prints the peak and the wall time (goal: < 300 MB);
2. uploads 10 such photos in one request to a new item, then GETs every `thumbUrl` of the answer;
   prints the time from the first byte sent to the last thumbnail received.

Each upload is a different file (the same picture with its own JPEG comment), so content
addressing stores every one. The photo is made once with scripts/make-photo.sh (the vips command)
and kept in the temporary folder.

Usage: scripts/media-memory.py   (HEARTH_BIN=path/to/hearth uses that binary; otherwise the
script builds .build/release/hearth first)
"""

import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import uuid

from hearth_server import RELEASE_BINARY, ROOT, HearthServer, build_release, request, sign_up

CONCURRENT_UPLOADS = 8
PHOTOS_IN_ONE_REQUEST = 10
SAMPLE_INTERVAL = 0.020  # seconds between two readings of /proc/<pid>/status
RSS_GOAL_MB = 300


def phone_photo():
    """The bytes of a 12 MP JPEG, made on first use and kept in the temporary folder."""
    path = os.path.join(tempfile.gettempdir(), "hearth-bench-photos", "phone-4032x3024.jpg")
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        subprocess.run([os.path.join(ROOT, "scripts", "make-photo.sh"), path], check=True)
    with open(path, "rb") as handle:
        return handle.read()


def with_comment(jpeg, text):
    """The same JPEG with a comment segment (COM) right after its start marker: another file, the same picture."""
    comment = text.encode()
    return jpeg[:2] + b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment + jpeg[2:]


def multipart(files):
    """A multipart/form-data body with one part named `file` per JPEG; returns (content type, body)."""
    boundary = "hearth-" + uuid.uuid4().hex
    chunks = []
    for index, data in enumerate(files):
        chunks += [f"--{boundary}\r\n".encode(),
                   f'Content-Disposition: form-data; name="file"; filename="photo-{index}.jpg"\r\n'.encode(),
                   b"Content-Type: image/jpeg\r\n\r\n", data, b"\r\n"]
    chunks.append(f"--{boundary}--\r\n".encode())
    return f"multipart/form-data; boundary={boundary}", b"".join(chunks)


def upload(port, token, item_id, files):
    """POSTs the files in one request on a new connection; returns the answer's photos."""
    content_type, body = multipart(files)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    connection.request("POST", f"/api/v1/inventory/items/{item_id}/photos", body=body,
                       headers={"Authorization": "Bearer " + token, "Content-Type": content_type, "Accept": "application/json"})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    if response.status != 201:
        raise RuntimeError(f"upload answered {response.status}: {data[:300]!r}")
    return json.loads(data)["photos"]


def memory_kb(pid):
    """(VmRSS, VmHWM) of a process in kB."""
    with open(f"/proc/{pid}/status") as handle:
        fields = dict(line.split(":", 1) for line in handle if line.startswith(("VmRSS", "VmHWM")))
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


class MemorySampler(threading.Thread):
    """Reads the server's resident memory every SAMPLE_INTERVAL until stopped; keeps the largest."""

    def __init__(self, pid):
        super().__init__(daemon=True)
        self.pid = pid
        self.peak_rss = 0
        self.samples = 0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            rss, _ = memory_kb(self.pid)
            self.peak_rss = max(self.peak_rss, rss)
            self.samples += 1
            self.done.wait(SAMPLE_INTERVAL)

    def stop(self):
        self.done.set()
        self.join()
        return self.peak_rss


def new_item(base, token, name):
    status, item = request(base, "POST", "/api/v1/inventory/items", {"name": name}, token=token)
    assert status == 201, f"creating an item answered {status}: {item}"
    return item["id"]


def concurrent_uploads(server, token, photo):
    """Part 1: CONCURRENT_UPLOADS single-photo requests at once, with the server's memory sampled."""
    item_id = new_item(server.base, token, "Television")
    files = [with_comment(photo, f"concurrent upload {n} {uuid.uuid4()}") for n in range(CONCURRENT_UPLOADS)]
    start = threading.Barrier(CONCURRENT_UPLOADS + 1)
    errors = []

    def send(data):
        start.wait()
        try:
            upload(server.port, token, item_id, [data])
        except Exception as error:  # reported below; a thread must not die silently
            errors.append(error)

    threads = [threading.Thread(target=send, args=(data,)) for data in files]
    for thread in threads:
        thread.start()
    before, _ = memory_kb(server.pid)
    sampler = MemorySampler(server.pid)
    sampler.start()
    start.wait()
    began = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    peak = sampler.stop()
    after, high_water = memory_kb(server.pid)
    if errors:
        sys.exit(f"{len(errors)} of {CONCURRENT_UPLOADS} uploads failed; first: {errors[0]}")
    status, photos = request(server.base, "GET", f"/api/v1/inventory/items/{item_id}/photos", token=token)
    assert status == 200 and len(photos["photos"]) == CONCURRENT_UPLOADS, f"the item has {len(photos['photos'])} photos"

    verdict = "meets" if peak / 1024 < RSS_GOAL_MB else "MISSES"
    print(f"{CONCURRENT_UPLOADS} concurrent uploads of a 12 MP JPEG ({len(photo) / 1e6:.1f} MB), SQLite: {elapsed:.2f} s wall time")
    print(f"  server RSS: {before / 1024:.0f} MB before, peak {peak / 1024:.0f} MB ({sampler.samples} samples every "
          f"{SAMPLE_INTERVAL * 1000:.0f} ms; goal < {RSS_GOAL_MB} MB: {verdict}), {after / 1024:.0f} MB after; "
          f"VmHWM {high_water / 1024:.0f} MB")


def upload_to_thumbnails(server, token, photo):
    """Part 2: PHOTOS_IN_ONE_REQUEST photos in one request, then every thumbnail of the answer."""
    item_id = new_item(server.base, token, "Sofa")
    files = [with_comment(photo, f"one request, photo {n} {uuid.uuid4()}") for n in range(PHOTOS_IN_ONE_REQUEST)]
    sampler = MemorySampler(server.pid)
    sampler.start()
    began = time.perf_counter()
    photos = upload(server.port, token, item_id, files)
    uploaded = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    for entry in photos:
        connection.request("GET", entry["thumbUrl"], headers={"Authorization": "Bearer " + token})
        response = connection.getresponse()
        data = response.read()
        assert response.status == 200 and data[:2] == b"\xff\xd8", f"thumbnail answered {response.status}"
    connection.close()
    finished = time.perf_counter()
    peak = sampler.stop()
    assert len(photos) == PHOTOS_IN_ONE_REQUEST, f"the answer lists {len(photos)} photos"

    print(f"{PHOTOS_IN_ONE_REQUEST} photos of 12 MP in one request to their thumbnails served: {finished - began:.2f} s")
    print(f"  upload answered after {uploaded - began:.2f} s ({(uploaded - began) / PHOTOS_IN_ONE_REQUEST * 1000:.0f} ms a photo), "
          f"{len(photos)} thumbnails in {(finished - uploaded) * 1000:.0f} ms; server RSS peak {peak / 1024:.0f} MB")


def main():
    binary = os.environ.get("HEARTH_BIN")
    if not binary:
        build_release()
        binary = RELEASE_BINARY
    photo = phone_photo()
    server = HearthServer(binary=os.path.abspath(binary))
    try:
        server.start()
        token = sign_up(server.base, "photos@example.org", name="Photos")
        concurrent_uploads(server, token, photo)
        upload_to_thumbnails(server, token, photo)
    finally:
        server.remove()


if __name__ == "__main__":
    main()
