"""The table's connection and feedback (issue 13, items 6 and 7): reconnecting after a real
server restart, the disconnected banner with disabled actions, errors next to the clicked
control in plain words, choosers that close with Escape or a click outside, and a log that only
adds its new entries."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import free_port, wait_until_serving
from .helpers import (
    create_table,
    seat_url,
    version,
    wait_for_decision,
    wait_for_state,
    wait_for_version_after,
)

BACK_WITHIN_SECONDS = 3
OUTAGE_SECONDS = 6


class Server:
    """`squidbox serve` on one port and database that can be stopped and started again."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.database = f"sqlite:///{folder / 'restart.db'}"
        self.log = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "squidbox", "serve", "--port", str(self.port),
                   "--database", self.database, "--no-rate-limits"]
        with self.log.open("a") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def answers(self) -> bool:
        try:
            return httpx.get(f"{self.url}/api/games", timeout=0.5).status_code == 200
        except httpx.HTTPError:
            return False


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    server = Server(tmp_path)
    server.start()
    try:
        assert server.process is not None
        wait_until_serving(server.url, server.process, server.log)
        yield server
    finally:
        server.stop()


def test_after_a_real_restart_the_page_is_back_within_3_seconds(
        page: Any, own_server: Server) -> None:
    created = create_table(own_server.url, "grid_squid", players=2, seed=21)
    page.goto(seat_url(own_server.url, created))
    wait_for_state(page)
    assert wait_for_decision(page) == "yours"
    assert page.locator("#offline-banner").is_hidden()

    own_server.stop()
    page.wait_for_selector("#offline-banner:not([hidden])")
    assert "paused" in page.inner_text("#offline-banner")
    buttons = page.locator("#actions button.action")  # only choices no piece makes
    assert all(buttons.nth(i).is_disabled() for i in range(buttons.count()))
    pieces = page.locator("#board .clickable")  # the hand's cards: the move waits
    assert pieces.count() > 0
    assert all(pieces.nth(i).get_attribute("aria-disabled") == "true"
               for i in range(pieces.count()))
    tile = pieces.first
    # A piece played by keyboard while disconnected: plain words, next to the piece.
    tile.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").startswith("Could not reach the server")
    assert_below(page, "#error", tile.bounding_box())
    page.wait_for_timeout(OUTAGE_SECONDS * 1000)

    own_server.start()
    while not own_server.answers():
        assert own_server.process is not None and own_server.process.poll() is None
        time.sleep(0.05)
    answered = time.monotonic()
    page.wait_for_selector("#connection[data-status=connected]",
                           timeout=BACK_WITHIN_SECONDS * 3000)
    back_after = time.monotonic() - answered
    assert back_after <= BACK_WITHIN_SECONDS, f"back {back_after:.2f}s after the server answered"
    assert page.locator("#offline-banner").is_hidden()
    before = version(page)
    page.locator("#board [data-tile].clickable").first.click()
    wait_for_version_after(page, before)


def test_the_reconnect_delay_grows_until_a_state_arrives(page: Any, base_url: str) -> None:
    """A server that accepts each connection, refuses it and closes it is not retried in a
    loop: the delay only resets after a state message (it is capped at 2 s)."""
    opened: list[float] = []

    def accept_then_close(socket: Any) -> None:
        opened.append(time.monotonic())
        socket.send(json.dumps({"type": "error", "code": "unavailable",
                                "error": "table is unavailable"}))
        socket.close(code=4503, reason="unavailable")

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), accept_then_close)
    created = create_table(base_url, "grid_squid", players=2, seed=22)
    page.goto(seat_url(base_url, created))
    page.wait_for_timeout(5000)
    gaps = [b - a for a, b in zip(opened, opened[1:], strict=False)]
    assert 3 <= len(opened) <= 8, opened
    assert "not available" in page.inner_text("#offline-banner")
    assert gaps[-1] > 0.9, gaps  # about 1-2 s apart by now, not 0.25 s
    delays = page.evaluate("""async () => {
      const { retryDelay } = await import('/static/connection.js');
      return [retryDelay(0, () => 0), retryDelay(0, () => 1), retryDelay(50, () => 1)];
    }""")
    assert delays == [125, 250, 2000], "from 1/8 s, doubling, never more than 2 s"


def assert_below(page: Any, selector: str, box: dict[str, float]) -> None:
    """`selector` is shown just below `box` (the clicked control), overlapping it sideways."""
    shown = page.locator(selector).bounding_box()
    assert 0 <= shown["y"] - (box["y"] + box["height"]) <= 40, (shown, box)
    assert shown["x"] < box["x"] + box["width"] and shown["x"] + shown["width"] > box["x"], (
        shown, box)


def test_a_refused_action_is_explained_next_to_the_clicked_button(
        page: Any, base_url: str) -> None:
    def relay(socket: Any) -> None:
        server = socket.connect_to_server()
        socket.on_message(lambda message: server.send(
            json.dumps({**json.loads(message), "action": "place Z9"})))

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), relay)
    created = create_table(base_url, "grid_squid", players=2, seed=23)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    wait_for_decision(page)
    action = page.locator("#board .clickable[data-action]").last.get_attribute("data-action")
    button = page.locator(f"#board [data-action='{action}']")
    button.click()
    page.wait_for_selector("#error:not([hidden])")
    text = page.inner_text("#error")
    assert text.startswith("That move is not possible right now")
    assert "illegal_action" not in text and "Error" not in text
    assert_below(page, "#error", button.bounding_box())
    page.locator("#table-title").click()
    assert page.locator("#error").is_hidden()


def test_a_selection_and_a_piece_panel_close_with_escape_and_cancel(
        page: Any, base_url: str) -> None:
    """A two-step move's first choice (a card of Grid Squid's hand) is cancelled by Escape or
    Cancel, focus back on the card; a piece's panel closes with Escape and a click outside.
    Nothing is played."""
    created = create_table(base_url, "grid_squid", players=2, seed=23)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    wait_for_decision(page)
    before = version(page)
    card = page.locator("#board .selectable").first
    key = card.get_attribute("data-select")
    card.click()
    page.wait_for_selector("#board .selected")
    symbol = key.split(":", 1)[1]
    targets = page.locator("#board .clickable:not(.selectable)")
    assert targets.count() > 0
    for index in range(targets.count()):  # only the tiles of the card's symbol
        assert symbol in targets.nth(index).get_attribute("aria-label")
    page.keyboard.press("Escape")
    page.wait_for_selector("#board .selected", state="detached")
    assert page.evaluate("document.activeElement.dataset.select") == key
    page.locator(f"#board [data-select='{key}']").click()
    page.locator("#cancel-selection").click()
    page.wait_for_selector("#board .selected", state="detached")

    page.locator("#board [data-piece]").first.click(button="right")
    page.wait_for_selector(".piece-panel")
    page.keyboard.press("Escape")
    assert page.locator(".piece-panel").count() == 0
    page.locator("#board [data-piece]").first.click(button="right")
    page.wait_for_selector(".piece-panel")
    page.locator("#table-title").click()
    assert page.locator(".piece-panel").count() == 0
    assert version(page) == before, "closing plays nothing"
    assert page.console.errors == []


def test_the_log_only_adds_its_new_entries(page: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=2, seed=24)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    wait_for_decision(page)
    assert page.get_attribute("#log", "aria-live") == "polite"
    page.evaluate("""() => {
      const log = document.getElementById('log');
      window.firstEntry = log.firstElementChild;
      window.removed = 0;
      new MutationObserver((changes) => changes.forEach(
        (c) => { window.removed += c.removedNodes.length; })).observe(log, { childList: true });
    }""")
    entries = page.locator("#log li").count()
    for _ in range(2):
        before = version(page)
        page.locator("#board [data-tile].clickable").first.click()
        wait_for_version_after(page, before)
        wait_for_decision(page)
    assert page.locator("#log li").count() > entries
    assert page.evaluate("window.removed") == 0
    assert page.evaluate("window.firstEntry === document.getElementById('log').firstElementChild")
