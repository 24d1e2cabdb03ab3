"""A `hearth serve` process for the scripts and the contract tests: a free loopback port, its own
data directory (SQLite) or a PostgreSQL URL, started, stopped, killed with SIGKILL and started again
on the same data.

    with release_server() as port: ...            # a fresh release server for a measuring script
    server = HearthServer(binary, data_dir); server.start(); server.kill(); server.start()
"""

import contextlib
import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE_BINARY = os.path.join(ROOT, ".build/release/hearth")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def listens(pid, port):
    """Whether process `pid` holds the listening socket on `port`: a /health answer then comes from it,
    not from another process that took the port between free_port() and the start (suites run side
    by side). Reads Linux's /proc."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(FileNotFoundError), open(table) as lines:
            for line in list(lines)[1:]:
                fields = line.split()
                if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                    inodes.add(f"socket:[{fields[9]}]")
    with contextlib.suppress(FileNotFoundError, ProcessLookupError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{pid}/fd/{fd}") in inodes:
                    return True
    return False


def port_taken(log_text):
    """Whether a server's output says its port was taken."""
    return "is already in use" in log_text


def build_release():
    """Builds the release binary (incremental; quick when it is current)."""
    subprocess.run(["swift", "build", "-c", "release", "--product", "hearth"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


class PortTaken(Exception):
    """Another process listens on the port chosen for a server."""


class HearthServer:
    """One server on one data directory (or PostgreSQL database), restartable on the same port."""

    def __init__(self, binary=RELEASE_BINARY, data_dir=None, database_url=None, env=None, port=None):
        self.binary = binary
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="hearth-server-")
        self.database_url = database_url
        self.chose_port = port is None
        self.started = False
        self.port = port or free_port()
        self.env = {"HEARTH_LOG_LEVEL": "warning", **(env or {})}
        self.log_path = os.path.join(self.data_dir, "server.log")
        self.process = None

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout=60):
        """Starts the server and waits until it answers /health with 200. A port it chose itself that
        another process took meanwhile is chosen again, for the first start (a restart keeps its port)."""
        for _ in range(3):
            try:
                return self._start(timeout)
            except PortTaken:
                if not self.chose_port or self.started:
                    raise
                self.port = free_port()
        raise RuntimeError(f"hearth serve found its port taken three times:\n{self.log()[-3000:]}")

    def _start(self, timeout):
        command = [self.binary, "serve", "--port", str(self.port), "--data-dir", self.data_dir]
        # "{base}" in a setting is this server's address (HEARTH_PUBLIC_URL), known once its port is.
        env = {**os.environ, **{name: value.replace("{base}", self.base) for name, value in self.env.items()}}
        env.pop("HEARTH_DATABASE_URL", None)
        if self.database_url:
            command += ["--database-url", self.database_url]
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                if port_taken(self.log()):
                    raise PortTaken()
                raise RuntimeError(f"hearth serve exited with {self.process.returncode}:\n{self.log()[-3000:]}")
            try:
                with urllib.request.urlopen(self.base + "/health", timeout=1) as response:
                    if response.status == 200 and listens(self.process.pid, self.port):
                        self.started = True
                        return self
            except (OSError, urllib.error.URLError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"hearth serve did not become healthy within {timeout} s:\n{self.log()[-3000:]}")
            time.sleep(0.05)  # polling interval while the server starts

    def kill(self):
        """SIGKILL: the process ends at once, as in a power cut of the process."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self):
        """A graceful stop (SIGTERM), SIGKILL after 10 s."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def log(self):
        try:
            with open(self.log_path, errors="replace") as handle:
                return handle.read()
        except FileNotFoundError:
            return ""

    def remove(self):
        self.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)


def request(base, method, path, body=None, token=None, headers=None, timeout=30, raw=False):
    """One JSON request; returns (status, parsed body or None), or with `raw` the body's bytes.
    Never raises on an HTTP status."""
    data = json.dumps(body).encode() if body is not None else None
    all_headers = {"Accept": "*/*" if raw else "application/json", **(headers or {})}
    if data is not None:
        all_headers["Content-Type"] = "application/json"
    if token:
        all_headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(base + path, data=data, method=method, headers=all_headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            content = response.read()
            if raw:
                return response.status, content
            return response.status, (json.loads(content) if content and "json" in (response.headers.get("Content-Type") or "") else None)
    except urllib.error.HTTPError as error:
        content = error.read()
        if raw:
            return error.code, content
        try:
            return error.code, json.loads(content) if content else None
        except ValueError:
            return error.code, None


def upload(base, path, files, token=None, timeout=60):
    """A multipart upload: `files` is a list of (file name, bytes), each sent as a part named `file`.
    Returns (status, parsed body or None). Never raises on an HTTP status."""
    boundary = "hearth-" + os.urandom(8).hex()
    body = b""
    for name, data in files:
        body += (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\n"
                 "Content-Type: application/octet-stream\r\n\r\n").encode() + data + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    headers = {"Accept": "application/json", "Content-Type": f"multipart/form-data; boundary={boundary}"}
    if token:
        headers["Authorization"] = "Bearer " + token
    req = urllib.request.Request(base + path, data=body, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw) if raw else None
        except ValueError:
            return error.code, None


def sign_up(base, email, name="Ada", password="correct horse battery"):
    """Registers an account and returns a new API token for it."""
    status, _ = request(base, "POST", "/api/v1/auth/register", {"name": name, "email": email, "password": password})
    assert status == 201, f"registration of {email} answered {status}"
    status, body = request(base, "POST", "/api/v1/auth/tokens", {"name": "harness", "email": email, "password": password})
    assert status == 201, f"token for {email} answered {status}"
    return body["token"]


class EventStream:
    """An open `/api/v1/events` stream, read by a thread of its own into `events`: one dict per
    event, {"id", "event", "data"}. `last_id` is the id of the last event read, for reconnecting."""

    def __init__(self, base, token, last_event_id=None, timeout=10):
        url = urllib.parse.urlparse(base)
        self.sock = socket.create_connection((url.hostname, url.port), timeout=timeout)
        head = f"GET /api/v1/events HTTP/1.1\r\nHost: {url.netloc}\r\nAuthorization: Bearer {token}\r\nAccept: text/event-stream\r\n"
        if last_event_id:
            head += f"Last-Event-ID: {last_event_id}\r\n"
        self.sock.sendall((head + "\r\n").encode())
        self.events = []
        self.closed = False
        self.status = None
        self.changed = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    @property
    def last_id(self):
        with self.changed:
            return next((event["id"] for event in reversed(self.events) if event.get("id")), None)

    def _read(self):
        raw = b""
        try:
            self.sock.settimeout(None)
            while b"\r\n\r\n" not in raw:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                raw += chunk
            head, raw = raw.split(b"\r\n\r\n", 1)
            self.status = int(head.split(b" ", 2)[1])
            chunked = b"transfer-encoding: chunked" in head.lower()
            body = b""
            while True:
                if chunked:
                    payload, raw = self._unchunk(raw)
                else:
                    payload, raw = raw, b""
                body += payload
                while b"\n\n" in body:
                    block, body = body.split(b"\n\n", 1)
                    self._add(block.decode())
                chunk = self.sock.recv(65536)
                if not chunk:
                    return
                raw += chunk
        except OSError:
            return
        finally:
            with self.changed:
                self.closed = True
                self.changed.notify_all()

    @staticmethod
    def _unchunk(data):
        """The payload of the complete chunks at the start of `data`, and the rest of `data`."""
        out = b""
        while True:
            end = data.find(b"\r\n")
            if end < 0:
                return out, data
            size = int(data[:end].split(b";")[0] or b"0", 16)
            if len(data) < end + 2 + size + 2:
                return out, data
            out += data[end + 2:end + 2 + size]
            data = data[end + 2 + size + 2:]

    def _add(self, block):
        event = {}
        for line in block.split("\n"):
            if not line or line.startswith(":"):
                continue
            field, _, value = line.partition(":")
            event[field] = value[1:] if value.startswith(" ") else value
        if "event" in event:
            with self.changed:
                self.events.append(event)
                self.changed.notify_all()

    def wait_for(self, predicate, timeout=10):
        """Waits until `predicate(events)` holds; returns whether it did before `timeout` or the stream's end."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while not predicate(self.events):
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.closed:
                    return predicate(self.events)
                self.changed.wait(remaining)
            return True

    def named(self, name):
        with self.changed:
            return [event for event in self.events if event["event"] == name]

    def close(self):
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class Browser:
    """A signed-in browser session: cookies and the CSRF field of forms."""

    def __init__(self, base, email, password="correct horse battery"):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.open(base + "/login", timeout=10).read()
        self.post("/login", {"email": email, "password": password})

    def post(self, path, fields=None):
        csrf = next(cookie.value for cookie in self.jar if cookie.name == "hearth_csrf")
        data = urllib.parse.urlencode({**(fields or {}), "csrf_token": csrf}).encode()
        with self.opener.open(self.base + path, data, timeout=10) as response:
            return response.read().decode()


def join_household(base, owner_email, member_email):
    """The owner invites, the member (already registered) follows the link: one household."""
    page = Browser(base, owner_email).post("/settings/household/invites")
    link = re.search(r'id="invite-link" value="[^"]*(/invite/[^"]+)"', page).group(1)
    Browser(base, member_email).post(link)


@contextlib.contextmanager
def release_server(postgres_url=None, env=None):
    """Builds the release binary, starts it with an empty data directory (or, given the URL of a
    PostgreSQL server, a new database on it) and yields its port. HEARTH_BIN starts another binary
    instead (a build of an earlier commit, to compare)."""
    with started_release_server(postgres_url, env) as server:
        yield server.port


@contextlib.contextmanager
def started_release_server(postgres_url=None, env=None):
    """As release_server, yielding the HearthServer itself."""
    binary = os.environ.get("HEARTH_BIN")
    if not binary:
        build_release()
    database_url = None
    if postgres_url:
        name = "session_" + os.urandom(6).hex()
        subprocess.run(["psql", postgres_url, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
        database_url = postgres_url.rsplit("/", 1)[0] + "/" + name
    server = HearthServer(binary=os.path.abspath(binary or RELEASE_BINARY), database_url=database_url, env=env)
    try:
        server.start()
        yield server
    finally:
        server.remove()
        if database_url:
            subprocess.run(["psql", postgres_url, "-qc", f"DROP DATABASE IF EXISTS {name}"], capture_output=True)


def each_database():
    """("SQLite", server), then with HEARTH_TEST_POSTGRES_URL (scripts/with-postgres.sh sets it)
    ("PostgreSQL", server): release servers started on empty databases, removed after."""
    postgres = os.environ.get("HEARTH_TEST_POSTGRES_URL")
    for name, url in [("SQLite", None)] + ([("PostgreSQL", postgres)] if postgres else []):
        with started_release_server(url) as server:
            yield name, server
