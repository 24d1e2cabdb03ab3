"""A small fake of GitHub's gist endpoints for the browser tests (the Swift suite's FakeGitHub
covers the refusals): `GET /user`, `GET/POST /gists`, `PATCH /gists/{id}`, `GET /gists/{id}`,
`GET /gists/{id}/commits` and `GET /gists/{id}/{sha}`, one token, secret gists with revisions."""

from __future__ import annotations

import datetime
import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse


class FakeGitHub:
    def __init__(self, token: str, login: str) -> None:
        self.token, self.login = token, login
        self.gists: dict[str, dict] = {}
        self._ids = itertools.count(1)
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def _answer(self, status: int, body) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def _handle(self, method: str) -> None:
                if self.headers.get("Authorization") != f"Bearer {fake.token}":
                    return self._answer(401, {"message": "Bad credentials"})
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length) or b"null")
                url = urlparse(self.path)
                status, answer = fake.answer(method, [part for part in url.path.split("/") if part], parse_qs(url.query), body)
                self._answer(status, answer)

            def do_GET(self) -> None:
                self._handle("GET")

            def do_POST(self) -> None:
                self._handle("POST")

            def do_PATCH(self) -> None:
                self._handle("PATCH")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def _id(self) -> str:
        return f"{next(self._ids) * 7919:032x}"

    def add_gist(self, description: str, files: dict[str, str]) -> str:
        gist_id = self._id()
        self.gists[gist_id] = {"description": description, "revisions": [self._revision(files)]}
        return gist_id

    def _revision(self, files: dict[str, str]) -> dict:
        return {"version": self._id(), "committed_at": datetime.datetime.now(datetime.timezone.utc).isoformat().replace("+00:00", "Z"),
                "files": files}

    def _document(self, gist_id: str, revision: dict) -> dict:
        return {"id": gist_id, "description": self.gists[gist_id]["description"], "public": False,
                "files": {name: {"content": content, "truncated": False} for name, content in revision["files"].items()}}

    def answer(self, method: str, parts: list[str], query: dict, body) -> tuple[int, object]:
        if method == "GET" and parts == ["user"]:
            return 200, {"login": self.login, "id": 1}
        if parts == ["gists"] and method == "GET":
            return 200, [{"id": key, "description": gist["description"]} for key, gist in self.gists.items()] if query.get("page", ["1"]) == ["1"] else []
        if parts == ["gists"] and method == "POST":
            gist_id = self.add_gist(body["description"], {name: file["content"] for name, file in body["files"].items()})
            return 201, self._document(gist_id, self.gists[gist_id]["revisions"][-1])
        if len(parts) >= 2 and parts[0] == "gists" and parts[1] in self.gists:
            gist = self.gists[parts[1]]
            if method == "PATCH":
                files = {**gist["revisions"][-1]["files"], **{name: file["content"] for name, file in body["files"].items()}}
                gist["revisions"].append(self._revision(files))
                return 200, self._document(parts[1], gist["revisions"][-1])
            if len(parts) == 3 and parts[2] == "commits":
                return 200, [{"version": r["version"], "committed_at": r["committed_at"]} for r in reversed(gist["revisions"])]
            revision = gist["revisions"][-1] if len(parts) == 2 else next((r for r in gist["revisions"] if r["version"] == parts[2]), None)
            if revision is not None:
                return 200, self._document(parts[1], revision)
        return 404, {"message": "Not Found"}

    def close(self) -> None:
        self.server.shutdown()
