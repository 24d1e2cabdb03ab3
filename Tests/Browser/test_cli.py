"""The `hearth` command line against the live server: login, whoami, logout and its error messages."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import urllib.request
import uuid


def _register(base_url: str, email: str, password: str) -> None:
    body = json.dumps({"name": "Cli User", "email": email, "password": password}).encode()
    request = urllib.request.Request(f"{base_url}/api/v1/auth/register", data=body,
                                     headers={"Content-Type": "application/json"}, method="POST")
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 201


def _hearth(binary, tmp_path, *args, stdin: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "HEARTH_CONFIG": str(tmp_path / "config.json")}
    return subprocess.run([str(binary), *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def test_login_whoami_logout(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")

    login = _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n")
    assert login.returncode == 0, login.stderr
    config = tmp_path / "config.json"
    assert stat.S_IMODE(config.stat().st_mode) == 0o600
    assert json.loads(config.read_text())["token"].startswith("hth_")

    whoami = _hearth(hearth_bin, tmp_path, "whoami")
    assert whoami.returncode == 0, whoami.stderr
    assert f"Cli User <{email}>" in whoami.stdout

    logout = _hearth(hearth_bin, tmp_path, "logout")
    assert logout.returncode == 0, logout.stderr
    assert "revoked" in logout.stdout
    assert not config.exists()
    after = _hearth(hearth_bin, tmp_path, "whoami")
    assert after.returncode != 0
    assert "hearth login --server URL" in after.stderr


def test_wrong_password_is_explained(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    login = _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="not the password\n")
    assert login.returncode != 0
    assert "Email or password is wrong." in login.stderr
    assert not (tmp_path / "config.json").exists()


def test_bad_url_and_refused_connection_are_explained(hearth_bin, tmp_path):
    bad = _hearth(hearth_bin, tmp_path, "login", "--server", "localhost:8080", "--email", "a@b.c", stdin="x\n")
    assert bad.returncode != 0
    assert "is not a server URL" in bad.stderr

    refused = _hearth(hearth_bin, tmp_path, "login", "--server", "http://127.0.0.1:1", "--email", "a@b.c", stdin="x\n")
    assert refused.returncode != 0
    assert "connection refused" in refused.stderr


def test_focus_commands_control_the_server_timer(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0

    started = _hearth(hearth_bin, tmp_path, "focus", "start", "--label", "Essay")
    assert started.returncode == 0, started.stderr
    assert started.stdout.startswith("Focus · 25:00 left") or started.stdout.startswith("Focus · 24:59 left")
    assert "Essay" in started.stdout

    paused = _hearth(hearth_bin, tmp_path, "focus", "pause")
    assert paused.returncode == 0, paused.stderr
    assert "(paused)" in paused.stdout

    again = _hearth(hearth_bin, tmp_path, "focus", "pause")
    assert again.returncode != 0
    assert "Cannot pause while the timer is paused in a focus." in again.stderr

    status = _hearth(hearth_bin, tmp_path, "focus", "status")
    assert "(paused)" in status.stdout

    reset = _hearth(hearth_bin, tmp_path, "focus", "reset")
    assert reset.returncode == 0 and reset.stdout.startswith("Idle")

    rest = _hearth(hearth_bin, tmp_path, "focus", "start", "rest", "45")
    assert rest.returncode == 0 and rest.stdout.startswith("Rest · 00:45 left") or rest.stdout.startswith("Rest · 00:44 left")
    bad = _hearth(hearth_bin, tmp_path, "focus", "start", "countdown", "25:00")
    assert bad.returncode != 0
    assert "is not a time of day" in bad.stderr or "Cannot start a countdown" in bad.stderr

    stats = _hearth(hearth_bin, tmp_path, "focus", "stats")
    assert stats.returncode == 0 and "Today" in stats.stdout
