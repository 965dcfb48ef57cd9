"""The web client in chromium against the real server: the lobby, a whole Grid Squid game by
clicking the board, every other game's board, a phone-sized screen, and reloading a seat."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import squidbox

from .helpers import (
    click_board_or_button,
    create_table,
    seat_url,
    version,
    wait_for_decision,
    wait_for_state,
    wait_for_version_after,
)

OTHER_GAMES = [game_id for game_id in squidbox.game_ids() if game_id != "grid_squid"]


def test_lobby_creates_a_grid_squid_table_and_a_whole_game_is_played_by_clicking_tiles(
        page: Any, base_url: str, screenshots: Path) -> None:
    page.goto(f"{base_url}/")
    page.select_option("#game-select", "grid_squid")
    page.select_option("#players-select", "3")
    page.select_option("select[data-seat='0']", "")
    page.select_option("select[data-seat='1']", "heuristic")
    page.select_option("select[data-seat='2']", "heuristic")
    page.click("#variant-details summary")  # the seed is under "For designers"
    page.fill("#seed-input", "5")
    page.click("#create-button")
    table_id = page.inner_text("#create-result h3").split()[1]
    page.wait_for_selector(f"#table-list a[href='/t/{table_id}']")
    page.click("a.seat-link[data-seat='0']")
    wait_for_state(page)
    assert "token=" not in page.url, "the seat token is moved out of the address bar"

    tile_clicks = button_clicks = 0
    while wait_for_decision(page) == "yours":
        before = version(page)
        tiles = page.locator("#board [data-tile].clickable")
        if tiles.count():
            tiles.nth(tiles.count() // 2).click()
            tile_clicks += 1
        else:
            page.locator("#actions button.action").first.click()
            button_clicks += 1
        wait_for_version_after(page, before)
        if tile_clicks == 1:
            page.screenshot(path=str(screenshots / "grid_squid-playing.png"), full_page=True)
    page.screenshot(path=str(screenshots / "grid_squid-over.png"), full_page=True)

    assert tile_clicks + button_clicks == 15, "3 rounds of 5 cards"
    assert tile_clicks >= 10
    turn = page.inner_text("#turn")
    assert turn.startswith("Game over.") and re.search(r"(wins|share the win)", turn)
    assert page.locator("#seats li", has_text="winner").count() == 3
    assert page.locator("#seats li", has_text="result").count() == 0
    assert page.locator("#log li", has_text="Round 3 scoring").count() == 1
    assert page.locator("#actions button.action").count() == 0
    assert page.get_attribute("#table-app", "data-table") == table_id
    status = httpx.get(f"{base_url}/api/tables/{table_id}", timeout=10).json()["status"]
    assert status == "finished"
    assert page.console.errors == []


@pytest.mark.parametrize("game_id", OTHER_GAMES)
def test_every_other_game_draws_its_board_and_accepts_a_click(
        page: Any, base_url: str, screenshots: Path, game_id: str) -> None:
    created = create_table(base_url, game_id)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    assert wait_for_decision(page) == "yours"
    page.screenshot(path=str(screenshots / f"{game_id}.png"), full_page=True)

    assert page.locator("#board").evaluate("svg => svg.getBBox().height") > 100
    assert page.get_attribute("#turn", "data-status") == "yours"
    assert page.locator("#log li").count() > 0
    assert page.locator("#seats li.me").count() == 1
    # the choice is on the board (drawn just after the status bar, which may say so first)
    page.wait_for_selector("#board .clickable", timeout=10_000)
    before = version(page)
    assert click_board_or_button(page) == "board", "the first decision is drawn on the board"
    wait_for_version_after(page, before)
    assert page.locator("#error").is_hidden()
    assert page.console.errors == []


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_a_phone_sized_screen_shows_the_table_without_scrolling_sideways(
        phone_page: Any, base_url: str, screenshots: Path, game_id: str) -> None:
    created = create_table(base_url, game_id, seed=3)
    phone_page.goto(seat_url(base_url, created))
    wait_for_state(phone_page)
    wait_for_decision(phone_page)
    phone_page.screenshot(path=str(screenshots / f"{game_id}-phone.png"), full_page=True)

    widths = phone_page.evaluate(
        "() => ({page: document.documentElement.scrollWidth, body: document.body.scrollWidth,"
        " viewport: window.innerWidth,"
        " board: document.getElementById('board').getBoundingClientRect().right})")
    assert widths["viewport"] == 375
    assert widths["page"] <= 375 and widths["body"] <= 375, widths
    assert widths["board"] <= 375, widths
    assert phone_page.locator("#turn").is_visible()
    first_choice = phone_page.locator("#board .clickable, #actions button.action").first
    assert first_choice.bounding_box()["width"] <= 375
    assert phone_page.console.errors == []


def test_a_reload_keeps_the_seat_and_a_bare_link_is_a_spectator(
        page: Any, browser: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=2, seed=8)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    wait_for_decision(page)
    hand_before = page.locator("#board .card").count()

    page.reload()
    wait_for_state(page)
    assert wait_for_decision(page) == "yours"
    assert page.inner_text("#seats li.me").startswith("Red")
    assert page.locator("#board .card").count() == hand_before > 0
    assert page.locator("#board .clickable").count() > 0
    before = version(page)
    page.locator("#board [data-tile].clickable").first.click()
    wait_for_version_after(page, before)

    stranger = browser.new_context()
    try:
        watcher = stranger.new_page()
        watcher.goto(f"{base_url}{created['spectator_url']}")
        wait_for_state(watcher)
        assert watcher.locator("#seats li.me").count() == 0
        assert "watching" in watcher.inner_text("#actions")
        assert "Spectating" in (watcher.locator("#board").text_content() or "")
    finally:
        stranger.close()
    assert page.console.errors == []


def test_a_refused_action_is_shown_and_the_connection_stays_usable(
        page: Any, base_url: str) -> None:
    """The first action the page sends is swapped for an illegal one on its way to the server:
    the server's error is shown, and the next click on the same connection is accepted."""
    swapped: list[str] = []

    def relay(socket: Any) -> None:
        server = socket.connect_to_server()

        def to_server(message: str) -> None:
            if not swapped:
                swapped.append(message)
                message = json.dumps({**json.loads(message), "action": "place Z9"})
            server.send(message)

        socket.on_message(to_server)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), relay)
    created = create_table(base_url, "grid_squid", players=2, seed=9)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    wait_for_decision(page)
    before = version(page)
    page.locator("#board [data-tile].clickable").first.click()
    page.wait_for_selector("#error:not([hidden])")
    assert page.get_attribute("#error", "data-code") == "illegal_action"
    assert "not possible" in page.inner_text("#error")
    assert version(page) == before

    page.locator("#board [data-tile].clickable").first.click()
    wait_for_version_after(page, before)
    assert page.locator("#error").is_hidden()
    assert len(swapped) == 1


def test_the_page_reconnects_when_its_connection_drops(page: Any, base_url: str) -> None:
    """The first WebSocket is closed right after its first state message: the page says so,
    opens a new connection with the same seat, and play goes on."""
    connections: list[Any] = []

    def relay(socket: Any) -> None:
        server = socket.connect_to_server()
        connections.append(socket)
        if len(connections) == 1:
            def forward_then_drop(message: str) -> None:
                socket.send(message)
                socket.close()

            server.on_message(forward_then_drop)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), relay)
    created = create_table(base_url, "grid_squid", players=2, seed=12)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    deadline = time.monotonic() + 10
    while len(connections) < 2 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(connections) == 2, "one reconnection after the drop"
    page.wait_for_selector("#connection[data-status=connected]")
    assert wait_for_decision(page) == "yours"
    before = version(page)
    page.locator("#board [data-tile].clickable").first.click()
    wait_for_version_after(page, before)
    assert page.locator("#seats li.me").count() == 1


def test_a_failing_board_module_falls_back_to_the_generic_view(
        page: Any, base_url: str) -> None:
    page.route(re.compile(r".*/games/grid_squid/table\.js$"), lambda route: route.fulfill(
        status=200, content_type="text/javascript",
        body="export function draw() { throw new Error('this board is broken'); }"))
    created = create_table(base_url, "grid_squid", players=2, seed=13)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    page.wait_for_selector("#board text.tree-line", state="attached")
    tree = page.locator("#board").text_content() or ""
    assert "board:" in tree and "hand:" in tree
    assert wait_for_decision(page) == "yours"
    before = version(page)
    page.locator("#actions button.action").first.click()
    wait_for_version_after(page, before)
    assert page.console.errors == []
