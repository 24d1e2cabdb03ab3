"""A local OpenID Connect provider for the tests, built on Authlib's authorization server (Flask):
the authorization code flow with PKCE and nonce, a discovery document, a JWKS whose keys it
rotates, a sign-in page with a username and a password, and an end-session endpoint.

    provider = OpenIDProvider(people={"ada": Person("ada@example.com", groups=["family"])})
    provider.start(); provider.allow_redirect(hearth + "/auth/oidc/callback")
    provider.rotate("ES256")           # a new key signs from now on; the old one leaves the JWKS
    provider.sign_with_stranger = True # ID tokens signed by a key the JWKS does not hold
    provider.auth_time_shift = -3600   # as if it passed on a sign-in of an hour ago

Every person's password is PASSWORD. What it saw is kept for the tests' assertions:
`authorize_requests` (the query of each /authorize), `token_requests`, `signed_out` (each
end-session query).
"""

from __future__ import annotations

import dataclasses
import html
import logging
import secrets
import threading
import time

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oidc.core import UserInfo
from authlib.oidc.core.grants import OpenIDCode
from authlib.oidc.core.models import AuthorizationCodeMixin
from flask import Flask, jsonify, redirect, request
from joserfc.jwk import ECKey, KeySet, RSAKey
from werkzeug.serving import make_server

from hearth_server import free_port

logging.getLogger("werkzeug").setLevel(logging.ERROR)  # not a line per request

PASSWORD = "provider password"
CLIENT_ID = "hearth"
CLIENT_SECRET = "hearth-client-secret"


@dataclasses.dataclass
class Person:
    email: str
    email_verified: bool = True
    groups: list[str] = dataclasses.field(default_factory=list)
    name: str = ""
    subject: str = dataclasses.field(default_factory=lambda: secrets.token_hex(8))


class Client(ClientMixin):
    def __init__(self, provider: OpenIDProvider) -> None:
        self.provider = provider

    def get_client_id(self):
        return CLIENT_ID

    def get_default_redirect_uri(self):
        return self.provider.redirect_uris[0] if self.provider.redirect_uris else None

    def get_allowed_scope(self, scope):
        return " ".join(word for word in scope.split() if word in {"openid", "email", "profile", "groups"})

    def check_redirect_uri(self, redirect_uri):
        return redirect_uri in self.provider.redirect_uris

    def check_client_secret(self, client_secret):
        return secrets.compare_digest(client_secret, CLIENT_SECRET)

    def check_endpoint_auth_method(self, method, endpoint):
        return method in {"client_secret_basic", "client_secret_post"}

    def check_response_type(self, response_type):
        return response_type == "code"

    def check_grant_type(self, grant_type):
        return grant_type == "authorization_code"


@dataclasses.dataclass
class Code(AuthorizationCodeMixin):
    code: str
    username: str
    redirect_uri: str
    scope: str
    nonce: str | None
    code_challenge: str | None
    code_challenge_method: str | None
    auth_time: int

    def get_redirect_uri(self):
        return self.redirect_uri

    def get_scope(self):
        return self.scope

    def get_nonce(self):
        return self.nonce

    def get_auth_time(self):
        return self.auth_time

    def get_acr(self):
        return None

    def get_amr(self):
        return None


class OpenIDProvider:
    def __init__(self, people: dict[str, Person]) -> None:
        self.people = people
        self.port = free_port()
        self.issuer = f"http://127.0.0.1:{self.port}"
        self.redirect_uris: list[str] = []
        self.post_logout_uris: list[str] = []
        self.keys: list = []
        self.rotate("RS256")
        self.sign_with_stranger = False
        # Seconds added to each sign-in's auth_time: negative, a provider passing on an earlier sign-in.
        self.auth_time_shift = 0
        self.stranger = RSAKey.generate_key(2048, parameters={"kid": "stranger", "alg": "RS256", "use": "sig"})
        self.codes: dict[str, Code] = {}
        self.authorize_requests: list[dict] = []
        self.token_requests: list[dict] = []
        self.signed_out: list[dict] = []
        self._lock = threading.Lock()
        self._server = None
        self.app = self._make_app()

    # ---------- keys ----------

    def rotate(self, alg: str = "RS256", keep_old: bool = False) -> None:
        """A new key signs from now on; the JWKS keeps the old ones only with `keep_old`."""
        kid = f"key-{len(self.keys) + 1}-{secrets.token_hex(3)}"
        parameters = {"kid": kid, "alg": alg, "use": "sig"}
        key = RSAKey.generate_key(2048, parameters=parameters) if alg == "RS256" else ECKey.generate_key("P-256", parameters=parameters)
        self.keys = (self.keys if keep_old else []) + [key]

    @property
    def signing_key(self):
        return self.stranger if self.sign_with_stranger else self.keys[-1]

    # ---------- lifecycle ----------

    def allow_redirect(self, uri: str) -> None:
        self.redirect_uris.append(uri)

    def start(self) -> OpenIDProvider:
        self._server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server:
            self._server.shutdown()

    # ---------- the Flask application ----------

    def _make_app(self) -> Flask:
        app = Flask("oidc-provider")
        app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {"authorization_code": 3600}
        provider = self
        server = AuthorizationServer(app, query_client=lambda client_id: Client(provider) if client_id == CLIENT_ID else None,
                                     save_token=lambda token, req: None)

        class CodeGrant(grants.AuthorizationCodeGrant):
            TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]

            def save_authorization_code(self, code, req):
                data = req.payload.data
                with provider._lock:
                    provider.codes[code] = Code(code, req.user, req.payload.redirect_uri, req.payload.scope, data.get("nonce"),
                                                data.get("code_challenge"), data.get("code_challenge_method"),
                                                int(time.time()) + provider.auth_time_shift)

            def query_authorization_code(self, code, client):
                with provider._lock:
                    return provider.codes.get(code)

            def delete_authorization_code(self, authorization_code):
                with provider._lock:
                    provider.codes.pop(authorization_code.code, None)

            def authenticate_user(self, authorization_code):
                return authorization_code.username

        class IDToken(OpenIDCode):
            def resolve_client_private_key(self, client):
                return provider.signing_key

            def get_client_algorithm(self, client):
                return provider.signing_key.alg

            def get_encode_header(self, client):
                return {"alg": provider.signing_key.alg, "kid": provider.signing_key.kid}

            def get_client_claims(self, client):
                return {"iss": provider.issuer, "aud": [CLIENT_ID], "exp": int(time.time()) + 300}

            def exists_nonce(self, nonce, req):
                with provider._lock:
                    return any(code.nonce == nonce for code in provider.codes.values())

            def generate_user_info(self, username, scope):
                person = provider.people[username]
                return UserInfo(sub=person.subject, email=person.email, email_verified=person.email_verified,
                                name=person.name or username, preferred_username=username, groups=person.groups)

        server.register_grant(CodeGrant, [CodeChallenge(required=True), IDToken(require_nonce=True)])

        @app.get("/.well-known/openid-configuration")
        def discovery():
            return jsonify({
                "issuer": provider.issuer,
                "authorization_endpoint": provider.issuer + "/authorize",
                "token_endpoint": provider.issuer + "/token",
                "jwks_uri": provider.issuer + "/jwks",
                "end_session_endpoint": provider.issuer + "/logout",
                "response_types_supported": ["code"],
                "subject_types_supported": ["public"],
                "id_token_signing_alg_values_supported": ["RS256", "ES256"],
                "code_challenge_methods_supported": ["S256"],
                "scopes_supported": ["openid", "email", "profile", "groups"],
                "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            })

        @app.get("/jwks")
        def jwks():
            return jsonify(KeySet(provider.keys).as_dict(private=False))

        @app.route("/authorize", methods=["GET", "POST"])
        def authorize():
            if request.method == "GET":
                provider.authorize_requests.append(dict(request.args))
                if request.args.get("code_challenge_method") != "S256":
                    return "PKCE with S256 is required", 400
                try:
                    server.get_consent_grant(end_user=None)
                except Exception as error:  # noqa: BLE001 - shown to the person, as a provider would
                    return f"Bad request: {error}", 400
                return sign_in_page(request.query_string.decode(), "")
            username, password = request.form.get("username", ""), request.form.get("password", "")
            if username not in provider.people or password != PASSWORD:
                return sign_in_page(request.query_string.decode(), "Wrong username or password"), 401
            return server.create_authorization_response(grant_user=username, grant=server.get_consent_grant(end_user=username))

        @app.post("/token")
        def token():
            provider.token_requests.append(dict(request.form))
            return server.create_token_response()

        @app.get("/logout")
        def logout():
            provider.signed_out.append(dict(request.args))
            back = request.args.get("post_logout_redirect_uri")
            return redirect(back) if back else "Signed out"

        return app


def sign_in_page(query: str, error: str) -> str:
    action = html.escape("/authorize?" + query)
    return f"""<!doctype html><html><head><title>Test provider</title></head><body>
<h1>Sign in to the test provider</h1><p id="error">{error}</p>
<form method="post" action="{action}">
<label>Username <input id="username" name="username"></label>
<label>Password <input id="password" name="password" type="password"></label>
<button id="sign-in" type="submit">Sign in</button></form></body></html>"""
