"""A release `hearth serve` on a free loopback port with an empty data directory, for the scripts
that measure the server end to end (focus-lateness.py, shopping-session.py)."""

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def release_server():
    """Builds the release binary, starts it, waits for /health and yields its port; stops it after."""
    subprocess.run(["swift", "build", "-c", "release", "--product", "hearth"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    data_dir = tempfile.mkdtemp(prefix="hearth-measure-")
    port = free_port()
    with open(os.path.join(data_dir, "server.log"), "wb") as log:
        server = subprocess.Popen([os.path.join(ROOT, ".build/release/hearth"), "serve", "--port", str(port), "--data-dir", data_dir],
                                  env={**os.environ, "HEARTH_LOG_LEVEL": "warning"}, stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(data_dir, ignore_errors=True)
