"""Two servers on one PostgreSQL database, as a cluster behind a load balancer runs them.

Each server remembers for a few seconds who a token belongs to, the pages of lists and each user's
timer (its read caches), so a request need not read them again. What one server changes must still
be seen by the other on the very next request: the changing statement's trigger sends a NOTIFY, and
every server listens and forgets what it remembered before it could answer again.
"""

from __future__ import annotations

import os
import subprocess
import uuid

import pytest

from conftest import binary
from hearth_server import HearthServer, request, sign_up

POSTGRES = os.environ.get("HEARTH_TEST_POSTGRES_URL")


@pytest.fixture
def cluster():
    if not POSTGRES:
        pytest.skip("needs the throwaway PostgreSQL that `make test` starts (HEARTH_TEST_POSTGRES_URL)")
    name = "cluster_" + uuid.uuid4().hex[:12]
    subprocess.run(["psql", POSTGRES, "-qc", f"CREATE DATABASE {name}"], check=True, capture_output=True)
    url = POSTGRES.rsplit("/", 1)[0] + "/" + name
    servers = [HearthServer(binary=binary(), database_url=url, env={"HEARTH_REGISTRATIONS_PER_HOUR": "10000"}) for _ in range(2)]
    try:
        for server in servers:  # one after the other: the first applies the migrations
            server.start()
        yield [server.base for server in servers]
    finally:
        for server in servers:
            server.remove()
        subprocess.run(["psql", POSTGRES, "-qc", f"DROP DATABASE IF EXISTS {name}"], capture_output=True)


def test_a_token_revoked_on_one_server_is_refused_by_the_other_on_the_next_request(cluster):
    first, second = cluster
    keeper = sign_up(first, "ada@example.org")
    for _ in range(25):
        status, created = request(first, "POST", "/api/v1/auth/tokens",
                                  {"name": "phone", "email": "ada@example.org", "password": "correct horse battery"})
        assert status == 201
        # The second server has just seen the token, so it remembers who it belongs to.
        assert request(second, "GET", "/api/v1/me", token=created["token"])[0] == 200
        assert request(second, "GET", "/api/v1/me", token=created["token"])[0] == 200
        assert request(first, "DELETE", f"/api/v1/auth/tokens/{created['id']}", token=keeper)[0] == 204
        status, problem = request(second, "GET", "/api/v1/me", token=created["token"])
        assert status == 401, "the second server still accepted a token the first had revoked"
        assert "revoked" in problem["detail"]
    assert request(second, "GET", "/api/v1/me", token=keeper)[0] == 200


def test_a_list_changed_on_one_server_is_read_on_the_other_at_once(cluster):
    first, second = cluster
    token = sign_up(first, "ada@example.org")
    status, created = request(first, "POST", "/api/v1/lists", {"name": "Groceries"}, token=token)
    assert status == 201
    path = f"/api/v1/lists/{created['id']}"
    for n in range(25):
        status, item = request(first, "POST", f"{path}/items", {"name": f"Item {n}"}, token=token)
        assert status == 201
        # The second server reads the list twice, so it has the page in memory...
        for _ in range(2):
            status, page = request(second, "GET", path, token=token)
            assert item["id"] in [i["id"] for i in page["items"]]
        # ...and still answers the change the first server made right after.
        assert request(first, "PATCH", f"{path}/items/{item['id']}", {"purchased": True}, token=token)[0] == 200
        status, page = request(second, "GET", path, token=token)
        assert [i["purchased"] for i in page["items"] if i["id"] == item["id"]] == [True], "the second server showed a stale list"


def test_a_timer_started_on_one_server_runs_on_the_other_at_once(cluster):
    first, second = cluster
    token = sign_up(first, "ada@example.org")
    for _ in range(10):
        for _ in range(2):
            assert request(second, "GET", "/api/v1/focus/timer", token=token)[1]["phase"] == "idle"
        assert request(first, "POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"}, token=token)[0] == 200
        assert request(second, "GET", "/api/v1/focus/timer", token=token)[1]["phase"] == "focus", "the second server showed a stale timer"
        assert request(first, "POST", "/api/v1/focus/timer/reset", token=token)[0] == 200
