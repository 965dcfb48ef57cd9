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


def create_in_lobby(page: Any, game_id: str, bots: list[str], seed: int | None = None,
                    variant: str = "", proposed: bool = False) -> str:
    """Create a table with the lobby's form on `page` (the lobby): seat 0 a person, then one
    seat per bot level in `bots`; "For designers" filled in. Returns the table id."""
    page.wait_for_selector(f"#game-select option[value={game_id}]", state="attached")
    page.select_option("#game-select", game_id)
    page.select_option("#players-select", str(1 + len(bots)))
    for seat, bot in enumerate(["", *bots]):
        page.select_option(f"select[data-seat='{seat}']", bot)
    page.click("#variant-details summary")
    if seed is not None:
        page.fill("#seed-input", str(seed))
    page.fill("#variant-input", variant)
    page.set_checked("#proposed-check", proposed)
    page.click("#create-button")
    page.wait_for_selector("#create-result a.seat-link[data-seat='0']")
    return str(page.inner_text("#create-result h3").split()[1])


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


def play_first_actions(page: Any, decisions: int, check: Any = None) -> None:
    """Make up to `decisions` of this seat's decisions with the first clickable piece, or else
    the first button (bots play the others' turns), until the game is over; `check(page)` runs
    before each."""
    for _ in range(decisions):
        page.wait_for_selector("#turn[data-status=yours], #turn[data-status=over]",
                               state="attached", timeout=30_000)
        if page.get_attribute("#turn", "data-status") == "over":
            return
        if check is not None:
            check(page)
        before = version(page)
        click_board_or_button(page)
        wait_for_version_after(page, before)


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
