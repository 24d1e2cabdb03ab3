"""Off-site backups in a real browser at 360 px, sent to a real WebDAV server (`rclone serve
webdav`): a passphrase chosen on the Backups page, a backup sent encrypted into the household's
folder and the oldest copies pruned, the copy opened by an implementation of the documented format
of its own and by `hearth backup decrypt`, restored through the page with its passphrase, and an
unreachable server shown on the page. The command line encrypts and decrypts 2 GB in constant memory."""

from __future__ import annotations

import hashlib
import io
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zipfile

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from conftest import running_server
from hearth_cipher import decrypt
from hearth_server import free_port
from test_accounts import click, fill, register, submit_and_wait_for_new_page, unique_email, wait
from test_inventory import FIXTURES, api, token_for, upload

PASSPHRASE = "a long passphrase for the loft"


class WebDAVServer:
    """`rclone serve webdav` over a temporary folder, with a user and password."""

    def __init__(self) -> None:
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="hearth-webdav-"))
        (self.root / "backups").mkdir()
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/backups/"
        self.process = subprocess.Popen(
            ["rclone", "serve", "webdav", str(self.root), "--addr", f"127.0.0.1:{self.port}", "--user", "nas", "--pass", "secret-nas"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not self._answers():
            assert self.process.poll() is None, "rclone serve webdav exited"
            assert time.monotonic() < deadline, "rclone serve webdav did not answer within 20 s"
            time.sleep(0.1)  # polling interval while rclone starts

    def _answers(self) -> bool:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=1)
        except urllib.error.HTTPError:
            return True  # 401: it answers
        except OSError:
            return False
        return True

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture
def webdav():
    server = WebDAVServer()
    try:
        yield server
    finally:
        server.close()


def test_a_backup_goes_off_site_encrypted_and_comes_back(webdav, browser_factory, screenshot, hearth_bin, tmp_path):
    env = {"HEARTH_BACKUP_WEBDAV_URL": webdav.url, "HEARTH_BACKUP_WEBDAV_USER": "nas", "HEARTH_BACKUP_WEBDAV_PASSWORD": "secret-nas"}
    with running_server(env) as (server, _):
        phone = browser_factory()
        email = unique_email()
        register(phone, server, email)
        token = token_for(server, email)
        household = api(server, "GET", "/api/v1/me", token=token)["householdId"].lower()
        bike = api(server, "POST", "/api/v1/inventory/items", {"name": "Road bike"}, token)
        status, _ = upload(server, f"/api/v1/inventory/items/{bike['id']}/photos", [("bike.jpg", (FIXTURES / "rotated-gps.jpg").read_bytes())], token)
        assert status == 201

        # Older copies there, and a file of someone else's that must stay.
        folder = webdav.root / "backups" / household
        folder.mkdir()
        for stamp in ["20200101-030000", "20200102-030000", "20200103-030000"]:
            (folder / f"hearth-backup-{stamp}.zip.enc").write_bytes(b"old")
        (folder / "notes.txt").write_text("mine")

        phone.get(f"{server}/settings/backups")
        wait(phone).until(EC.presence_of_element_located((By.ID, "offsite")))
        assert "No backup passphrase is set" in phone.find_element(By.ID, "offsite").text
        fill(phone, "#backup-keep", "2")
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "schedule-save"))

        # A short passphrase is refused with the reason; two that differ too; a good one is kept.
        fill(phone, "#backup-passphrase", "short")
        fill(phone, "#backup-passphrase-again", "short")
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "passphrase-save"))
        assert "at least 10 characters" in phone.find_element(By.ID, "passphrase-error").text
        fill(phone, "#backup-passphrase", PASSPHRASE)
        fill(phone, "#backup-passphrase-again", PASSPHRASE + "!")
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "passphrase-save"))
        assert "differ" in phone.find_element(By.ID, "passphrase-error").text
        fill(phone, "#backup-passphrase", PASSPHRASE)
        fill(phone, "#backup-passphrase-again", PASSPHRASE)
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "passphrase-save"))
        assert "A passphrase is set" in phone.find_element(By.ID, "offsite").text

        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "backup-now"))
        offsite = phone.find_element(By.ID, "offsite-status").text
        assert "Last sent" in offsite and ".zip.enc" in offsite, offsite
        phone.execute_script("document.getElementById('offsite').scrollIntoView()")
        screenshot(phone, "backup/offsite")

        # The newest two copies are kept, the file that is not a backup stays, no partial upload is left.
        names = sorted(path.name for path in folder.iterdir())
        sent = [name for name in names if name.endswith(".zip.enc") and not name.startswith("hearth-backup-2020")]
        assert len(sent) == 1 and names == sorted(sent + ["hearth-backup-20200103-030000.zip.enc", "notes.txt"]), names
        encrypted = (folder / sent[0]).read_bytes()
        assert b"Road bike" not in encrypted and encrypted[:8] == b"HEARTHEN"

        # An implementation of the documented format of its own opens it: the backup with its photo.
        archive = zipfile.ZipFile(io.BytesIO(decrypt(encrypted, PASSPHRASE)))
        assert "manifest.json" in archive.namelist() and any(name.startswith("media/") for name in archive.namelist())
        with pytest.raises(ValueError):
            decrypt(encrypted, "not the passphrase")

        # So does the command line, which refuses a wrong passphrase with a sentence.
        (tmp_path / sent[0]).write_bytes(encrypted)
        cli_env = {**os.environ, "HEARTH_BACKUP_PASSPHRASE": "not the passphrase"}
        wrong = subprocess.run([str(hearth_bin), "backup", "decrypt", str(tmp_path / sent[0])], capture_output=True, text=True, env=cli_env, timeout=60)
        assert wrong.returncode != 0 and "does not open" in wrong.stderr, wrong.stderr
        cli_env["HEARTH_BACKUP_PASSPHRASE"] = PASSPHRASE
        opened = subprocess.run([str(hearth_bin), "backup", "decrypt", str(tmp_path / sent[0])], capture_output=True, text=True, env=cli_env, timeout=60)
        assert opened.returncode == 0, opened.stderr
        assert (tmp_path / sent[0].removesuffix(".enc")).read_bytes() == decrypt(encrypted, PASSPHRASE)

        # The encrypted file restores through the page: the passphrase asked for, a wrong one refused.
        api(server, "POST", "/api/v1/inventory/items", {"name": "Kettle"}, token)
        phone.get(f"{server}/settings/backups")
        phone.find_element(By.ID, "restore-file").send_keys(str(tmp_path / sent[0]))
        wait(phone).until(EC.visibility_of_element_located((By.ID, "restore-passphrase")))
        click(phone, phone.find_element(By.CSS_SELECTOR, 'input[name="strategy"][value="replace"]'))
        fill(phone, "#restore-passphrase", "not the passphrase")
        click(phone, phone.find_element(By.ID, "restore-preview"))
        wait(phone).until(lambda d: "does not open" in d.find_element(By.ID, "restore-status").text)
        fill(phone, "#restore-passphrase", PASSPHRASE)
        click(phone, phone.find_element(By.ID, "restore-preview"))
        wait(phone).until(EC.visibility_of_element_located((By.ID, "restore-run")))
        preview = phone.find_element(By.ID, "restore-report").text
        assert "Items: 1 added, 2 removed first" in preview and "Photos: 1 added" in preview, preview
        click(phone, phone.find_element(By.ID, "restore-run"))
        wait(phone).until(EC.alert_is_present())
        phone.switch_to.alert.accept()
        wait(phone).until(lambda d: d.find_element(By.ID, "restore-report-title").text.startswith("Restored"))
        assert [item["name"] for item in api(server, "GET", "/api/v1/inventory/items", token=token)["items"]] == ["Road bike"]

        # With the WebDAV server gone, the backup is still kept here and the page says what failed.
        webdav.stop()
        phone.get(f"{server}/settings/backups")
        submit_and_wait_for_new_page(phone, phone.find_element(By.ID, "backup-now"))
        error = phone.find_element(By.ID, "offsite-error").text
        assert "cannot be reached" in error, error
        assert len(phone.find_elements(By.CSS_SELECTOR, "#kept-backups a.backup-file")) >= 1


def _peak_memory_mb(command: list[str], env: dict) -> float:
    """Runs `command` alone under a fresh Python, whose only child it is; its peak resident memory in MB."""
    probe = ("import resource, subprocess, sys; code = subprocess.run(sys.argv[1:]).returncode; "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", probe, *command], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1]) / 1024


def test_two_gigabytes_encrypt_and_decrypt_in_constant_memory(hearth_bin, tmp_path):
    plain, sealed, opened = tmp_path / "big.zip", tmp_path / "big.zip.enc", tmp_path / "opened.zip"
    with open(plain, "wb") as file:
        file.truncate(2 << 30)  # 2 GiB of zeros, sparse: no disk for the original
    env = {**os.environ, "HEARTH_BACKUP_PASSPHRASE": PASSPHRASE}
    try:
        encrypting = _peak_memory_mb([str(hearth_bin), "backup", "encrypt", str(plain), "--output", str(sealed)], env)
        assert sealed.stat().st_size == 52 + (2 << 30) + 16 * 2048
        decrypting = _peak_memory_mb([str(hearth_bin), "backup", "decrypt", str(sealed), "--output", str(opened)], env)
        assert opened.stat().st_size == 2 << 30
        digest = hashlib.sha256()
        with open(opened, "rb") as file:
            while block := file.read(1 << 22):
                digest.update(block)
        zeros = hashlib.sha256()
        for _ in range(512):
            zeros.update(b"\0" * (1 << 22))
        assert digest.hexdigest() == zeros.hexdigest()
        # Constant memory: the process with its libraries is far below the file's size (a few chunks of 1 MiB, and scrypt's 32 MiB).
        print(f"peak memory: encrypt {encrypting:.0f} MB, decrypt {decrypting:.0f} MB")
        assert encrypting < 150 and decrypting < 150, (encrypting, decrypting)
    finally:
        for path in (plain, sealed, opened):
            path.unlink(missing_ok=True)
