"""Fixtures for the contract tests: one live release server per session (SQLite, a fresh data
directory, a free port), driven over HTTP as any client would.

HEARTH_BIN picks another binary (default .build/release/hearth). The server's log is kept in
.test-artifacts/contract/server.log.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import sys

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / ".test-artifacts" / "contract"
sys.path.insert(0, str(REPO_ROOT / "scripts"))

from fake_github import FakeGitHub  # noqa: E402
from hearth_server import HearthServer  # noqa: E402


def binary() -> str:
    path = pathlib.Path(os.environ.get("HEARTH_BIN", ".build/release/hearth"))
    if not path.is_absolute():
        path = REPO_ROOT / path
    if not os.access(path, os.X_OK):
        pytest.fail(f"Hearth server binary not found at {path}: build it first (swift build -c release) or set HEARTH_BIN.")
    return str(path)


@pytest.fixture(scope="session")
def server():
    """A running release server; its `base` is the URL. Every test registers its own accounts. The
    lists' Gist backup talks to a fake GitHub on this machine (which refuses every fuzzed token)."""
    github = FakeGitHub(token="ghp_contract", login="contract")
    hearth = HearthServer(binary=binary(), env={"HEARTH_REGISTRATIONS_PER_HOUR": "10000", "HEARTH_GITHUB_API_URL": github.url,
                                                "HEARTH_ALLOW_LOOPBACK_TARGETS": "true"})
    hearth.start()
    try:
        yield hearth
    finally:
        hearth.stop()
        github.close()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(hearth.log_path, ARTIFACTS / "server.log")
        hearth.remove()


@pytest.fixture
def artifacts() -> pathlib.Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
