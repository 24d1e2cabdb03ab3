"""Two servers on one PostgreSQL database, as a cluster behind a load balancer runs them.

Each server remembers for a few seconds who a token belongs to (the credential cache), so an
authenticated request needs no look-up. A token revoked through one server must still be refused by
the other on the very next request: the revoking statement's trigger sends a NOTIFY, and every server
listens and forgets what it remembered before it could answer again.
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
