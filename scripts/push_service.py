"""A local Web Push service for tests: it records every push, decrypts it with a standard library
(http_ece, RFC 8291), checks its VAPID token (RFC 8292) against the server's key, and answers
201, 410 or 429 as each subscription was told to.

    service = PushService().start()
    device = service.device("ok")            # or "gone" (410), or "busy" (429 first, then 201)
    ... POST device.subscription to /api/v1/push/subscriptions ...
    push = service.wait_for(lambda p: p.device is device)
    payload = push.payload()                 # the decrypted JSON
    claims = push.vapid_claims(public_key)   # the checked JWT claims
"""

from __future__ import annotations

import base64
import http.server
import json
import os
import threading
import time
import uuid

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Device:
    """A browser's subscription: its own key pair and auth secret, and how its push service answers."""

    def __init__(self, service, behaviour):
        self.id = uuid.uuid4().hex
        self.behaviour = behaviour
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.endpoint = f"{service.base}/push/{behaviour}/{self.id}"
        self.answers = 0

    @property
    def subscription(self):
        public = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)}}


class Push:
    """One request the service received."""

    def __init__(self, device, headers, body, status):
        self.device = device
        self.headers = headers
        self.body = body
        self.status = status
        self.received_at = time.time()

    def payload(self):
        try:
            plain = http_ece.decrypt(self.body, private_key=self.device.key, auth_secret=self.device.auth, version="aes128gcm")
        except http_ece.ECEException as error:
            raise AssertionError(f"the push does not decrypt ({error.message}): {len(self.body)} bytes, headers {self.headers}") from error
        return json.loads(plain)

    def vapid_claims(self, public_key_b64url):
        """The JWT's claims once its ES256 signature checks with the served key; raises otherwise."""
        scheme, _, params = self.headers["Authorization"].partition(" ")
        assert scheme == "vapid", self.headers["Authorization"]
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        assert fields["k"] == public_key_b64url, "the push names another key than the one served"
        header, claims, signature = fields["t"].split(".")
        raw = unb64url(signature)
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key_b64url))
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        try:
            key.verify(der, f"{header}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))
        except InvalidSignature as error:
            raise AssertionError("the VAPID signature does not check with the served key") from error
        assert json.loads(unb64url(header))["alg"] == "ES256"
        return json.loads(unb64url(claims))


class PushService:
    def __init__(self):
        self.devices = {}
        self.pushes = []
        self.changed = threading.Condition()
        service = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                if len(body) < length:
                    return  # the sender went away halfway: a push service takes no part of a message
                device = service.devices.get(self.path.rsplit("/", 1)[-1])
                status, extra = 404, {}
                if device:
                    device.answers += 1
                    if device.behaviour == "gone":
                        status = 410
                    elif device.behaviour == "busy" and device.answers == 1:
                        status, extra = 429, {"Retry-After": "1"}
                    else:
                        status = 201
                with service.changed:
                    service.pushes.append(Push(device, dict(self.headers), body, status))
                    service.changed.notify_all()
                self.send_response(status)
                for name, value in extra.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)

    @property
    def base(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def start(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.server.shutdown()

    def device(self, behaviour="ok"):
        device = Device(self, behaviour)
        self.devices[device.id] = device
        return device

    def received(self, device):
        with self.changed:
            return [push for push in self.pushes if push.device is device]

    def wait_for(self, device, count=1, timeout=15):
        """The device's first `count` pushes, waiting for them to arrive."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while len([p for p in self.pushes if p.device is device]) < count:
                left = deadline - time.monotonic()
                assert left > 0, f"{count} push(es) for the device did not arrive within {timeout} s"
                self.changed.wait(left)
            return [p for p in self.pushes if p.device is device][:count]
