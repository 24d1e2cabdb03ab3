"""Slow, idle, greedy and oversized clients cannot hold the server: each test drives raw sockets
against a server with short timeouts and low caps, and checks that /health keeps answering."""

from __future__ import annotations

import json
import select
import socket
import time
import urllib.request

import pytest

from conftest import binary
from hearth_server import HearthServer, request, sign_up

IDLE, REQUEST, PER_CLIENT = 2, 3, 40


@pytest.fixture(scope="module")
def strict():
    """A server with a 2 s idle timeout, 3 s to send a request, 40 connections per client address."""
    server = HearthServer(binary=binary(), env={
        "HEARTH_IDLE_TIMEOUT": str(IDLE), "HEARTH_REQUEST_TIMEOUT": str(REQUEST),
        "HEARTH_MAX_CONNECTIONS_PER_CLIENT": str(PER_CLIENT), "HEARTH_REGISTRATIONS_PER_HOUR": "100"})
    server.start()
    yield server
    server.remove()


def connect(server, source="127.0.0.1"):
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10, source_address=(source, 0))
    sock.settimeout(10)
    return sock


def closed_within(sock, seconds):
    """Seconds until the server closed the connection (reading gives nothing), or None."""
    start = time.monotonic()
    sock.settimeout(seconds)
    try:
        while True:
            if not sock.recv(65536):
                return time.monotonic() - start
    except (socket.timeout, TimeoutError):
        return None
    except ConnectionResetError:
        return time.monotonic() - start


def healthy(server, source="127.0.0.2"):
    """/health answers from another client address within a second."""
    sock = connect(server, source)
    sock.settimeout(1)
    sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    answer = b""
    while chunk := sock.recv(65536):
        answer += chunk
    sock.close()
    return answer.startswith(b"HTTP/1.1 200")


def test_an_idle_connection_is_closed(strict):
    sock = connect(strict)
    closed = closed_within(sock, IDLE + 3)
    assert closed is not None and closed < IDLE + 2, f"an idle connection stayed open ({closed})"


def test_a_request_head_trickled_byte_by_byte_is_cut_off(strict):
    sock = connect(strict)
    head = b"GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 200
    start = time.monotonic()
    try:
        for byte in head:
            sock.sendall(bytes([byte]))
            time.sleep(0.1)  # the slow client's pace, not a wait for the server
            if time.monotonic() - start > IDLE + 3:
                break
    except (BrokenPipeError, ConnectionResetError):
        pass
    assert time.monotonic() - start < IDLE + 3, "the server kept a trickled request head"
    assert healthy(strict)


def test_a_body_trickled_byte_by_byte_is_cut_off(strict):
    sock = connect(strict)
    sock.sendall(b"POST /api/v1/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n")
    start, cut = time.monotonic(), False
    try:
        while time.monotonic() - start < REQUEST + 4:
            sock.sendall(b" ")
            time.sleep(0.5)  # each byte comes before the idle timeout would end the connection
    except (BrokenPipeError, ConnectionResetError):
        cut = True
    assert cut or closed_within(sock, 1) is not None, "the server kept a trickled body"
    assert time.monotonic() - start < REQUEST + 3


def test_one_client_cannot_take_every_connection():
    """At most PER_CLIENT connections of one client are served; the rest are closed at once. Which
    ones are served is not fixed (the server takes connections on several threads), and the idle
    timeout is long here, so a served connection stays open while the others are counted."""
    server = HearthServer(binary=binary(), env={"HEARTH_IDLE_TIMEOUT": "120", "HEARTH_MAX_CONNECTIONS_PER_CLIENT": str(PER_CLIENT)})
    server.start()
    held = []
    try:
        for _ in range(1000):
            try:
                held.append(connect(server, "127.0.0.4"))
            except OSError:
                break
        assert len(held) > PER_CLIENT
        still_open = set(held)
        deadline = time.monotonic() + 20  # "at once", with room for two busy cores
        by_fd = {sock.fileno(): sock for sock in held}
        poller = select.poll()  # select() cannot watch a thousand sockets
        for sock in held:
            poller.register(sock, select.POLLIN)
        while len(still_open) > PER_CLIENT and time.monotonic() < deadline:
            for fd, _ in poller.poll(200):
                if closed_now(by_fd[fd]):
                    still_open.discard(by_fd[fd])
                    poller.unregister(fd)
        assert len(still_open) == PER_CLIENT, f"{len(still_open)} connections of one client stayed open"
        served = next(iter(still_open))
        served.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        assert served.recv(65536).startswith(b"HTTP/1.1 200"), "a connection within the client's share was not served"
        assert healthy(server, source="127.0.0.2")
    finally:
        for sock in held:
            sock.close()
        server.remove()


def closed_now(sock):
    """Whether the server has closed a socket that poll found readable."""
    try:
        return not sock.recv(65536, socket.MSG_PEEK)
    except ConnectionResetError:
        return True


def test_oversized_headers_and_bodies_are_refused(strict):
    sock = connect(strict)
    sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n")
    answer = b""
    try:
        while chunk := sock.recv(65536):
            answer += chunk
    except ConnectionResetError:
        pass
    assert not answer.startswith(b"HTTP/1.1 200"), "a 100 KB header was accepted"
    token = sign_up(strict.base, "big-body@example.org")
    body = json.dumps({"name": "x" * (2 << 20)}).encode()
    req = urllib.request.Request(strict.base + "/api/v1/lists", data=body, method="POST",
                                 headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(req, timeout=10)
    assert refused.value.code == 413
    assert healthy(strict)


def test_event_streams_that_clients_drop_are_let_go(strict):
    token = sign_up(strict.base, "streams@example.org")
    streams = []
    for _ in range(20):
        sock = connect(strict, "127.0.0.3")
        sock.sendall(f"GET /api/v1/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
        received = b""
        while b"event: ready" not in received:
            chunk = sock.recv(65536)
            assert chunk, f"the event stream closed: {received}"
            received += chunk
        streams.append(sock)
    assert open_streams(strict) == 20
    for sock in streams:  # gone without a goodbye: the socket is reset, as when a phone loses its network
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        sock.close()
    deadline = time.monotonic() + 40  # at the latest, the next keep-alive comment finds the stream gone
    while open_streams(strict) and time.monotonic() < deadline:
        time.sleep(0.2)  # polling the metric
    assert open_streams(strict) == 0


def open_streams(server):
    with urllib.request.urlopen(server.base + "/metrics", timeout=5) as response:
        for line in response.read().decode().splitlines():
            if line.startswith("hearth_event_streams "):
                return int(float(line.split()[1]))
    return 0


def test_behind_a_trusted_proxy_limits_count_the_forwarded_client():
    server = HearthServer(binary=binary(), env={"HEARTH_TRUSTED_PROXIES": "127.0.0.1", "HEARTH_REGISTRATIONS_PER_HOUR": "2"})
    server.start()
    try:
        def register(email, forwarded):
            body = {"name": "Proxy", "email": email, "password": "correct horse battery"}
            return request(server.base, "POST", "/api/v1/auth/register", body, headers={"X-Forwarded-For": forwarded})[0]

        # Two accounts from one client behind the proxy; the third waits, another client does not.
        assert [register(f"p{n}@example.org", "203.0.113.9") for n in range(3)] == [201, 201, 429]
        assert register("other@example.org", "198.51.100.7") == 201
        # What a client writes before the proxy's entry is not believed.
        assert register("forged@example.org", "198.51.100.99, 203.0.113.9") == 429
    finally:
        server.remove()
