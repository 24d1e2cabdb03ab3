"""The `hearth` command line against the live server: login, whoami, logout and its error messages, and
`hearth focus watch` following the timer."""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import time
import urllib.request
import uuid

import pyotp


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
    assert "“25:00” is not a time of day" in bad.stderr
    busy = _hearth(hearth_bin, tmp_path, "focus", "start", "countdown", "17:30")
    assert busy.returncode != 0
    assert "Cannot start a countdown" in busy.stderr and "hearth focus reset" in busy.stderr

    stats = _hearth(hearth_bin, tmp_path, "focus", "stats")
    assert stats.returncode == 0 and "Today" in stats.stdout


def test_lists_commands_shop_from_the_terminal(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0

    empty = _hearth(hearth_bin, tmp_path, "lists")
    assert empty.returncode == 0, empty.stderr
    assert "No lists yet" in empty.stdout

    created = _hearth(hearth_bin, tmp_path, "lists", "new", "Groceries", "--emoji", "🛒")
    assert created.returncode == 0, created.stderr
    assert created.stdout.strip() == "Created 🛒 Groceries."
    assert _hearth(hearth_bin, tmp_path, "lists", "new", "Garden").returncode == 0

    added = _hearth(hearth_bin, tmp_path, "lists", "add", "groceries", "Milk", "--qty", "2 l")
    assert added.returncode == 0, added.stderr
    assert added.stdout.strip() == "Added Milk (2 l) to Groceries, under Dairy & eggs."
    merged = _hearth(hearth_bin, tmp_path, "lists", "add", "Groceries", "milk", "--qty", "1 l")
    assert merged.stdout.strip() == "Groceries now has Milk (3 l)."
    assert _hearth(hearth_bin, tmp_path, "lists", "add", "Gro", "Bread").returncode == 0

    checked = _hearth(hearth_bin, tmp_path, "lists", "check", "Groceries", "bread")
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == "Bread: in the basket."
    again = _hearth(hearth_bin, tmp_path, "lists", "check", "Groceries", "Bread")
    assert again.stdout.strip() == "Bread is already in the basket."

    shown = _hearth(hearth_bin, tmp_path, "lists", "show", "Groceries")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines() == [
        "🛒 Groceries: 1 to buy, 1 in the basket",
        "Dairy & eggs:",
        "  [ ] Milk (3 l)",
        "In the basket:",
        "  [x] Bread",
    ]
    overview = _hearth(hearth_bin, tmp_path, "lists")
    assert overview.stdout.splitlines() == ["🛒 Groceries  1 to buy, 1 in the basket", "  Garden     empty"]

    # Bad input: a clear message, a failing exit status, nothing changed.
    unreadable = _hearth(hearth_bin, tmp_path, "lists", "add", "Groceries", "Eggs", "--qty", "a dozen")
    assert unreadable.returncode != 0
    assert "“a dozen” is not a quantity" in unreadable.stderr
    unknown = _hearth(hearth_bin, tmp_path, "lists", "show", "Hardware")
    assert unknown.returncode != 0
    assert "No list named “Hardware”. There are “Groceries”, “Garden”." in unknown.stderr
    ambiguous = _hearth(hearth_bin, tmp_path, "lists", "show", "G")
    assert "“G” could be “Groceries”, “Garden”." in ambiguous.stderr
    too_long = _hearth(hearth_bin, tmp_path, "lists", "new", "x" * 201)
    assert too_long.returncode != 0 and "at most 200 characters" in too_long.stderr

    deleted = _hearth(hearth_bin, tmp_path, "lists", "delete", "Groceries")
    assert deleted.returncode == 0, deleted.stderr
    assert "Recently deleted" in deleted.stdout
    assert "Groceries" not in _hearth(hearth_bin, tmp_path, "lists").stdout
    assert _hearth(hearth_bin, tmp_path, "lists", "delete", "Garden").returncode == 0
    only_deleted = _hearth(hearth_bin, tmp_path, "lists")
    assert only_deleted.stdout.startswith("No lists. 2 lists are in Recently deleted: bring one back with `hearth lists restore")
    assert _hearth(hearth_bin, tmp_path, "lists", "restore", "Garden").returncode == 0
    restored = _hearth(hearth_bin, tmp_path, "lists", "restore", "groceries")
    assert restored.returncode == 0, restored.stderr
    assert restored.stdout.strip() == "Restored 🛒 Groceries with 2 items."
    assert "  [ ] Milk (3 l)" in _hearth(hearth_bin, tmp_path, "lists", "show", "Groceries").stdout


def test_stores_and_aisles_from_the_command_line(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0
    assert "No stores yet" in _hearth(hearth_bin, tmp_path, "lists", "stores").stdout
    added = _hearth(hearth_bin, tmp_path, "lists", "stores", "add", "Aldi", "--aisles", "frozen,Bakery")
    assert added.returncode == 0, added.stderr
    assert added.stdout.startswith("Added Aldi: Frozen → Bakery → Produce → Meat & fish")
    assert _hearth(hearth_bin, tmp_path, "lists", "new", "Weekly").returncode == 0
    for name in ("Bananas", "Frozen peas", "Bread"):
        assert _hearth(hearth_bin, tmp_path, "lists", "add", "weekly", name).returncode == 0
    assert _hearth(hearth_bin, tmp_path, "lists", "add", "weekly", "Ice", "--category", "drinks").stdout.strip() == "Added Ice to Weekly, under Drinks."
    moved = _hearth(hearth_bin, tmp_path, "lists", "aisle", "weekly", "bananas", "snacks")
    assert moved.stdout.strip() == "Bananas: under Snacks & sweets now, and from now on.", moved.stderr
    # In Hearth's order, then in Aldi's (as the usual store, or asked for).
    assert [line for line in _hearth(hearth_bin, tmp_path, "lists", "show", "weekly").stdout.splitlines() if line.endswith(":")] == [
        "Bakery:", "Snacks & sweets:", "Drinks:", "Frozen:"]
    assert _hearth(hearth_bin, tmp_path, "lists", "usual-store", "weekly", "aldi").stdout.strip() == "Weekly is usually shopped at Aldi."
    shown = _hearth(hearth_bin, tmp_path, "lists", "show", "weekly", "--store", "Aldi").stdout.splitlines()
    assert shown[0] == "Weekly: 4 to buy, 0 in the basket · shopping at Aldi"
    assert [line for line in shown if line.endswith(":")] == ["Frozen:", "Bakery:", "Snacks & sweets:", "Drinks:"]
    assert [line for line in _hearth(hearth_bin, tmp_path, "lists", "show", "weekly").stdout.splitlines() if line.endswith(":")][0] == "Frozen:"
    # Bad input: a clear message, a failing exit status.
    wrong = _hearth(hearth_bin, tmp_path, "lists", "aisle", "weekly", "bread", "garden")
    assert wrong.returncode != 0 and "“garden” is not an aisle. The aisles are produce, bakery" in wrong.stderr
    twice = _hearth(hearth_bin, tmp_path, "lists", "stores", "add", "Lidl", "--aisles", "dairy,dairy")
    assert twice.returncode != 0 and "“Dairy & eggs” is twice in the aisle order" in twice.stderr
    assert _hearth(hearth_bin, tmp_path, "lists", "stores", "delete", "aldi").stdout.strip() == "Deleted Aldi."
    assert _hearth(hearth_bin, tmp_path, "lists", "usual-store", "weekly").returncode != 0


def test_settings_and_appearance_from_the_command_line(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0

    shown = _hearth(hearth_bin, tmp_path, "focus", "settings")
    assert shown.returncode == 0, shown.stderr
    lines = dict(line.split(None, 1) for line in shown.stdout.splitlines())
    assert lines["focus"] == "25m" and lines["rest"] == "1m30s" and lines["skipped-focus-counts-towards-long-break"] == "off"
    changed = _hearth(hearth_bin, tmp_path, "focus", "settings", "set", "skipped-focus-counts-towards-long-break", "on")
    assert changed.returncode == 0, changed.stderr
    assert "skipped-focus-counts-towards-long-break  on" in changed.stdout
    assert _hearth(hearth_bin, tmp_path, "focus", "settings", "set", "focus", "50m").returncode == 0
    # The skip rule as set: a skipped focus moves the cycle on.
    started = _hearth(hearth_bin, tmp_path, "focus", "start").stdout
    assert started.startswith("Focus · 50:00 left") or started.startswith("Focus · 49:59 left"), started
    skipped = _hearth(hearth_bin, tmp_path, "focus", "skip")
    assert skipped.returncode == 0 and "Cycle ●○○○ · 0 completed today" in skipped.stdout, skipped.stdout
    for args, message in [(("set", "focus", "50"), "with its unit"), (("set", "focus", "5h"), "focusSeconds must be between 1 and 14400"),
                          (("set", "colour", "red"), "Unknown setting “colour”"), (("set", "vibration", "maybe"), "on or off")]:
        refused = _hearth(hearth_bin, tmp_path, "focus", "settings", *args)
        assert refused.returncode != 0 and message in refused.stderr, refused.stderr

    appearance = _hearth(hearth_bin, tmp_path, "appearance")
    assert appearance.stdout == "Theme: Follow the system\nAccent colour: Tomato\n", appearance.stdout
    dark = _hearth(hearth_bin, tmp_path, "appearance", "--theme", "dark", "--accent", "ocean")
    assert dark.returncode == 0 and dark.stdout == "Theme: Dark\nAccent colour: Ocean Blue\n", dark.stderr
    neon = _hearth(hearth_bin, tmp_path, "appearance", "--theme", "neon")
    assert neon.returncode != 0 and "Unknown theme “neon”" in neon.stderr


def test_the_inventory_from_the_command_line(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0
    fixtures = os.path.join(os.path.dirname(__file__), "..", "HearthMediaTests", "Fixtures")

    empty = _hearth(hearth_bin, tmp_path, "inventory")
    assert empty.returncode == 0 and "No items yet" in empty.stdout, empty.stderr
    # An item with two photos in one upload, progress on standard error.
    add = _hearth(hearth_bin, tmp_path, "inventory", "add", "Television", "--room", "living", "--category", "electronics",
                  "--value", "1299.00", "--photo", os.path.join(fixtures, "rotated-gps.jpg"), os.path.join(fixtures, "image.png"))
    assert add.returncode == 0, add.stderr
    assert "Added Television (50 % documented)." in add.stdout
    assert "2 photos added: 80 % documented." in add.stdout
    assert "Uploading" in add.stderr and "100 %" in add.stderr
    assert _hearth(hearth_bin, tmp_path, "inventory", "add", "Lamp", "--value", "12,5,0").returncode != 0
    assert _hearth(hearth_bin, tmp_path, "inventory", "add", "Lamp").returncode == 0

    listed = _hearth(hearth_bin, tmp_path, "inventory", "list", "--missing", "photo")
    assert listed.returncode == 0 and "Lamp" in listed.stdout and "Television" not in listed.stdout, listed.stdout
    found = _hearth(hearth_bin, tmp_path, "inventory", "search", "tele")
    assert "Television" in found.stdout and "$1,299.00" in found.stdout, found.stdout
    filtered = _hearth(hearth_bin, tmp_path, "inventory", "search", 'room:"living room" value>1000')
    assert "Television" in filtered.stdout and "Lamp" not in filtered.stdout, filtered.stdout
    unknown = _hearth(hearth_bin, tmp_path, "inventory", "search", "colour:red")
    assert unknown.returncode != 0 and "“colour:” is not a search filter" in unknown.stderr, unknown.stderr
    shown = _hearth(hearth_bin, tmp_path, "inventory", "show", "tel")
    assert "Room: Living room" in shown.stdout and "Still missing: add a receipt, add the serial number" in shown.stdout, shown.stdout
    score = _hearth(hearth_bin, tmp_path, "inventory", "score")
    assert "Documentation score: 40 %" in score.stdout and "Fix next:" in score.stdout, score.stdout

    # A receipt: uploaded, read on the server, printed.
    receipt = _hearth(hearth_bin, tmp_path, "inventory", "receipt", os.path.join(fixtures, "receipts", "electronics_us.jpg"))
    assert receipt.returncode == 0, receipt.stderr
    assert "Total: $419.24" in receipt.stdout and "Date: 2026-03-14" in receipt.stdout, receipt.stdout
    missing = _hearth(hearth_bin, tmp_path, "inventory", "receipt", str(tmp_path / "nope.jpg"))
    assert missing.returncode != 0 and "Cannot read" in missing.stderr

    # A manual attached to the television and listed back; a file that is no document is refused.
    manual = _hearth(hearth_bin, tmp_path, "inventory", "doc", "add", "Television", os.path.join(fixtures, "document.pdf"),
                     "--kind", "manual", "--title", "TV manual")
    assert manual.returncode == 0 and "Attached Manual: TV manual (PDF, 1 page, 595 bytes) to Television." in manual.stdout, manual.stderr
    documents = _hearth(hearth_bin, tmp_path, "inventory", "doc", "Television")
    assert documents.returncode == 0 and "Manual: TV manual (PDF, 1 page" in documents.stdout, documents.stdout + documents.stderr
    text = tmp_path / "notes.pdf"
    text.write_text("not a PDF at all")
    refused = _hearth(hearth_bin, tmp_path, "inventory", "doc", "add", "Television", str(text))
    assert refused.returncode != 0 and "is not a photo (JPEG, PNG, WebP or HEIC) or a PDF" in refused.stderr, refused.stderr


def test_backup_create_and_restore_from_the_command_line(server, hearth_bin, tmp_path):
    email = f"cli-backup-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0
    assert _hearth(hearth_bin, tmp_path, "inventory", "add", "Road bike", "--room", "Garage", "--value", "1299").returncode == 0
    # A ZIP named by the server, and the JSON alone where asked.
    made = _hearth(hearth_bin, tmp_path, "backup", "create", "--output", str(tmp_path / "home.zip"))
    assert made.returncode == 0 and "Backed up to" in made.stdout, made.stderr
    assert (tmp_path / "home.zip").read_bytes()[:2] == b"PK"
    json_only = _hearth(hearth_bin, tmp_path, "backup", "create", "--no-media", "--output", str(tmp_path / "home.json"))
    assert json_only.returncode == 0 and b'"Road bike"' in (tmp_path / "home.json").read_bytes()
    # A dry run changes nothing; a replace restores; a file that is not a backup is refused.
    preview = _hearth(hearth_bin, tmp_path, "backup", "restore", str(tmp_path / "home.zip"), "--replace", "--dry-run")
    assert preview.returncode == 0 and "would change" in preview.stdout and "Items: 1 added, 1 removed first" in preview.stdout, preview.stdout
    restored = _hearth(hearth_bin, tmp_path, "backup", "restore", str(tmp_path / "home.zip"), "--replace")
    assert restored.returncode == 0 and "Restored (replace)" in restored.stdout, restored.stderr
    merged = _hearth(hearth_bin, tmp_path, "backup", "restore", str(tmp_path / "home.json"), "--merge")
    assert merged.returncode == 0 and "Items: 1 skipped" in merged.stdout, merged.stdout
    bad = _hearth(hearth_bin, tmp_path, "backup", "restore", str(tmp_path / "home.json"))
    assert bad.returncode != 0 and "--merge or --replace" in bad.stderr
    (tmp_path / "notes.txt").write_text("hello")
    refused = _hearth(hearth_bin, tmp_path, "backup", "restore", str(tmp_path / "notes.txt"), "--merge")
    assert refused.returncode != 0 and "not a backup Hearth can restore" in refused.stderr
    listed = _hearth(hearth_bin, tmp_path, "inventory", "list")
    assert "Road bike" in listed.stdout


def test_focus_watch_follows_the_timer_as_its_phases_end(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0
    token = json.loads((tmp_path / "config.json").read_text())["token"]

    def api(method, path, body):
        request = urllib.request.Request(f"{server}{path}", data=json.dumps(body).encode(), method=method,
                                         headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 200

    api("PUT", "/api/v1/focus/settings", {"focusSeconds": 1, "shortBreakSeconds": 1, "autoStartBreaks": True})
    watch = subprocess.Popen([str(hearth_bin), "focus", "watch", "--quiet"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env={**os.environ, "HEARTH_CONFIG": str(tmp_path / "config.json")})
    try:
        output = b""
        os.set_blocking(watch.stdout.fileno(), False)
        started = False
        deadline = time.monotonic() + 30
        # The focus phase ends after a second and the break after another: the watch says so twice.
        while output.count("phase ended".encode()) < 2 and time.monotonic() < deadline and watch.poll() is None:
            if not started and output:  # the watch draws its first line once it has read the timer
                api("POST", "/api/v1/focus/timer/start", {"mode": "pomodoro"})
                started = True
            time.sleep(0.1)  # polling interval while the phases end
            output += watch.stdout.read() or b""
        assert watch.poll() is None, f"the watch stopped: {watch.stderr.read().decode()}"
        text = output.decode()
        assert "Focus — phase ended" in text and "Short break — phase ended" in text, text[-2000:]
    finally:
        watch.kill()
        watch.wait()


def _api(base_url: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(f"{base_url}{path}", data=json.dumps(body).encode() if body is not None else None,
                                     headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response) if response.status != 204 else {}


def test_login_asks_for_the_code_when_two_step_sign_in_is_on(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    token = _api(server, "POST", "/api/v1/auth/tokens", {"name": "setup", "email": email, "password": "correct horse battery"})["token"]
    app = pyotp.TOTP(_api(server, "POST", "/api/v1/auth/totp/setup", token=token)["secret"])
    _api(server, "POST", "/api/v1/auth/totp/enable", {"code": app.now(), "password": "correct horse battery"}, token=token)

    wrong = _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n000000\n")
    assert wrong.returncode != 0
    assert "Code from your authenticator app" in wrong.stderr and "That code is not right" in wrong.stderr
    assert not (tmp_path / "config.json").exists()
    # The next step's code: later than the one that turned it on.
    login = _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email,
                    stdin=f"correct horse battery\n{app.at(time.time() + 30)}\n")
    assert login.returncode == 0, login.stderr
    assert _hearth(hearth_bin, tmp_path, "whoami").returncode == 0


def test_security_turns_two_step_on_and_off_and_signs_a_device_out(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0
    other = _api(server, "POST", "/api/v1/auth/tokens", {"name": "old laptop", "email": email, "password": "correct horse battery"})

    shown = _hearth(hearth_bin, tmp_path, "security")
    assert shown.returncode == 0, shown.stderr
    assert "Two-step sign-in: off" in shown.stdout and "hearth CLI" in shown.stdout and "← this one" in shown.stdout
    assert "API token “old laptop”" in shown.stdout and other["id"] in shown.stdout

    # With the password, the setup prints the QR code and the key; the app's code turns it on and the
    # recovery codes show once.
    setup = subprocess.Popen([str(hearth_bin), "security", "two-step", "on"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env={**os.environ, "HEARTH_CONFIG": str(tmp_path / "config.json")})
    setup.stdin.write("correct horse battery\n")  # the password first
    setup.stdin.flush()
    key = ""
    while "type this key into it: " not in key:
        key = setup.stdout.readline()
        assert key, setup.stderr.read()
    app = pyotp.TOTP(key.split("type this key into it: ")[1].strip())
    out, err = setup.communicate(f"{app.now()}\n", timeout=60)
    assert setup.returncode == 0, err
    assert len([line for line in out.splitlines() if re.fullmatch(r"  [a-z2-9]{4}-[a-z2-9]{4}", line)]) == 10
    assert "Two-step sign-in: on (10 of 10" in _hearth(hearth_bin, tmp_path, "security").stdout

    off = _hearth(hearth_bin, tmp_path, "security", "two-step", "off", stdin="not my password\n")
    assert off.returncode != 0 and "That password or code is not right" in off.stderr
    off = _hearth(hearth_bin, tmp_path, "security", "two-step", "off", stdin="correct horse battery\n")
    assert off.returncode == 0, off.stderr
    signed_out = _hearth(hearth_bin, tmp_path, "security", "sign-out", other["id"])
    assert signed_out.returncode == 0, signed_out.stderr
    assert "old laptop" not in _hearth(hearth_bin, tmp_path, "security").stdout


def test_security_shows_passkeys_and_chooses_the_inventory_lock(server, hearth_bin, tmp_path):
    email = f"cli-{uuid.uuid4().hex[:8]}@example.org"
    _register(server, email, "correct horse battery")
    assert _hearth(hearth_bin, tmp_path, "login", "--server", server, "--email", email, stdin="correct horse battery\n").returncode == 0
    shown = _hearth(hearth_bin, tmp_path, "security").stdout
    assert "Inventory lock: off" in shown and "Passkeys: none" in shown
    unknown = _hearth(hearth_bin, tmp_path, "security", "remove-passkey", str(uuid.uuid4()))
    assert unknown.returncode != 0 and "Not found" in unknown.stderr
    chosen = _hearth(hearth_bin, tmp_path, "security", "inventory-lock", "15m")
    assert chosen.returncode == 0, chosen.stderr
    assert "Inventory lock: locks after 15 minutes without use" in chosen.stdout
    assert "locks after 15 minutes" in _hearth(hearth_bin, tmp_path, "security", "inventory-lock").stdout
    wrong = _hearth(hearth_bin, tmp_path, "security", "inventory-lock", "2m")
    assert wrong.returncode != 0 and "Choose one of: never, immediately, 1m, 5m, 15m, 60m" in wrong.stderr
