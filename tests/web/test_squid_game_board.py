"""Squid Game's board at 1280x800 (docs/playtest.md, item 5): every text at least 12 px with the
status bar's action row shown, each game's board in its panel without scrolling with six teams,
the Doll of Red Light, Green Light drawn as a figure that faces the players or is turned away,
and the Glass Bridge drawn at the end of the line its caption names. The drawings of the Doll
and the bridge are checked on views made here, both ways round."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .helpers import create_table, seat_url, version, wait_for_state, wait_for_version_after
from .newcomer import new_page
from .test_one_screen import CLICK, decide_or_end
from .test_phone import MEASURE, SMALLEST_TEXT

DESKTOP = {"width": 1280, "height": 800}
DECISIONS = 6  # measured at each of the seat's first decisions

# Where the first choice on the board lies, against the board's panel (which scrolls when the
# board is taller than it).
CHOICE_IN_PANEL = """() => {
  const piece = document.querySelector('#board .clickable:not(.ghost)');
  if (!piece) return true;
  const box = piece.getBoundingClientRect();
  const panel = document.querySelector('.board-panel').getBoundingClientRect();
  return box.top >= panel.top - 0.5 && box.bottom <= panel.bottom + 0.5;
}"""


def my_decisions(page: Any, count: int) -> Iterator[int]:
    """The seat's first `count` decisions, each yielded for checking before it is played."""
    for decision in range(count):
        if decide_or_end(page) != "yours":
            return
        yield decision
        before = version(page)
        page.evaluate(CLICK, decision)
        wait_for_version_after(page, before)


@pytest.mark.parametrize("stage", ["red_light_green_light", "glass_bridge", "squid_game"])
def test_every_text_is_at_least_12_px_at_1280x800(browser: Any, base_url: str, stage: str):
    created = create_table(base_url, "squid_game", 3, seed=5, options={"game": stage, "tokens": 7})
    page = new_page(browser, viewport=DESKTOP)
    try:
        page.goto(seat_url(base_url, created))
        wait_for_state(page)
        for decision in my_decisions(page, DECISIONS):
            page.wait_for_function(CHOICE_IN_PANEL)  # a tall board scrolls its choice in view
            found = page.evaluate(MEASURE)
            assert found["texts"], stage
            assert found["small"] == [], f"{stage}, decision {decision}: text under " \
                f"{SMALLEST_TEXT} px: {found['small'][:5]}"
        assert page.console.errors == []
    finally:
        page.context.close()


STAGES = ["red_light_green_light", "dalgona", "tug_of_war", "marbles", "glass_bridge",
          "squid_game"]
FITTED = 4  # decisions measured in each game
# The board's panel: how tall its content is against how tall it is shown.
PANEL = """() => { const panel = document.querySelector('.board-panel');
  return [panel.scrollHeight, panel.clientHeight]; }"""


def test_every_stage_fits_its_panel_at_1280x800_with_six_teams(browser: Any, base_url: str):
    page = new_page(browser, viewport=DESKTOP)
    try:
        for stage in STAGES:
            tokens = 4 if stage == "glass_bridge" else 7  # the Glass Bridge's line holds 24
            created = create_table(base_url, "squid_game", 6, seed=5,
                                   options={"game": stage, "tokens": tokens})
            page.goto(seat_url(base_url, created))
            wait_for_state(page)
            for decision in my_decisions(page, FITTED):  # the tokens spread as the game goes on
                content, shown = page.evaluate(PANEL)
                assert content <= shown + 1, \
                    f"{stage}, decision {decision}: the board needs {content} px, shown {shown}"
                found = page.evaluate(MEASURE)
                assert found["texts"] and found["small"] == [], f"{stage}: {found['small'][:5]}"
        assert page.console.errors == []
    finally:
        page.context.close()


# Draws Squid Game's board for a view made here into a board of the given width; returns what
# the test reads of it.
DRAW = """async ([game, width]) => {
  const drawer = await import('/games/squid_game/table.js');
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', 'board');
  svg.style.width = `${width}px`;
  document.body.appendChild(svg);
  const view = {seat: 0, seat_names: ['White', 'Pink', 'Red'], state: {
    phase: 'play', games: [game.stage], stage: 0, results: [],
    teams: [[1, 2, 3], [4, 5], [6]], reserve: [[], [], []], bank: [[], [], []], game}};
  drawer.draw(svg, view, [], {}, () => {});
  const doll = svg.querySelector('.doll');
  const x = (selector) => svg.querySelector(selector)?.getBBox().x;
  const y = (selector) => svg.querySelector(selector)?.getBBox().y;
  const drawn = {
    doll: doll && {facing: doll.dataset.facing, label: doll.getAttribute('aria-label'),
      role: doll.getAttribute('role'), tooltip: doll.querySelector('title')?.textContent,
      eyes: doll.querySelectorAll('circle').length},
    text: svg.textContent,
    front: [x('[data-place="line 1"]'), y('[data-place="line 1"]')],
    back: [x('[data-place="line 6"]'), y('[data-place="line 6"]')],
    tile: [x('[data-place="tile 1"]'), y('[data-place="tile 1"]')],
  };
  svg.remove();
  return drawn;
}"""


def red_light(doll: list[int] | None) -> dict[str, Any]:
    return {"stage": "red_light_green_light", "lanes": 10, "at": {"1": 0, "4": 2, "6": -1},
            "doll": doll, "deck_size": 5, "revealed": [None, None, None]}


def bridge(side: str) -> dict[str, Any]:
    return {"stage": "glass_bridge", "line": 6, "tiles": ["left", None, "right"],
            "at": {"1": 5, "4": 0, "6": 6}, "bridge_side": side, "spots": [None] * 6,
            "hands": [[1, 2], [3], [4]]}


@pytest.fixture
def squid_game_page(browser: Any, base_url: str) -> Any:
    """A Squid Game table at 1280x800 (its pieces and language loaded) to draw views on."""
    created = create_table(base_url, "squid_game", 3, seed=5, options={"game": "dalgona"})
    page = new_page(browser, viewport=DESKTOP)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    yield page
    page.context.close()


def test_the_doll_faces_the_players_on_a_red_light_and_turns_away_otherwise(squid_game_page: Any):
    drawn = {name: squid_game_page.evaluate(DRAW, [red_light(doll), 480])["doll"]
             for name, doll in (("red", [2, 5]), ("green", []), ("none", None))}
    assert drawn["red"]["facing"] == "true"
    assert "Red Light: 2 and 5 are seen" in drawn["red"]["label"]
    assert drawn["green"]["facing"] == "false" and "Green Light" in drawn["green"]["label"]
    assert drawn["none"]["facing"] == "false" and "no Doll card" in drawn["none"]["label"]
    for doll in drawn.values():
        assert doll["role"] == "img" and doll["tooltip"] == doll["label"]
    assert drawn["red"]["eyes"] > drawn["green"]["eyes"]  # a face drawn only when facing
    assert squid_game_page.console.errors == []


@pytest.mark.parametrize("side", ["left", "right"])
def test_the_glass_bridge_is_drawn_at_the_end_of_the_line_its_caption_names(
        squid_game_page: Any, side: str):
    drawn = squid_game_page.evaluate(DRAW, [bridge(side), 480])
    assert f"The bridge is at the {side} end of the line" in drawn["text"]
    (front_x, front_y), (back_x, back_y), (tile_x, tile_y) = (
        drawn["front"], drawn["back"], drawn["tile"])
    assert front_y == back_y == tile_y  # one row: the line, then the bridge
    if side == "right":
        assert back_x < front_x < tile_x
    else:
        assert back_x > front_x > tile_x
    assert squid_game_page.console.errors == []
