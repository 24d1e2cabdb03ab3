"""Single sign-on against a real OpenID Connect provider (Authlib's authorization server, started
here): who gets in, who is refused, and that every refusal changes nothing.

The server has registration closed and lets the group "family" in (HEARTH_OIDC_ALLOWED_GROUPS).
"""

from __future__ import annotations

import base64
import http.client
import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import uuid
import urllib.error
import urllib.parse
import urllib.request

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts"))
from hearth_server import HearthServer  # noqa: E402
from oidc_provider import CLIENT_ID, CLIENT_SECRET, PASSWORD, OpenIDProvider, Person  # noqa: E402

from conftest import binary  # noqa: E402

ACCOUNT_PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def provider():
    provider = OpenIDProvider(people={
        "ada": Person("ada@example.com", groups=["family"], name="Ada Lovelace"),
        "eve": Person("eve@example.com", groups=["guests"]),
        "bob": Person("bob@example.com", groups=["family"], email_verified=False),
        "cai": Person("cai@example.com", groups=["family"]),
        "dan": Person("dan@example.com", groups=["family"]),
        "fay": Person("fay@example.com", groups=["family"]),
        "hal": Person("hal@example.com", groups=["family"], email_verified=False),
    }).start()
    yield provider
    provider.stop()


@pytest.fixture(scope="module")
def hearth(provider):
    server = HearthServer(binary=binary(), env={
        "HEARTH_REGISTRATION": "closed", "HEARTH_PUBLIC_URL": "{base}",
        "HEARTH_OIDC_ISSUER": provider.issuer, "HEARTH_OIDC_CLIENT_ID": CLIENT_ID, "HEARTH_OIDC_CLIENT_SECRET": CLIENT_SECRET,
        "HEARTH_OIDC_BUTTON_LABEL": "Sign in with Test ID", "HEARTH_OIDC_ALLOWED_GROUPS": "family",
    })
    server.start()
    provider.allow_redirect(server.base + "/auth/oidc/callback")
    yield server
    server.stop()
    server.remove()


def create_account(server: HearthServer, email: str) -> None:
    """An account made before single sign-on, with a password (registration is closed)."""
    environment = {name: value for name, value in os.environ.items() if not name.startswith("HEARTH_")}
    subprocess.run([server.binary, "user", "create", "--name", "Before", "--email", email, "--data-dir", server.data_dir],
                   input=ACCOUNT_PASSWORD.encode(), env=environment, check=True, capture_output=True, timeout=60)


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Visitor:
    """One browser: its cookies, and each answer's status, address and page."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        cookies = urllib.request.HTTPCookieProcessor(self.jar)
        self.following = urllib.request.build_opener(cookies)
        self.stopping = urllib.request.build_opener(cookies, NoRedirects())

    def open(self, url: str, form: dict | None = None, follow: bool = True):
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with (self.following if follow else self.stopping).open(url, data, timeout=30) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location") or error.url, error.read().decode()

    def csrf(self) -> str:
        return next(cookie.value for cookie in self.jar if cookie.name == "hearth_csrf")

    def start(self, hearth: HearthServer, next_path: str | None = None) -> str:
        """From Hearth's sign-in page to the provider's: the provider page's address."""
        query = "?" + urllib.parse.urlencode({"next": next_path}) if next_path else ""
        status, url, page = self.open(hearth.base + "/auth/oidc/start" + query)
        assert status == 200 and "Sign in to the test provider" in page, page
        return url

    def sign_in_at_provider(self, provider_page: str, username: str) -> str:
        """Signs in at the provider; answers the address it sends the browser back to, not yet followed."""
        query = urllib.parse.urlsplit(provider_page).query
        status, location, _ = self.open(provider_page.split("?")[0] + "?" + query, {"username": username, "password": PASSWORD}, follow=False)
        assert status == 302, (status, location)
        return location

    def me(self, hearth: HearthServer):
        status, _, body = self.open(hearth.base + "/api/v1/me")
        return status, body


def sign_in(hearth: HearthServer, visitor: Visitor, username: str, next_path: str | None = None):
    callback = visitor.sign_in_at_provider(visitor.start(hearth, next_path), username)
    return visitor.open(callback)


def refusal(page: str) -> str:
    found = re.search(r'id="sso-failed" data-reason="([^"]+)"', page)
    return found.group(1) if found else ""


def test_the_sign_in_page_offers_the_provider_and_the_flow_uses_pkce_state_and_nonce(hearth, provider):
    visitor = Visitor()
    _, _, page = visitor.open(hearth.base + "/login")
    assert 'id="sso-button"' in page and "Sign in with Test ID" in page
    visitor.start(hearth)
    asked = provider.authorize_requests[-1]
    assert asked["client_id"] == CLIENT_ID and asked["redirect_uri"] == hearth.base + "/auth/oidc/callback"
    assert asked["code_challenge_method"] == "S256" and len(asked["code_challenge"]) == 43
    assert len(asked["state"]) >= 32 and len(asked["nonce"]) >= 32 and asked["state"] != asked["nonce"]
    assert set(asked["scope"].split()) == {"openid", "email", "profile", "groups"}


def test_a_member_of_an_allowed_group_gets_an_account_and_signs_in_again_to_it(hearth, provider):
    visitor = Visitor()
    status, url, _ = sign_in(hearth, visitor, "ada", next_path="/lists")
    assert status == 200 and url == hearth.base + "/lists"
    status, body = visitor.me(hearth)
    me = json.loads(body)
    assert status == 200 and me["email"] == "ada@example.com" and me["name"] == "Ada Lovelace"
    token = provider.token_requests[-1]
    assert token["grant_type"] == "authorization_code" and len(token["code_verifier"]) >= 43
    again = Visitor()
    sign_in(hearth, again, "ada")
    assert json.loads(again.me(hearth)[1])["id"] == me["id"]


def test_someone_in_no_allowed_group_is_refused_and_gets_no_account(hearth, provider):
    visitor = Visitor()
    status, _, page = sign_in(hearth, visitor, "eve")
    assert status == 403 and refusal(page) == "not-allowed" and "guests" in page
    assert visitor.me(hearth)[0] == 401
    create_account(hearth, "eve@example.com")  # the email is still free: nothing was made


def test_a_replayed_answer_and_a_used_code_are_refused(hearth, provider):
    visitor = Visitor()
    callback = visitor.sign_in_at_provider(visitor.start(hearth), "ada")
    assert visitor.open(callback)[0] == 200
    status, _, page = visitor.open(callback)
    assert status == 400 and refusal(page) == "unknown-state"
    # A new sign-in's state with the old code: the provider refuses the code.
    fresh = visitor.sign_in_at_provider(visitor.start(hearth), "ada")
    old_code = urllib.parse.parse_qs(urllib.parse.urlsplit(callback).query)["code"][0]
    forged = re.sub(r"code=[^&]+", "code=" + old_code, fresh)
    status, _, page = visitor.open(forged)
    assert status == 400 and refusal(page) == "code-refused"


def test_an_answer_that_began_in_another_browser_is_refused(hearth, provider):
    mallory, victim = Visitor(), Visitor()
    callback = mallory.sign_in_at_provider(mallory.start(hearth), "ada")
    status, _, page = victim.open(callback)
    assert status == 400 and refusal(page) == "unknown-state"
    assert victim.me(hearth)[0] == 401


def test_a_token_signed_by_a_key_the_provider_does_not_publish_is_refused(hearth, provider):
    visitor = Visitor()
    provider.sign_with_stranger = True
    try:
        status, _, page = sign_in(hearth, visitor, "ada")
    finally:
        provider.sign_with_stranger = False
    assert status == 400 and refusal(page) == "bad-ID-token"
    assert visitor.me(hearth)[0] == 401


def test_keys_the_provider_rotates_are_found(hearth, provider):
    for alg in ["ES256", "RS256"]:
        provider.rotate(alg)
        visitor = Visitor()
        assert sign_in(hearth, visitor, "ada")[0] == 200
        assert visitor.me(hearth)[0] == 200


def test_an_unverified_email_of_an_existing_account_is_refused(hearth, provider):
    create_account(hearth, "bob@example.com")
    visitor = Visitor()
    status, _, page = sign_in(hearth, visitor, "bob")
    assert status == 403 and refusal(page) == "unverified-email"
    assert visitor.me(hearth)[0] == 401


def test_no_account_is_made_with_an_unverified_email(hearth, provider):
    visitor = Visitor()
    status, _, page = sign_in(hearth, visitor, "hal")
    assert status == 403 and refusal(page) == "unverified-email"
    assert visitor.me(hearth)[0] == 401
    create_account(hearth, "hal@example.com")  # the email is still free


def test_a_verified_email_of_an_existing_account_links_once_with_its_password(hearth, provider):
    create_account(hearth, "cai@example.com")
    visitor = Visitor()
    status, _, page = sign_in(hearth, visitor, "cai")
    assert status == 200 and 'action="/auth/oidc/link"' in page and "cai@example.com" in page
    ticket = re.search(r'name="ticket" value="([^"]+)"', page).group(1)
    status, _, page = visitor.open(hearth.base + "/auth/oidc/link", {"ticket": ticket, "password": "wrong password", "csrf_token": visitor.csrf()})
    assert status == 401 and 'action="/auth/oidc/link"' in page
    assert visitor.me(hearth)[0] == 401
    # Another browser cannot use the ticket.
    other = Visitor()
    other.open(hearth.base + "/login")
    status, _, page = other.open(hearth.base + "/auth/oidc/link", {"ticket": ticket, "password": ACCOUNT_PASSWORD, "csrf_token": other.csrf()})
    assert status == 400 and refusal(page) == "link-expired"
    status, _, _ = visitor.open(hearth.base + "/auth/oidc/link", {"ticket": ticket, "password": ACCOUNT_PASSWORD, "csrf_token": visitor.csrf()})
    assert status == 200 and visitor.me(hearth)[0] == 200
    # From now on the provider alone signs in to it.
    again = Visitor()
    status, url, _ = sign_in(hearth, again, "cai")
    assert status == 200 and url.endswith("/focus") and "cai@example.com" in again.me(hearth)[1]


def test_the_provider_saying_no_ends_on_a_page_that_says_so(hearth, provider):
    visitor = Visitor()
    visitor.start(hearth)
    state = provider.authorize_requests[-1]["state"]
    status, _, page = visitor.open(hearth.base + "/auth/oidc/callback?" + urllib.parse.urlencode(
        {"error": "access_denied", "error_description": "Call +1 555 0100 to unlock", "state": state}))
    assert status == 400 and refusal(page) == "provider-refused" and "access_denied" in page and "555" not in page


def test_signing_out_signs_out_at_the_provider_too(hearth, provider):
    visitor = Visitor()
    sign_in(hearth, visitor, "dan")
    visitor.open(hearth.base + "/login")
    status, location, _ = visitor.open(hearth.base + "/logout", {"csrf_token": visitor.csrf()}, follow=False)
    assert status == 303 and location.startswith(provider.issuer + "/logout?")
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(location).query)
    assert query == {"client_id": [CLIENT_ID], "post_logout_redirect_uri": [hearth.base + "/login"]}
    assert visitor.me(hearth)[0] == 401


def test_password_sign_in_is_refused_when_only_the_provider_signs_in(provider):
    server = HearthServer(binary=binary(), env={
        "HEARTH_PUBLIC_URL": "{base}", "HEARTH_OIDC_ONLY": "true",
        "HEARTH_OIDC_ISSUER": provider.issuer, "HEARTH_OIDC_CLIENT_ID": CLIENT_ID, "HEARTH_OIDC_CLIENT_SECRET": CLIENT_SECRET,
    })
    server.start()
    provider.allow_redirect(server.base + "/auth/oidc/callback")
    try:
        create_account(server, "fay@example.com")
        visitor = Visitor()
        _, _, page = visitor.open(server.base + "/login")
        assert 'id="sso-button"' in page and 'id="login-form"' not in page and "/register" not in page
        status, _, page = visitor.open(server.base + "/login", {"email": "fay@example.com", "password": ACCOUNT_PASSWORD, "csrf_token": visitor.csrf()})
        assert status == 403 and "Password sign-in is off" in page
        request = urllib.request.Request(server.base + "/api/v1/auth/tokens", method="POST", headers={"Content-Type": "application/json"},
                                         data=b'{"email":"fay@example.com","password":"correct horse battery","name":"cli"}')
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403
        # Registration is open, and the provider's people still get in.
        assert sign_in(server, Visitor(), "eve")[0] == 200
    finally:
        server.stop()
        server.remove()


def test_confirming_it_is_you_signs_in_at_the_provider_again(hearth, provider):
    visitor = Visitor()
    sign_in(hearth, visitor, "ada")
    _, _, page = visitor.open(hearth.base + "/confirm?next=/settings/tokens")
    link = re.search(r'href="([^"]+)" id="sso-confirm"', page).group(1).replace("&amp;", "&")
    assert "Confirm with Test ID" in page
    status, provider_page, _ = visitor.open(hearth.base + link)
    asked = provider.authorize_requests[-1]
    assert asked["prompt"] == "login" and asked["max_age"] == "0"
    status, url, page = visitor.open(visitor.sign_in_at_provider(provider_page, "ada"))
    assert status == 200 and url.startswith(hearth.base + "/settings/tokens") and "notice=confirmed" in url
    # Signing in at the provider as someone else confirms nothing.
    _, provider_page, _ = visitor.open(hearth.base + link)
    status, _, page = visitor.open(visitor.sign_in_at_provider(provider_page, "dan"))
    assert status == 403 and refusal(page) == "not-linked"
    # Nor does a provider that passes on an earlier sign-in instead of asking again.
    provider.auth_time_shift = -3600
    try:
        _, provider_page, _ = visitor.open(hearth.base + link)
        status, _, page = visitor.open(visitor.sign_in_at_provider(provider_page, "ada"))
    finally:
        provider.auth_time_shift = 0
    assert status == 403 and refusal(page) == "not-fresh"


def test_the_cli_signs_in_through_the_browser(hearth, provider, tmp_path):
    environment = {**{name: value for name, value in os.environ.items() if not name.startswith("HEARTH_")}, "HOME": str(tmp_path)}
    cli = subprocess.Popen([hearth.binary, "login", "--browser", "--server", hearth.base, "--token-name", "laptop CLI"],
                           env=environment, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines = []
        while not any("/auth/device?code=" in line for line in lines):
            line = cli.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        address = next(line.strip() for line in lines if "/auth/device?code=" in line)
        code = address.rsplit("=", 1)[1]
        assert re.fullmatch(r"[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}", code) and any(code in line for line in lines if "code" in line)
        # The person opens it, signs in through the provider, and is back on the approval page.
        visitor = Visitor()
        status, url, page = visitor.open(address)
        assert "/login?next=" in url
        sso = re.search(r'href="([^"]+)" id="sso-button"', page).group(1).replace("&amp;", "&")
        _, provider_page, _ = visitor.open(hearth.base + sso)
        status, url, page = visitor.open(visitor.sign_in_at_provider(provider_page, "ada"))
        assert status == 200 and 'data-state="approving"' in page and code in page and "laptop CLI" in page, (url, sso)
        status, _, page = visitor.open(hearth.base + "/auth/device", {"code": code, "decision": "approve", "csrf_token": visitor.csrf()})
        assert status == 200 and 'data-state="approved"' in page
        output, _ = cli.communicate(timeout=30)
        assert cli.returncode == 0, output
        assert "Signed in to" in output and "ada@example.com" in output
    finally:
        if cli.poll() is None:
            cli.kill()
    whoami = subprocess.run([hearth.binary, "whoami"], env=environment, capture_output=True, text=True, timeout=30)
    assert whoami.returncode == 0 and "ada@example.com" in whoami.stdout
    # The code works once.
    status, _, page = visitor.open(hearth.base + "/auth/device?code=" + code)
    assert status == 404 and 'data-state="unknown"' in page


def test_a_refused_device_sign_in_gets_nothing(hearth, provider):
    started = json.loads(urllib.request.urlopen(urllib.request.Request(
        hearth.base + "/api/v1/auth/device", data=b'{"deviceName":"stranger"}', headers={"Content-Type": "application/json"}), timeout=10).read())
    poll = lambda: urllib.request.urlopen(urllib.request.Request(  # noqa: E731
        hearth.base + "/api/v1/auth/device/token", data=json.dumps({"pollToken": started["pollToken"]}).encode(),
        headers={"Content-Type": "application/json"}), timeout=10)
    assert poll().status == 202
    visitor = Visitor()
    sign_in(hearth, visitor, "ada")
    status, _, page = visitor.open(hearth.base + "/auth/device?code=" + urllib.parse.quote(started["code"].lower().replace("-", " ")))
    assert status == 200 and "stranger" in page
    status, _, page = visitor.open(hearth.base + "/auth/device", {"code": started["code"], "decision": "refuse", "csrf_token": visitor.csrf()})
    assert 'data-state="refused"' in page
    with pytest.raises(urllib.error.HTTPError) as gone:
        poll()
    assert gone.value.code == 404


def test_a_sign_in_begun_on_one_server_of_a_cluster_is_finished_by_another(provider):
    postgres = os.environ.get("HEARTH_TEST_POSTGRES_URL")
    if not postgres:
        pytest.skip("needs the throwaway PostgreSQL that `make test` starts (HEARTH_TEST_POSTGRES_URL)")
    name = "sso_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", postgres, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    media = tempfile.mkdtemp(prefix="hearth-sso-media-")
    env = {"HEARTH_SECRET_KEY": base64.b64encode(os.urandom(32)).decode(), "HEARTH_MEDIA_DIR": media,
           "HEARTH_OIDC_ISSUER": provider.issuer, "HEARTH_OIDC_CLIENT_ID": CLIENT_ID, "HEARTH_OIDC_CLIENT_SECRET": CLIENT_SECRET}
    url = postgres.rsplit("/", 1)[0] + "/" + name
    first = HearthServer(binary=binary(), database_url=url, env={**env, "HEARTH_PUBLIC_URL": "{base}"})
    servers = [first]
    try:
        first.start()
        # The balancer's address is the first server's: the provider sends everyone back there.
        second = HearthServer(binary=binary(), database_url=url, env={**env, "HEARTH_PUBLIC_URL": first.base})
        servers.append(second)
        second.start()
        provider.allow_redirect(first.base + "/auth/oidc/callback")
        visitor = Visitor()
        callback = visitor.sign_in_at_provider(visitor.start(second), "ada")
        assert callback.startswith(first.base + "/auth/oidc/callback?")
        status, _, _ = visitor.open(callback)
        assert status == 200 and json.loads(visitor.me(second)[1])["email"] == "ada@example.com"
    finally:
        for server in servers:
            server.stop()
            server.remove()
        shutil.rmtree(media, ignore_errors=True)
        subprocess.run(["psql", postgres, "-qc", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], capture_output=True)


# ---------- forward-auth headers ----------

PROXY = "127.0.0.2"  # the signing-in proxy: a loopback address of its own; the tests' other requests come from 127.0.0.1


@pytest.fixture(scope="module")
def proxied():
    server = HearthServer(binary=binary(), env={
        "HEARTH_REGISTRATION": "closed", "HEARTH_FORWARD_AUTH": "true", "HEARTH_TRUSTED_PROXIES": PROXY,
        "HEARTH_FORWARD_AUTH_ALLOWED_GROUPS": "family",
    })
    server.start()
    yield server
    server.stop()
    server.remove()


class FromAddress(urllib.request.HTTPHandler):
    """Connects from `address` (the proxy's), not the default 127.0.0.1."""

    def __init__(self, address: str) -> None:
        super().__init__()
        self.address = address

    def http_open(self, request):
        return self.do_open(lambda host, **kwargs: http.client.HTTPConnection(host, source_address=(self.address, 0), **kwargs), request)


def through_proxy(visitor: Visitor, address: str = PROXY) -> Visitor:
    cookies = urllib.request.HTTPCookieProcessor(visitor.jar)
    visitor.following = urllib.request.build_opener(cookies, FromAddress(address))
    visitor.stopping = urllib.request.build_opener(cookies, FromAddress(address), NoRedirects())
    return visitor


def as_person(headers: dict):
    def add(request):
        for name, value in headers.items():
            request.add_header(name, value)
        return request
    return add


def open_with(visitor: Visitor, url: str, headers: dict, follow: bool = False):
    request = as_person(headers)(urllib.request.Request(url))
    try:
        with (visitor.following if follow else visitor.stopping).open(request, timeout=30) as response:
            return response.status, response.url, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location") or error.url, error.read().decode()


def test_a_trusted_proxy_signs_people_in_by_its_headers(proxied):
    visitor = through_proxy(Visitor())
    ada = {"Remote-User": "ada", "Remote-Email": "ada.proxy@example.com", "Remote-Name": "Ada Proxy", "Remote-Groups": "admins, family"}
    status, _, page = open_with(visitor, proxied.base + "/focus", ada)
    assert status == 200 and "signed-in" in page
    me = json.loads(visitor.me(proxied)[1])
    assert me["email"] == "ada.proxy@example.com" and me["name"] == "Ada Proxy"
    # The proxy says someone else now (another person signed in at it in this browser), whose email
    # an account here has: its password links it once, then the session follows the proxy.
    create_account(proxied, "gus.proxy@example.com")
    gus = {"Remote-User": "gus", "Remote-Email": "gus.proxy@example.com"}
    status, _, page = open_with(visitor, proxied.base + "/focus", gus)
    assert status == 200 and 'action="/auth/oidc/link"' in page and "the proxy you signed in at" in page
    ticket = re.search(r'name="ticket" value="([^"]+)"', page).group(1)
    status, _, _ = visitor.open(proxied.base + "/auth/oidc/link", {"ticket": ticket, "password": ACCOUNT_PASSWORD, "csrf_token": visitor.csrf()})
    assert status == 200
    assert json.loads(visitor.me(proxied)[1])["email"] == "gus.proxy@example.com"
    assert open_with(visitor, proxied.base + "/focus", gus)[0] == 200
    assert json.loads(visitor.me(proxied)[1])["email"] == "gus.proxy@example.com"
    # Linked, it needs no email from the proxy any more.
    assert open_with(through_proxy(Visitor()), proxied.base + "/focus", {"Remote-User": "gus"})[0] == 200
    # Someone in no allowed group gets no account while registration is closed.
    status, _, page = open_with(through_proxy(Visitor()), proxied.base + "/focus", {"Remote-User": "eve", "Remote-Email": "eve.proxy@example.com"})
    assert status == 403 and "Registration is closed" in page


def test_headers_from_anyone_but_the_proxy_are_ignored(proxied):
    visitor = Visitor()  # from 127.0.0.1
    headers = {"Remote-User": "ada", "Remote-Email": "ada.proxy@example.com", "X-Forwarded-For": PROXY}
    status, location, _ = open_with(visitor, proxied.base + "/focus", headers)
    assert status in (302, 303) and "/login" in location
    assert visitor.me(proxied)[0] == 401
    assert not any(cookie.name == "hearth_session" and cookie.value for cookie in visitor.jar)
