"""What the browser tests share: creating tables through the API, and waiting on a table page."""

from __future__ import annotations

from typing import Any

import httpx

import squidbox

BOT = "random"


def players_for(game_id: str) -> int:
    game = squidbox.get_game(game_id)
    return min(max(game.min_players, 3), game.max_players)


def create_table(base_url: str, game_id: str, players: int | None = None,
                 seed: int = 11, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A table where seat 0 is human and every other seat is a bot; the API's answer."""
    count = players or players_for(game_id)
    body = {"game": game_id, "players": count, "options": options or {},
            "bots": {str(seat): BOT for seat in range(1, count)}, "seed": seed,
            "turn_seconds": None}
    response = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def seat_url(base_url: str, created: dict[str, Any], seat: int = 0) -> str:
    url = next(s["url"] for s in created["seats"] if s["seat"] == seat)
    return f"{base_url}{url}"


def version(page: Any) -> int:
    return int(page.get_attribute("#table-app", "data-version") or -1)


def wait_for_state(page: Any) -> None:
    """The first state message has been drawn."""
    page.wait_for_selector("#table-app[data-version]", state="attached")
    page.wait_for_selector("#board > *", state="attached")


def wait_for_decision(page: Any) -> str:
    """Wait until it is this seat's turn or the game is over; the turn line's status."""
    page.wait_for_selector("#turn[data-status=yours], #turn[data-status=over]",
                           state="attached", timeout=60_000)
    return page.get_attribute("#turn", "data-status")


def wait_for_version_after(page: Any, before: int) -> None:
    page.wait_for_function(
        "before => Number(document.getElementById('table-app').dataset.version) > before",
        arg=before, timeout=60_000)


def click_board_or_button(page: Any) -> str:
    """Click a clickable board element (answering a chooser with its first choice, following a
    selected piece with its first target), or else the first action button. Returns "board" or
    "button"."""
    clickable = page.locator("#board .clickable")
    if clickable.count():
        selects = clickable.first.get_attribute("data-select") is not None
        clickable.first.click()
        if selects:  # a two-step move: the piece is selected, then one of its targets
            page.wait_for_selector("#board .selected")
            page.locator("#board .clickable:not(.selectable)").first.click()
        chooser = page.locator(".chooser button[data-action]")
        if chooser.count():
            chooser.first.click()
        return "board"
    page.locator("#actions button.action").first.click()
    return "button"
