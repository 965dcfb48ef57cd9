"""The table page for everyone at it (issue 13 item 4 and the open seats' names): the time left
of every running turn timer, counting down for seats and spectators alike, and display names in
the seat list and the turn line; a scrolled log starting with a whole entry; the how-to-play page
with the rulings folded away until linked."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe

import squidbox

from .helpers import (
    click_board_or_button,
    create_table,
    seat_url,
    wait_for_decision,
    wait_for_state,
)
from .newcomer import new_page
from .test_axe import OVERFLOWING, axe, blocking_violations, bots_only, phone, wait_until_finished

__all__ = ["axe", "phone"]  # fixtures shared with test_axe.py

TURN_SECONDS = 4


def seconds_left(text: str) -> int:
    minutes, seconds = re.search(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(seconds)


def test_everyone_sees_whose_clock_runs_the_time_left_and_the_players_names(
        page: Any, browser: Any, base_url: str) -> None:
    body = {"game": "grid_squid", "players": 2, "seed": 5, "turn_seconds": TURN_SECONDS,
            "open_seats": [1]}
    created = httpx.post(f"{base_url}/api/tables", json=body, timeout=30).json()
    table = created["table"]
    taken = httpx.post(f"{base_url}/api/tables/{table}/seats", json={"name": "Ann"}, timeout=10)
    assert taken.status_code == 201, taken.text
    page.goto(f"{base_url}{created['seats'][0]['url']}")
    watcher = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        spectator = watcher.new_page()
        spectator.goto(f"{base_url}/t/{table}")
        for tab in (page, spectator):
            wait_for_state(tab)
            tab.wait_for_selector("#clocks:not([hidden]) .clock")
            assert "(Ann)" in tab.inner_text("#seats")  # the name Ann took seat 2 with
        assert httpx.get(f"{base_url}/api/tables/{table}", timeout=10).json()["time_left"]
        watched = spectator.inner_text("#clocks")
        assert watched.startswith("Time left to move:")
        assert "At 0:00 the server makes a move" in watched
        seat_clock = spectator.inner_text(".seats .seat-clock")
        assert re.fullmatch(r"0:0\d left", seat_clock)
        first = seconds_left(watched)
        assert 1 <= first <= TURN_SECONDS
        spectator.wait_for_function(  # counts down live, without a new message
            "first => { const m = document.querySelector('#clocks .clock').textContent"
            ".match(/(\\d+):(\\d\\d)/); return Number(m[1]) * 60 + Number(m[2]) < first; }",
            arg=first, timeout=3_000)
        # Nobody moves: at 0:00 the server moves for the seat, and the other's clock starts.
        # Within two turns each seat's clock has run; the seat sees "you", the watcher a name.
        clock_names = "name => document.getElementById('clocks').textContent.includes(name)"
        both_turns = (2 * TURN_SECONDS + 6) * 1000
        page.wait_for_function(clock_names, arg="Time left to move: you ", timeout=both_turns)
        assert "Red" in spectator.inner_text("#clocks") or spectator.wait_for_function(
            clock_names, arg="Red ", timeout=2_000)
        assert "you" not in spectator.inner_text("#clocks")
        page.wait_for_function(clock_names, arg="Blue (Ann) ", timeout=both_turns)
        assert "Waiting for Blue (Ann)" in page.inner_text("#turn")
    finally:
        watcher.close()
    assert page.console.errors == []


def test_the_rulings_are_folded_away_until_linked(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/rules/grid_squid")
    rulings = page.locator("details#rulings")
    assert rulings.get_attribute("open") is None
    assert page.inner_text("details#rulings > summary") == \
        "For owners of the printed game and designers: our rulings"
    assert not page.locator("#rulings .rulings-text").is_visible()
    html = page.content()
    assert html.index('id="how-to-play"') < html.index('id="rulings"')
    page.goto(f"{base_url}/rules/grid_squid#rulings")
    page.wait_for_selector("details#rulings[open]")
    assert page.locator("#rulings .rulings-text h1, #rulings .rulings-text h2").first.is_visible()
    page.goto(f"{base_url}/rules/squid_circle")
    page.evaluate("window.location.hash = 'rulings'")  # a link within the page opens them too
    page.wait_for_selector("details#rulings[open]")
    assert page.console.errors == []


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_the_opened_rulings_are_axe_clean_and_fit_a_phone(
        phone: Any, base_url: str, axe: Axe, game_id: str) -> None:
    phone.goto(f"{base_url}/rules/{game_id}#rulings")
    phone.wait_for_selector("details#rulings[open]")
    assert blocking_violations(axe, phone) == [], f"{game_id} rulings"
    page_width = phone.evaluate(OVERFLOWING)
    assert page_width["scroll"] <= page_width["width"] and page_width["wide"] == [], page_width


CUT_ENTRY = """() => {
  const log = document.getElementById('log');
  const top = log.getBoundingClientRect().top + log.clientTop;
  const first = [...log.children].find((item) => item.getBoundingClientRect().bottom > top);
  const rect = first.getBoundingClientRect();
  return { cut: rect.top < top ? rect.bottom - top : 0, scrolled: log.scrollTop,
           cover: parseFloat(getComputedStyle(log, '::before').height) };
}"""


def test_a_scrolled_log_shows_no_sliver_of_a_cut_entry(page: Any, base_url: str) -> None:
    table = bots_only(base_url, "grid_squid")
    wait_until_finished(base_url, table)
    page.goto(f"{base_url}/t/{table}")
    page.wait_for_selector("#log li:nth-child(20)", state="attached")
    for scroll in ["log.scrollHeight", "log.scrollTop - 7", "log.scrollTop - 13"]:
        page.evaluate(f"() => {{ const log = document.getElementById('log'); "
                      f"log.scrollTop = {scroll}; }}")
        page.wait_for_timeout(100)
        seen = page.evaluate(CUT_ENTRY)
        assert seen["scrolled"] > 0
        assert abs(seen["cover"] - seen["cut"]) < 1, seen  # just the cut part is covered


# The turn line and the panel of a computer seat that is to move: "… is thinking…".
THINKING = """() => {
  const turn = document.getElementById('turn');
  const panel = document.querySelector('#seats li.thinking');
  return turn.dataset.status === 'waiting' && panel !== null
    && [turn.textContent, panel.dataset.seat, panel.textContent.includes('thinking…')];
}"""


def test_a_computer_seat_to_move_is_shown_thinking(browser: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=2, seed=7)
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('squidbox:pace', '2500')")  # the bot's move waits
    try:
        page.goto(seat_url(base_url, created))
        assert wait_for_decision(page) == "yours"
        assert page.locator("#seats li.thinking").count() == 0
        bot = page.locator("#seats li[data-seat='1'] .seat-name").inner_text()
        click_board_or_button(page)  # a tile, or a hand card and then its tile
        turn, seat, says_thinking = page.wait_for_function(THINKING, polling="raf").json_value()
        assert turn == f"{bot} is thinking…" and seat == "1" and says_thinking
        assert wait_for_decision(page) == "yours"  # the bot moved: nobody is thinking
        assert page.locator("#seats li.thinking").count() == 0
        assert "thinking" not in page.inner_text("#turn")
        assert page.console.errors == []
    finally:
        page.context.close()
