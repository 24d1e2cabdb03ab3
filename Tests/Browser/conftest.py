"""Fixtures for Hearth's browser tests: one live server per session and headless Chromium drivers.

The server is the built `hearth` binary (env HEARTH_BIN, default .build/debug/hearth), started on a
free port with a fresh data directory. Drivers use Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / ".test-artifacts" / "browser"
sys.path.insert(0, str(REPO_ROOT / "scripts"))

from hearth_server import free_port, listens, port_taken  # noqa: E402
CHROMIUM = "/usr/bin/chromium"
STARTUP_TIMEOUT = 60.0
PHONE = (360, 740)


def screenshot(driver, name: str) -> pathlib.Path:
    """Saves the driver's viewport as <repo>/.test-artifacts/browser/<name>.png (`name` may hold folders)."""
    path = ARTIFACTS / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not driver.save_screenshot(str(path)):
        raise AssertionError(f"could not save screenshot {path}")
    return path


@pytest.fixture(name="screenshot")
def screenshot_fixture():
    """The `screenshot(driver, name)` helper, as a fixture so tests need no imports from conftest."""
    return screenshot


@pytest.fixture
def artifacts() -> pathlib.Path:
    """The folder for figures a test measures (next to the screenshots)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def _hearth_binary() -> pathlib.Path:
    binary = pathlib.Path(os.environ.get("HEARTH_BIN", ".build/debug/hearth"))
    if not binary.is_absolute():
        binary = REPO_ROOT / binary
    if not os.access(binary, os.X_OK):
        pytest.fail(f"Hearth server binary not found at {binary}: build it first (swift build) or set HEARTH_BIN.")
    return binary


def _healthy(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{base_url}/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


class HearthServer:
    """`hearth serve` on a free port with a fresh data directory, which can be stopped and started
    again on the same port and data (a server that goes away and comes back, as seen from a phone)."""

    def __init__(self, extra_env=None):
        self.workdir = pathlib.Path(tempfile.mkdtemp(prefix="hearth-browser-"))
        self.data_dir = self.workdir / "data"
        self.data_dir.mkdir()
        self.log_path = self.workdir / "server.log"
        self.base_url = f"http://127.0.0.1:{free_port()}"
        self.started = False
        # Every test registers its own accounts from this one address.
        self.env = {**os.environ, "HEARTH_LOG_LEVEL": "warning", "HEARTH_REGISTRATIONS_PER_HOUR": "10000", **(extra_env or {})}
        # The tests need a fresh SQLite database, never a PostgreSQL server from the caller's environment.
        self.env.pop("HEARTH_DATABASE_URL", None)
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Starts the server and waits until it answers /health. Before the first start, a port that
        another process took meanwhile (the suites run side by side) is chosen again."""
        for _ in range(3):
            if self._started_on_its_port():
                self.started = True
                return
            if self.started:
                break  # a restart keeps its port: the pages know it
            self.base_url = f"http://127.0.0.1:{free_port()}"
        pytest.fail(f"hearth serve found its port taken:\n{self.output()}")

    def _started_on_its_port(self) -> bool:
        port = int(self.base_url.rsplit(":", 1)[1])
        command = [str(_hearth_binary()), "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(self.data_dir)]
        # "{base}" in a setting is this server's address (HEARTH_PUBLIC_URL), known once its port is.
        env = {name: value.replace("{base}", self.base_url) for name, value in self.env.items()}
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not (_healthy(self.base_url) and listens(self.process.pid, port)):
            if self.process.poll() is not None:
                if port_taken(self.output()):
                    return False
                pytest.fail(f"hearth serve exited with status {self.process.returncode}:\n{self.output()}")
            if time.monotonic() > deadline:
                pytest.fail(f"hearth serve did not answer GET /health with 200 within {STARTUP_TIMEOUT:.0f} s:\n{self.output()}")
            time.sleep(0.1)  # polling interval while the server starts, not a wait for the page
        return True

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def close(self) -> None:
        self.stop()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        if self.log_path.exists():
            shutil.copyfile(self.log_path, ARTIFACTS / "server.log")
        shutil.rmtree(self.workdir, ignore_errors=True)


@contextlib.contextmanager
def running_server(extra_env=None):
    """Starts `hearth serve` on a free port with an empty data directory; yields (base URL, process)."""
    server = HearthServer(extra_env)
    try:
        server.start()
        yield server.base_url, server.process
    finally:
        server.close()


@pytest.fixture(scope="session")
def server():
    """One server for the whole session; yields its base URL."""
    with running_server() as (base_url, _):
        yield base_url


@pytest.fixture
def own_server():
    """A server for one test that may stop it: yields (base URL, process)."""
    with running_server() as started:
        yield started


@pytest.fixture
def stoppable_server(request):
    """A server for one test that stops and starts it again on the same port and data: a HearthServer.
    A failed test shows the end of the server's log, with every request."""
    server = HearthServer(extra_env={"HEARTH_LOG_LEVEL": "debug"})
    try:
        server.start()
        yield server
        if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
            print("The server's log, its end:\n" + "\n".join(server.output().splitlines()[-80:]))
    finally:
        server.close()


@pytest.fixture(scope="module")
def push_server():
    """A server that may push to a push service on this machine (the tests' own): yields its base URL."""
    with running_server({"HEARTH_ALLOW_LOOPBACK_TARGETS": "true"}) as (base_url, _):
        yield base_url


def _new_driver(width: int, height: int, time_zone: str) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    # Headless Chromium keeps windows at least 500 px wide, so --window-size alone cannot make a
    # phone; the DevTools override gives the exact viewport (and mobile viewport rules below 700 px).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 700,
    })
    # Every browser lives in a known zone whatever the machine's, like a person's phone.
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": time_zone})
    return driver


@pytest.fixture
def browser_factory(request):
    """Creates headless Chromium drivers, each with its own cookie jar:
    `browser_factory(width=390, height=844, time_zone="America/New_York")` (UTC unless given).

    All drivers quit when the test ends; a failed test first leaves a screenshot of each.
    """
    drivers: list[webdriver.Chrome] = []

    def make(width: int = PHONE[0], height: int = PHONE[1], time_zone: str = "UTC") -> webdriver.Chrome:
        driver = _new_driver(width, height, time_zone)
        drivers.append(driver)
        return driver

    yield make

    failed = getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed
    for index, driver in enumerate(drivers):
        try:
            if failed:
                screenshot(driver, f"FAILED-{request.node.name}-{index}")
        finally:
            driver.quit()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test item, so fixtures can tell whether the test failed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture(name="hearth_bin")
def hearth_bin_fixture() -> pathlib.Path:
    """The `hearth` binary under test, for command-line flows."""
    return _hearth_binary()
