"""End-to-end fixtures: the real `squidbox serve` on a free port with a throwaway SQLite
database, and Debian's chromium driven by Playwright.

Without chromium the browser tests are skipped (they fail instead when the CI environment
variable is set, so CI never passes without running them). Set SQUIDBOX_CHROMIUM to use another
chromium binary.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = os.environ.get("SQUIDBOX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SERVER_START_SECONDS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a `squidbox serve` subprocess, stopped at the end of the session."""
    folder = tmp_path_factory.mktemp("server")
    port = free_port()
    log = (folder / "server.log").open("w")
    command = [sys.executable, "-m", "squidbox", "serve", "--port", str(port),
               "--database", f"sqlite:///{folder / 't.db'}",
               "--no-rate-limits"]  # every browser test creates tables from one address
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(url, server, folder / "server.log")
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def wait_until_serving(url: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"squidbox serve exited with {server.returncode}:\n{log.read_text()}")
        try:
            if httpx.get(f"{url}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    pytest.fail(f"squidbox serve did not answer within {SERVER_START_SECONDS}s:\n{log.read_text()}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        reason = f"chromium not found at {CHROMIUM} (install Debian's chromium package)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


class Console:
    """The console errors and uncaught exceptions of one page."""

    def __init__(self, page: Any) -> None:
        self.errors: list[str] = []
        page.on("console", self._message)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def _message(self, message: Any) -> None:
        if message.type == "error":
            self.errors.append(message.text)


# The table shows other players' moves one at a time (a setting kept in localStorage); tests
# that do not test the pace see them at once.
AT_ONCE = "localStorage.setItem('squidbox:pace', '0')"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    opened.console = Console(opened)
    yield opened
    context.close()


@pytest.fixture
def phone_page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    opened = context.new_page()
    opened.console = Console(opened)
    yield opened
    context.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("SQUIDBOX_SCREENSHOTS", "")) if os.environ.get(
        "SQUIDBOX_SCREENSHOTS") else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
