"""Isolation, generated from what the server declares, not from a hand-kept list.

Household A creates one thing of every kind. Then every API operation of the served
/api/openapi.yaml that takes an id, and every page route (`hearth routes`) with one, is called with
A's ids: by a member of household B (404), without credentials and with a revoked token (401, or a
redirect to sign in for pages). Bodies are built from the document's schemas; forms are posted with
the fields of A's own forms. Afterwards A's data must be exactly as before, and no answer may
carry A's data. An id parameter this test has no object for fails the test: add one to
the `objects` of the households fixture, so that a new route is never left unchecked. An id is
looked up by the path before it, the longest known part first ("inventory/items", then "items").
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import html.parser
import pathlib
import http.cookiejar
import itertools
import json
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest
import yaml
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from fido2.cose import ES256
from fido2.webauthn import AttestationObject, AttestedCredentialData, AuthenticatorData, CollectedClientData

from conftest import binary
from hearth_server import join_household, request, sign_up, upload

PASSWORD = "correct horse battery"
SECRET = "Isolation-secret"  # in every name A gives; no answer to B may contain it
# Routes whose parameter is not an id of A's data, with the reason.
NOT_AN_ID = {
    "/invite/{secret}": "an invite link is made to be opened by someone outside the household",
    "/password/reset/{secret}": "a mailed reset link is opened signed out; its secret is no id of A's data",
}
# Ids in a query, by the parameter's name: the kind of A's objects to give them.
QUERY_OBJECTS = {"list": "lists", "store": "stores", "room": "inventory/rooms", "rooms": "inventory/rooms",
                 "category": "inventory/categories", "items": "inventory/items", "box": "inventory/items"}
# Query ids that name what the operation acts on (not a filter of one's own data): another household's answers 404.
QUERY_TARGETS = {("/api/v1/inventory/labels.pdf", "items"), ("/api/v1/inventory/labels.pdf", "room"), ("/api/v1/inventory/labels.pdf", "box")}
# A small real picture for the upload operations: B must be refused before anything is read.
PICTURE = (pathlib.Path(__file__).resolve().parents[1] / "HearthMediaTests" / "Fixtures" / "image.png").read_bytes()


class Browser:
    """A person in a browser: cookies, the CSRF token of forms, redirects not followed."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), self.NoRedirect)
        self.get("/login")

    @property
    def csrf(self):
        return next((cookie.value for cookie in self.jar if cookie.name == "hearth_csrf"), "")

    def send(self, method, path, fields=None):
        data = urllib.parse.urlencode({**(fields or {}), "csrf_token": self.csrf}).encode() if method == "POST" else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, response.read().decode(errors="replace"), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace"), error.headers

    def get(self, path):
        return self.send("GET", path)

    def api(self, method, path, body=None):
        """The JSON API as the web app calls it: the session cookie and the CSRF token."""
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf})
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def post(self, path, fields=None):
        return self.send("POST", path, fields)

    def sign_in(self, email):
        status, _, _ = self.post("/login", {"email": email, "password": PASSWORD})
        assert status == 303, f"signing in {email} answered {status}"
        return self


class Forms(html.parser.HTMLParser):
    """The POST forms of a page: action -> the fields a person would send (first submit button)."""

    def __init__(self):
        super().__init__()
        self.forms, self.current = {}, None

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        if tag == "form" and attributes.get("method", "").lower() == "post":
            self.current = self.forms.setdefault(attributes["action"], {})
        elif self.current is not None and tag in ("input", "button", "select", "textarea") and attributes.get("name") \
                and "disabled" not in attributes:
            if attributes["name"] != "csrf_token" and attributes["name"] not in self.current:
                self.current[attributes["name"]] = attributes.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def forms_of(text):
    parser = Forms()
    parser.feed(text)
    return parser.forms


@pytest.fixture(scope="module")
def households(server):
    """Household A with one object of every kind, and B, a household of its own."""
    base = server.base
    a_email, b_email = f"a-{uuid.uuid4().hex[:8]}@example.org", f"b-{uuid.uuid4().hex[:8]}@example.org"
    a_token, b_token = sign_up(base, a_email, name=f"A {SECRET}"), sign_up(base, b_email, name="B")
    call = lambda method, path, body=None: request(base, method, path, body, token=a_token)

    _, aldi = call("POST", "/api/v1/stores", {"name": f"Aldi {SECRET}", "aisles": ["bakery", "produce"]})
    _, groceries = call("POST", "/api/v1/lists", {"name": f"Groceries {SECRET}"})
    call("PATCH", f"/api/v1/lists/{groceries['id']}", {"storeId": aldi["id"]})
    _, milk = call("POST", f"/api/v1/lists/{groceries['id']}/items", {"name": f"Milk {SECRET}", "note": SECRET, "onlyAt": [aldi["id"]]})
    call("POST", f"/api/v1/lists/{groceries['id']}/items", {"name": f"Bread {SECRET}"})
    call("POST", "/api/v1/lists", {"name": f"Pantry {SECRET}"})  # two lists: their cards can be moved
    _, old = call("POST", "/api/v1/lists", {"name": f"Old list {SECRET}"})
    call("DELETE", f"/api/v1/lists/{old['id']}")
    call("POST", "/api/v1/focus/timer/start", {"mode": "pomodoro", "label": SECRET})
    call("POST", "/api/v1/focus/timer/skip")
    _, sessions = call("GET", "/api/v1/focus/sessions")
    _, second = request(base, "POST", "/api/v1/auth/tokens", {"name": f"Laptop {SECRET}", "email": a_email, "password": PASSWORD})
    _, revoked = request(base, "POST", "/api/v1/auth/tokens", {"name": "Revoked", "email": a_email, "password": PASSWORD})
    assert call("DELETE", f"/api/v1/auth/tokens/{revoked['id']}")[0] == 204

    # The inventory: an item with a photo, a document and a receipt, one in Recently deleted, a room and a category.
    _, rooms = call("GET", "/api/v1/inventory/rooms")
    _, categories = call("GET", "/api/v1/inventory/categories")
    _, tv = call("POST", "/api/v1/inventory/items", {"name": f"Television {SECRET}", "notes": SECRET, "tags": [SECRET],
                                                      "roomId": rooms["groups"][0]["id"], "categoryId": categories["groups"][0]["id"]})
    status, photos = upload(base, f"/api/v1/inventory/items/{tv['id']}/photos", [("tv.png", PICTURE)], token=a_token)
    assert status == 201, f"A's photo upload answered {status}: {photos}"
    status, manual = upload(base, f"/api/v1/inventory/items/{tv['id']}/documents?kind=manual&title={SECRET}", [("manual.png", PICTURE)],
                            token=a_token)
    assert status == 201, f"A's document upload answered {status}: {manual}"
    _, receipt = call("POST", "/api/v1/inventory/receipts", {"vendor": f"Shop {SECRET}", "number": SECRET})
    call("POST", f"/api/v1/inventory/receipts/{receipt['id']}/items", {"itemId": tv["id"]})
    _, claim = call("POST", "/api/v1/inventory/claims", {"incident": {"kind": "fire", "date": "2026-11-01", "reference": SECRET},
                                                          "items": [{"itemId": tv["id"]}]})
    assert call("POST", f"/api/v1/inventory/claims/{claim['id']}/freeze")[0] == 200
    _, draft = call("POST", "/api/v1/inventory/claims", {"incident": {"kind": "theft", "date": "2026-11-02", "description": SECRET},
                                                          "items": [{"itemId": tv["id"]}]})
    _, tv_task = call("POST", f"/api/v1/inventory/items/{tv['id']}/maintenance/tasks",
                          {"title": f"Dust it {SECRET}", "every": {"count": 6, "unit": "months"}, "note": SECRET})
    _, logged = call("POST", f"/api/v1/inventory/items/{tv['id']}/maintenance/log", {"taskId": tv_task["id"], "note": SECRET,
                                                                                     "cost": {"amount": 1500, "currency": "USD"}})
    _, gone = call("POST", "/api/v1/inventory/items", {"name": f"Old chair {SECRET}"})
    call("DELETE", f"/api/v1/inventory/items/{gone['id']}")

    partner_email = f"a2-{uuid.uuid4().hex[:8]}@example.org"
    partner_token = sign_up(base, partner_email, name=f"A2 {SECRET}")
    join_household(base, a_email, partner_email)
    members = [request(base, "GET", "/api/v1/me", token=token)[1]["id"] for token in (partner_token, a_token)]

    # A device that gets A's notifications (its push service at a host that does not resolve).
    device_key = ec.generate_private_key(ec.SECP256R1()).public_key()
    p256dh = base64.urlsafe_b64encode(device_key.public_bytes(serialization.Encoding.X962,
                                                              serialization.PublicFormat.UncompressedPoint)).rstrip(b"=").decode()
    _, device = call("POST", "/api/v1/push/subscriptions", {"endpoint": f"https://push.invalid/push/{SECRET}", "name": f"Phone {SECRET}",
                                                            "keys": {"p256dh": p256dh, "auth": "AAECAwQFBgcICQoLDA0ODw"}})

    a_browser = Browser(base).sign_in(a_email)
    passkey = add_passkey(base, a_browser)
    a_browser.post("/settings/webhooks", {"url": f"http://192.168.1.5:8123/{SECRET}"})
    a_browser.post("/settings/household/invites")
    a_browser.post("/settings/backups/schedule", {"keep": "2"})
    a_browser.post("/settings/backups/now")
    kept = re.search(r'/settings/backups/files/(hearth-backup-[0-9-]+\.zip)', a_browser.get("/settings/backups")[1]).group(1)
    webhook = re.search(r'/settings/webhooks/([0-9A-Fa-f-]{36})/delete', a_browser.get("/settings/webhooks")[1]).group(1)
    invite = re.search(r'/settings/household/invites/([0-9A-Fa-f-]{36})/withdraw', a_browser.get("/settings/household")[1]).group(1)
    devices = [device["id"] for device in call("GET", "/api/v1/auth/sessions")[1]["sessions"] if not device["current"]]

    objects = {
        "lists": [groceries["id"], old["id"]], "items": [milk["id"]], "stores": [aldi["id"]], "sessions": [sessions["sessions"][0]["id"]],
        "history": [sessions["sessions"][0]["id"]], "tokens": [second["id"]], "webhooks": [webhook], "invites": [invite],
        "members": members, "auth/sessions": devices, "security/devices": devices,
        "inventory/items": [tv["id"], gone["id"]], "photos": [photos["photos"][0]["id"]], "documents": [manual["id"]],
        "inventory/rooms": [rooms["groups"][0]["id"]], "inventory/categories": [categories["groups"][0]["id"]],
        "inventory/receipts": [receipt["id"]], "receipts/{id}/items": [tv["id"]], "backups/files": [kept],
        "inventory/claims": [claim["id"], draft["id"]], "claims/{id}/lines": [tv["id"]],
        "maintenance/tasks": [tv_task["id"]], "maintenance/log": [logged["id"]],
        "push/subscriptions": [device["id"]], "notifications/devices": [device["id"]],
        "auth/passkeys": [passkey["id"]], "security/passkeys": [passkey["id"]],
    }
    return {
        "a_token": a_token, "a_browser": a_browser, "objects": objects, "revoked": revoked["token"],
        "b_token": b_token, "b_browser": Browser(base).sign_in(b_email),
    }


def add_passkey(base, browser):
    """A passkey of A's, made in A's browser as an authenticator would (Python's fido2) for the server's own site."""
    call = browser.api
    _, options = call("POST", "/api/v1/auth/passkeys/registration-options")
    key = ec.generate_private_key(ec.SECP256R1())
    credential_id = uuid.uuid4().bytes + uuid.uuid4().bytes
    attested = AttestedCredentialData.create(b"\0" * 16, credential_id, ES256.from_cryptography_key(key.public_key()))
    flags = AuthenticatorData.FLAG
    made = AuthenticatorData.create(hashlib.sha256(options["rp"]["id"].encode()).digest(), flags.UP | flags.UV | flags.AT, 0, attested)
    challenge = base64.urlsafe_b64decode(options["challenge"] + "=" * (-len(options["challenge"]) % 4))
    client = CollectedClientData.create("webauthn.create", challenge, f"http://localhost:{urllib.parse.urlsplit(base).port}")
    encode = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()  # noqa: E731
    status, passkey = call("POST", "/api/v1/auth/passkeys", {"name": f"Phone {SECRET}", "credential": {
        "id": encode(credential_id), "response": {"clientDataJSON": encode(bytes(client)),
                                                  "attestationObject": encode(bytes(AttestationObject.create("none", made, {})))}}})
    assert status == 201, f"A's passkey answered {status}: {passkey}"
    return passkey


def snapshot(base, a):
    """Everything of A's that B could change, read as A."""
    token, browser = a["a_token"], a["a_browser"]
    data = {path: request(base, "GET", path, token=token)[1] for path in (
        "/api/v1/lists", "/api/v1/lists/deleted", "/api/v1/stores", "/api/v1/focus/sessions", "/api/v1/focus/settings", "/api/v1/household", "/api/v1/me",
        "/api/v1/me/appearance", "/api/v1/auth/totp", "/api/v1/auth/passkeys", "/api/v1/me/inventory-lock", "/api/v1/webhooks", "/api/v1/push/subscriptions", "/api/v1/push/settings")}
    # Where A is signed in (their ids: the times of use move on as A's own requests come).
    data["devices"] = sorted(device["id"] for device in request(base, "GET", "/api/v1/auth/sessions", token=token)[1]["sessions"])
    for listing in data["/api/v1/lists"]["lists"] + data["/api/v1/lists/deleted"]["lists"]:
        data[listing["id"]] = request(base, "GET", f"/api/v1/lists/{listing['id']}", token=token)[1]
    data["claims"] = request(base, "GET", "/api/v1/inventory/claims", token=token)[1]
    for path in ("/api/v1/inventory/items?limit=200", "/api/v1/inventory/items/deleted", "/api/v1/inventory/rooms",
                 "/api/v1/inventory/categories", "/api/v1/inventory/receipts", "/api/v1/inventory/settings", "/api/v1/inventory/tags"):
        data[path] = request(base, "GET", path, token=token)[1]
    for item in data["/api/v1/inventory/items?limit=200"]["items"] + data["/api/v1/inventory/items/deleted"]["items"]:
        data[item["id"]] = [request(base, "GET", f"/api/v1/inventory/items/{item['id']}/{kind}", token=token)[1] for kind in ("photos", "documents")]
    timer = request(base, "GET", "/api/v1/focus/timer", token=token)[1]
    data["timer"] = {key: value for key, value in timer.items() if key not in ("now", "remainingSeconds")}
    for page in ("/settings/tokens", "/settings/webhooks", "/settings/household", "/settings/notifications"):
        data[page] = sorted(forms_of(browser.get(page)[1]))
    return data


def resolve(template, objects):
    """Every path the template names with A's objects; fails for an id it has no object for. The
    objects of an id are found by the path before it, the longest known part first."""
    segments = template.split("/")
    choices = []
    for index, segment in enumerate(segments):
        if segment.startswith("{"):
            before = [s for s in segments[:index] if s]
            key = next(("/".join(before[start:]) for start in range(len(before)) if "/".join(before[start:]) in objects), None)
            assert key, (
                f"{template}: no object of A for the {segment} after “{'/'.join(before)}”. Add one to the objects of the households "
                f"fixture or to NOT_AN_ID with the reason.")
            choices.append(objects[key])
        else:
            choices.append([segment])
    return ["/".join(parts) for parts in itertools.product(*choices)]


class Document:
    """The served OpenAPI document: operations and minimal valid bodies from their schemas."""

    def __init__(self, base):
        with urllib.request.urlopen(base + "/api/openapi.yaml", timeout=10) as response:
            self.spec = yaml.safe_load(response.read())

    def ref(self, schema):
        while "$ref" in schema:
            node = self.spec
            for part in schema["$ref"].lstrip("#/").split("/"):
                node = node[part]
            schema = node
        return schema

    def example(self, schema):
        schema = self.ref(schema)
        if "example" in schema:
            return schema["example"]
        if "enum" in schema:
            return schema["enum"][0]
        kind = schema.get("type")
        if kind == "object":
            properties = schema.get("properties", {})
            return {name: self.example(properties[name]) for name in schema.get("required", [])}
        if kind == "array":
            return [self.example(schema["items"]) for _ in range(schema.get("minItems", 0))]
        if kind in ("integer", "number"):
            return schema.get("minimum", 1)
        if kind == "boolean":
            return True
        return {"uuid": str(uuid.uuid4()), "date-time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "date": datetime.date.today().isoformat(), "email": "probe@example.org"}.get(schema.get("format"), "Probe")

    def reads_with_query_ids(self):
        """(path, parameter name) of every GET without path ids that takes an id in its query."""
        for path, item in self.spec["paths"].items():
            operation = item.get("get")
            if not operation or "{" in path:
                continue
            for parameter in map(self.ref, item.get("parameters", []) + operation.get("parameters", [])):
                schema = self.ref(parameter["schema"])
                if parameter["in"] == "query" and (schema.get("format") == "uuid" or "[0-9a-fA-F]{8}" in schema.get("pattern", "")):
                    yield path, parameter["name"]

    def operations_with_ids(self):
        """(method, path template, body or None) of every operation with an id in its path."""
        for path, item in self.spec["paths"].items():
            shared = item.get("parameters", [])
            for method, operation in item.items():
                if method == "parameters":
                    continue
                parameters = [self.ref(p) for p in shared + operation.get("parameters", []) if self.ref(p)["in"] == "path"]
                ids = [p for p in parameters if p["schema"].get("format") == "uuid"]
                if not ids:
                    continue
                assert len(ids) == len(parameters), f"{method.upper()} {path}: a path parameter that is not an id"
                content = operation.get("requestBody", {}).get("content", {})
                if "application/json" in content:
                    yield method.upper(), path, self.example(content["application/json"]["schema"])
                elif "multipart/form-data" in content:
                    yield method.upper(), path, UPLOAD
                else:
                    yield method.upper(), path, None


UPLOAD = "a picture as the multipart part `file`"


def call_as(base, method, path, body, token):
    """The request an operation takes: JSON, or an upload of a small picture."""
    if body is UPLOAD:
        return upload(base, path, [("probe.png", PICTURE)], token=token)
    return request(base, method, path, body, token=token)


def test_every_api_operation_with_an_id_refuses_another_household(server, households, artifacts):
    document, base, objects = Document(server.base), server.base, households["objects"]
    before = snapshot(base, households)
    checked = []
    for method, template, body in document.operations_with_ids():
        for path in resolve(template, objects):
            for caller, token, expected in (("B", households["b_token"], 404), ("nobody", None, 401),
                                            ("a revoked token", households["revoked"], 401)):
                status, answer = call_as(base, method, path, body, token)
                assert status == expected, f"{method} {path} as {caller} with {json.dumps(body)} answered {status}: {answer}"
                assert SECRET not in json.dumps(answer), f"{method} {path} as {caller} showed A's data: {answer}"
        checked.append(f"{method} {template}")
    assert snapshot(base, households) == before, "a call of another household changed A's data"
    assert len(checked) >= 30, checked  # every list, item, session, token and inventory operation at least
    (artifacts / "isolation-api.txt").write_text("\n".join(checked) + "\n")


def test_every_read_with_an_id_in_its_query_shows_another_household_nothing(server, households, artifacts):
    """A's ids in a query, from B: a filter finds nothing of A's (200 or 404), an operation on the
    object itself (QUERY_TARGETS) answers 404; signed out, 401."""
    document, base, objects = Document(server.base), server.base, households["objects"]
    before = snapshot(base, households)
    checked = []
    for path, name in document.reads_with_query_ids():
        assert name in QUERY_OBJECTS, f"GET {path}: no object of A for the query's “{name}”; add its kind to QUERY_OBJECTS"
        for value in objects[QUERY_OBJECTS[name]]:
            url = f"{path}?{urllib.parse.urlencode({name: value})}"
            status, answer = request(base, "GET", url, token=households["b_token"], raw=True)
            expected = (404,) if (path, name) in QUERY_TARGETS else (200, 404)
            assert status in expected, f"GET {url} as B answered {status}: {answer[:300]}"
            assert SECRET.encode() not in answer, f"GET {url} as B showed A's data"
            assert request(base, "GET", url, raw=True)[0] == 401, f"GET {url} signed out was not refused"
        checked.append(f"GET {path} ?{name}")
    assert snapshot(base, households) == before, "a read of another household changed A's data"
    assert len(checked) >= 10, checked
    (artifacts / "isolation-query-ids.txt").write_text("\n".join(checked) + "\n")


def test_every_page_with_an_id_refuses_another_household(server, households, artifacts):
    routes = subprocess.run([binary(), "routes"], check=True, capture_output=True, text=True).stdout.split("\n")
    routes = [line.split(" ", 1) for line in routes if line and "{" in line and " /api/" not in line]
    base, objects = server.base, households["objects"]
    a, b, nobody = households["a_browser"], households["b_browser"], Browser(base)
    # The fields A's own forms send, for each action on A's pages.
    fields = {}
    for method, template in routes + [["GET", "/lists"], ["GET", "/lists/deleted"], ["GET", "/lists/stores"], ["GET", "/focus/history"],
                                      ["GET", "/settings/tokens"], ["GET", "/settings/webhooks"], ["GET", "/settings/household"],
                                      ["GET", "/inventory/organize"], ["GET", "/inventory/deleted"]]:
        if method == "GET" and template not in NOT_AN_ID:
            for path in resolve(template, objects) if "{" in template else [template]:
                fields.update(forms_of(a.get(path)[1]))
    before = snapshot(base, households)
    checked = []
    for method, template in routes:
        if template in NOT_AN_ID:
            continue
        # A form shown for one of A's objects serves for the others of its route (a deleted list shows no rename form).
        like = next((fields[path] for path in resolve(template, objects) if path in fields), {})
        for path in resolve(template, objects):
            status, text, headers = b.send(method, path, fields.get(path, like))
            assert status in (404, 303), f"{method} {path} as B answered {status}"
            if status == 303:
                assert SECRET not in headers.get("Location", ""), f"{method} {path} as B redirected to A's data"
            assert SECRET not in text, f"{method} {path} as B showed A's data"
            status, text, headers = nobody.send(method, path, fields.get(path, like))
            assert status in (303, 403) and SECRET not in text, f"{method} {path} signed out answered {status}"
            if status == 303:
                assert headers["Location"].startswith("/login"), f"{method} {path} signed out went to {headers['Location']}"
        checked.append(f"{method} {template}")
    assert snapshot(base, households) == before, "a page request of another household changed A's data"
    assert len(checked) >= 25, checked
    (artifacts / "isolation-pages.txt").write_text("\n".join(checked) + "\n")


def test_a_backup_holds_only_its_own_household_and_restoring_it_leaves_others_alone(server, households):
    base, b_token = server.base, households["b_token"]
    before = snapshot(base, households)
    for path in ("/api/v1/backup", "/api/v1/backup?media=false"):
        status, body = request(base, "GET", path, token=b_token, raw=True)
        assert status == 200 and SECRET.encode() not in body, f"B's backup {path} holds A's data"
    _, archive = request(base, "GET", "/api/v1/backup", token=b_token, raw=True)
    for strategy in ("merge", "replace"):
        status, report = upload(base, f"/api/v1/backup/restore?strategy={strategy}", [("b.zip", archive)], token=b_token)
        assert status == 200, f"B's {strategy} restore answered {status}: {report}"
    assert snapshot(base, households) == before, "B's restore changed A's data"
