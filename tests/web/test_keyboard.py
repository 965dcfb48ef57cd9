"""A whole Grid Squid game played by keyboard alone: Tab and the arrow keys reach the board's
tiles and cards, a visible ring shows which one has focus, Enter chooses a card and then the tile
it goes to, and focus stays on the board when it is redrawn after the move."""

from __future__ import annotations

import random
from typing import Any

from . import helpers

FOCUSED = """() => {
  const node = document.activeElement;
  const board = document.getElementById('board');
  const ring = board.querySelector('.focus-ring');
  const box = ring && ring.getBoundingClientRect();
  return {onBoard: board.contains(node) && node !== board,
          playable: !!node?.classList?.contains('clickable') && board.contains(node),
          selects: !!node?.classList?.contains('selectable'),
          action: node?.dataset?.action || null,
          ring: box ? [box.width, box.height] : null};
}"""
MOST_KEYS = 150  # presses to reach a playable piece before the test gives up


def reach_a_playable_piece(page: Any, rng: random.Random,
                           target: bool = False) -> dict[str, Any]:
    """Tab (and now and then an arrow key, once on the board) until a playable piece has focus
    (with `target`, a place for the selected piece, not another piece to select)."""
    for _ in range(MOST_KEYS):
        focused = page.evaluate(FOCUSED)
        if focused["playable"] and not (target and focused["selects"]):
            return focused
        if focused["onBoard"] and rng.random() < 0.5:
            page.keyboard.press(rng.choice(["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]))
        else:
            page.keyboard.press("Tab")
    raise AssertionError("no playable piece could be reached with the keyboard")


def test_a_whole_grid_squid_game_by_keyboard_alone(page: Any, base_url: str) -> None:
    created = helpers.create_table(base_url, "grid_squid", 2, seed=4)
    page.goto(helpers.seat_url(base_url, created))
    helpers.wait_for_state(page)
    rng = random.Random(9)
    moves = 0
    arrows_used = False
    while helpers.wait_for_decision(page) == "yours":
        focused = reach_a_playable_piece(page, rng)
        assert focused["ring"] and min(focused["ring"]) >= 44, "a visible focus ring"
        before = helpers.version(page)
        page.keyboard.press("Enter")
        if page.locator("#board .selected").count():  # a card chosen: now its tile
            reach_a_playable_piece(page, rng, target=True)
            page.keyboard.press("Enter")
        helpers.wait_for_version_after(page, before)
        moves += 1
        if moves == 1:  # the arrow keys move between tiles too
            page.wait_for_timeout(50)
            start = page.evaluate("() => document.activeElement?.getAttribute('data-tile')")
            page.keyboard.press("ArrowRight")
            after = page.evaluate("() => document.activeElement?.getAttribute('data-tile')")
            arrows_used = start is not None and after is not None and after != start
    assert page.get_attribute("#turn", "data-status") == "over"
    assert moves >= 15  # five cards a round, three rounds
    assert arrows_used, "ArrowRight moved focus from a tile to the next"
    page.wait_for_selector("#results:not([hidden])")
    assert page.console.errors == []


RING_AND_PIECE = """() => {
  const ring = document.querySelector('#board .focus-ring');
  const node = document.activeElement;
  if (!ring) return null;
  const r = ring.getBoundingClientRect(), n = node.getBoundingClientRect();
  return {around: r.left <= n.left && r.top <= n.top && r.right >= n.right && r.bottom >= n.bottom,
          near: Math.abs(r.left - n.left) < 12 && Math.abs(r.top - n.top) < 12};
}"""


def test_the_focus_ring_is_drawn_around_its_piece_and_only_for_the_keyboard(
        page: Any, base_url: str) -> None:
    created = helpers.create_table(base_url, "squid_game", 3, seed=4)
    page.goto(helpers.seat_url(base_url, created))
    helpers.wait_for_decision(page)
    page.locator("#board .clickable").first.click()  # a mouse click: no ring
    page.wait_for_timeout(100)
    assert page.locator("#board .focus-ring").count() == 0
    helpers.wait_for_decision(page)
    seen = 0
    for _ in range(60):  # the pieces inside moved groups as well as the others
        page.keyboard.press("Tab")
        if page.evaluate("() => document.getElementById('board').contains(document.activeElement)"):
            ring = page.evaluate(RING_AND_PIECE)
            assert ring and ring["around"] and ring["near"], ring
            seen += 1
            if seen == 12:
                break
    assert seen
