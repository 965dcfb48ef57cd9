"""Every game's table at phone size (390×844, touch): every tap target on the board at least
44 px, every board text at least 12 px, no sideways scrolling (issue 13, item 7), measured on
the drawn board over the first moves of a game. Also: the empty spaces of each board explain
themselves with their data file's text, Squid, Inc.'s cards are never cut, the Directors
"Collect" tile has a 4.5:1 contrast in its look.toml colour, and the automatic-pass toggle is
shown only in games that have a pass. With SQUIDBOX_SCREENSHOTS=docs/screenshots the README's
phone pictures are made again."""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import squidbox
from squidbox.autopass import PASS
from squidbox.registry import game_part

from .helpers import create_table, seat_url, wait_for_state, wait_for_version_after
from .newcomer import click_something, new_page

PHONE = {"width": 390, "height": 844}
MOVES = 4  # the board is measured after each of the seat's first moves
SMALLEST_TEXT = 12
SMALLEST_TARGET = 44

# (game, options): Squid Game's boards differ most between its games, so three of them.
TABLES = [
    ("grid_squid", {}), ("squid_circle", {}), ("squid_game", {"game": "tug_of_war"}),
    ("squid_game", {"game": "glass_bridge"}), ("squid_game", {"game": "dalgona"}),
    ("squid_inc", {}), ("directors", {}),
]

MEASURE = """() => {
  const board = document.getElementById('board');
  const small = [];
  for (const text of board.querySelectorAll('text')) {
    if (!text.textContent.trim() || !text.getBBox().width) continue;
    const px = parseFloat(getComputedStyle(text).fontSize) * text.getScreenCTM().a;
    if (px < 11.99) small.push(`${px.toFixed(1)}px "${text.textContent}"`);
  }
  const tiny = [];
  for (const node of board.querySelectorAll('.clickable, [data-piece]')) {
    const box = node.getBoundingClientRect();
    if (box.width < 43.99 || box.height < 43.99) {
      const size = `${box.width.toFixed(0)}x${box.height.toFixed(0)}`;
      tiny.push(`${size} ${node.getAttribute('aria-label')}`);
    }
  }
  const root = document.documentElement;
  return {small, tiny, targets: board.querySelectorAll('.clickable, [data-piece]').length,
          texts: board.querySelectorAll('text').length,
          scroll: [root.scrollWidth, root.clientWidth]};
}"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    opened = new_page(browser, viewport=PHONE, is_mobile=True, has_touch=True,
                      device_scale_factor=2)
    yield opened
    opened.context.close()


def open_table(page: Any, base_url: str, game_id: str, options: dict[str, Any],
               players: int = 3) -> dict[str, Any]:
    created = create_table(base_url, game_id, players, seed=7, options=options)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    return created


def assert_fits_a_phone(page: Any, where: str) -> None:
    found = page.evaluate(MEASURE)
    assert found["texts"] and found["targets"], where
    assert found["small"] == [], f"{where}: text under {SMALLEST_TEXT} px: {found['small']}"
    assert found["tiny"] == [], f"{where}: targets under {SMALLEST_TARGET} px: {found['tiny']}"
    width, shown = found["scroll"]
    assert width <= shown, f"{where}: the page scrolls sideways ({width} > {shown})"


@pytest.mark.parametrize(("game_id", "options"), TABLES,
                         ids=[f"{g}-{o.get('game', '')}".strip("-") for g, o in TABLES])
def test_every_board_fits_a_phone(phone: Any, base_url: str, screenshots: Path,
                                  game_id: str, options: dict[str, Any]) -> None:
    open_table(phone, base_url, game_id, options, players=2 if game_id == "squid_inc" else 3)
    rng = random.Random(3)
    for move in range(MOVES):
        status = phone.get_attribute("#turn", "data-status")
        assert_fits_a_phone(phone, f"{game_id} {options} after {move} moves")
        if status == "over":
            break
        phone.wait_for_selector("#turn[data-status=yours]", state="attached", timeout=30_000)
        before = int(phone.get_attribute("#table-app", "data-version"))
        click_something(phone, rng)
        wait_for_version_after(phone, before)
        phone.wait_for_selector("#turn[data-status=yours], #turn[data-status=over]",
                                state="attached", timeout=30_000)
    assert_fits_a_phone(phone, f"{game_id} {options} at the end")
    if not options or options.get("game") == "tug_of_war":
        phone.evaluate("window.scrollTo(0, 0)")  # the sticky status bar in place, not on the board
        phone.screenshot(path=str(screenshots / f"{game_id}-phone.png"), full_page=True)
    assert phone.console.errors == []


def tooltip_of(page: Any, selector: str) -> str:
    """Focus a board element (as Tab would) and read its tooltip."""
    page.locator(selector).first.focus()
    page.wait_for_selector(".piece-tooltip")
    return page.inner_text(".piece-tooltip")


def detail_of(page: Any, selector: str) -> str:
    """Switch Explain on and tap the element: its detail panel's text."""
    page.click("#explain-button")
    page.locator(selector).first.tap()
    page.wait_for_selector(".piece-panel")
    text = page.inner_text(".piece-panel")
    page.click(".piece-panel button")
    page.click("#explain-button")
    return text


def data_of(game_id: str) -> Any:
    return squidbox.get_game(game_id).data


def expected_grid_squid(page: Any) -> tuple[str, list[str]]:
    data = data_of("grid_squid")
    symbol = page.evaluate("""() => [...document.querySelectorAll('#board [data-tile]')]
      .find((t) => !t.querySelector('.cube')).getAttribute('data-piece')""").split(":", 1)[1]
    points = [f"{length} in a row {p} point" for length, p in data.line_points.items()]
    return f'#board [data-piece="tile:{symbol}"]:not(:has(.cube))', [
        f"{symbol} tile", *points, f"a Squid) {data.squid_bonus} more"]


def expected_squid_inc(page: Any) -> tuple[str, list[str]]:
    tier = data_of("squid_inc").tiers[0]
    return '#board [data-piece="space:1"]', [
        "Empty space on Tier 1", f"scores {tier.multiplier} × its Clout Value",
        f"{tier.rows} rows of {tier.columns}"]


def expected_tug(page: Any) -> tuple[str, list[str]]:
    data = data_of("squid_game")
    first, second = data.tug_teams[:2]
    return f'#board [data-piece="rope:{first}"]', [
        f"Rope team {first}", f"against team {second}", f"places {data.tug_slots_per_team}"]


def expected_bridge(page: Any) -> tuple[str, list[str]]:
    data = data_of("squid_game")
    return '#board [data-piece="place:mannequin"]', [
        "Mannequin position", f"holds {data.position_capacity} tokens",
        f"places a strip {data.positions_per_strip}"]


def expected_squid_circle(page: Any) -> tuple[str, list[str]]:
    # SQUID's board has no empty space: the guard's place on the circle stands for it.
    return '#board [data-piece="guard"]', ["guard"]


def expected_directors(page: Any) -> tuple[str, list[str]]:
    # Directors has no board spaces: the Action tiles are the places you choose.
    return '#board [data-piece="action:collect"]', ["Collect", "Gold"]


EMPTY_SPACES = [
    ("grid_squid", {}, expected_grid_squid), ("squid_inc", {}, expected_squid_inc),
    ("squid_game", {"game": "tug_of_war"}, expected_tug),
    ("squid_game", {"game": "glass_bridge"}, expected_bridge),
    ("squid_circle", {}, expected_squid_circle), ("directors", {}, expected_directors),
]


@pytest.mark.parametrize(("game_id", "options", "expected"), EMPTY_SPACES,
                         ids=[f"{g}-{o.get('game', '')}".strip("-") for g, o, _ in EMPTY_SPACES])
def test_empty_spaces_explain_themselves_with_the_data_file_text(
        phone: Any, base_url: str, game_id: str, options: dict[str, Any], expected: Any) -> None:
    open_table(phone, base_url, game_id, options, players=2 if game_id == "squid_inc" else 3)
    selector, parts = expected(phone)
    for text in (tooltip_of(phone, selector), detail_of(phone, selector)):
        flat = " ".join(text.split())
        for part in parts:
            assert part in flat, f"{part!r} not in {flat!r}"
    assert phone.console.errors == []


TILE_TEXTS = """() => [...document.querySelectorAll('#board g.emp-tile[data-piece^="employee:"]')]
  .map((tile) => {
    const frame = tile.querySelector('rect').getBBox();
    const texts = [...tile.querySelectorAll('text')];
    const outside = texts.filter((t) => {
      const box = t.getBBox();
      return box.x < frame.x - 0.5 || box.x + box.width > frame.x + frame.width + 0.5
        || box.y < frame.y - 0.5 || box.y + box.height > frame.y + frame.height + 0.5;
    }).map((t) => t.textContent);
    return {key: tile.dataset.piece, text: texts.map((t) => t.textContent).join(' '), outside,
            said: `${tile.getAttribute('aria-label')} ${tile.getAttribute('aria-description')}`};
  })"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}],
                         ids=["phone", "desktop"])
def test_squid_inc_tiles_show_name_and_value_and_explain_the_ability(
        browser: Any, base_url: str, viewport: dict[str, int]) -> None:
    """Employees are small tiles: the whole name inside the tile, the value, and the ability
    in the piece's text (tooltip, tap, screen reader), never cut."""
    page = new_page(browser, viewport=viewport)
    try:
        open_table(page, base_url, "squid_inc", {}, players=2)
        page.wait_for_selector("#turn[data-status=yours]", state="attached", timeout=30_000)
        book = page.evaluate("() => fetch('/api/games/squid_inc/pieces').then(r => r.json())")
        tiles = page.evaluate(TILE_TEXTS)
        assert len(tiles) >= 4  # both Mailrooms' two each, and the line's tiles
        for tile in tiles:
            piece = book["pieces"][tile["key"]]
            flat = " ".join(tile["text"].split()).replace("- ", "")  # a hyphenated long word
            assert piece["name"] in flat, f"{tile['key']}: {flat!r}"
            assert " ".join(piece["text"].split()) in " ".join(tile["said"].split())
            assert tile["outside"] == [], f"{tile['key']}: text runs past the tile"
        assert any("M1" in tile["text"] for tile in tiles)  # a Mailroom's Clout of the cost
        assert "…" not in page.locator("#board").text_content()
    finally:
        page.context.close()


CONTRAST = """() => {
  const tile = document.querySelector('#board [data-piece="action:collect"]');
  const fill = tile.querySelector('rect').getAttribute('fill');
  const ink = [...tile.querySelectorAll('text')].map((t) => t.getAttribute('fill'));
  return {fill, ink};
}"""


def luminance(colour: str) -> float:
    channels = [int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    dark, light = sorted([luminance(first), luminance(second)])
    return (light + 0.05) / (dark + 0.05)


def test_the_directors_collect_tile_reads_at_4_5_to_1(phone: Any, base_url: str) -> None:
    look = tomllib.loads(resources.files("squidbox.games.directors").joinpath("look.toml")
                         .read_text(encoding="utf-8"))
    open_table(phone, base_url, "directors", {})
    drawn = phone.evaluate(CONTRAST)
    assert drawn["fill"].lower() == look["colours"]["Gold"].lower()  # from look.toml
    for ink in drawn["ink"]:
        assert contrast(drawn["fill"], ink) >= 4.5, (drawn["fill"], ink)


def test_the_auto_pass_toggle_is_shown_only_where_a_seat_can_pass(
        browser: Any, base_url: str) -> None:
    passes = {game.id: PASS in game.actions for game in squidbox.list_games()}
    assert any(passes.values()) and not all(passes.values())
    page = new_page(browser, viewport=PHONE)
    try:
        for game_id, has_pass in passes.items():
            game = squidbox.get_game(game_id)
            open_table(page, base_url, game_id, {}, players=max(2, game.min_players))
            page.wait_for_timeout(200)  # the toggle waits for the game's pieces answer
            assert page.locator("#auto-pass").count() == (1 if has_pass else 0), game_id
    finally:
        page.context.close()


def test_a_squid_game_step_says_what_it_asks_for(phone: Any, base_url: str) -> None:
    open_table(phone, base_url, "squid_game", {"game": "tug_of_war"})
    phone.wait_for_selector("#board .step-note")
    key = phone.get_attribute("#board .step-note", "data-piece")
    assert key.startswith("step:tug_of_war:")
    book = game_part("squid_game", "pieces").pieces(squidbox.get_game("squid_game"))
    shown = " ".join(phone.locator("#board .step-note text").all_text_contents())
    assert shown == " ".join(book.pieces[key].text.split())


def test_a_board_is_laid_out_again_when_the_screen_narrows(browser: Any, base_url: str) -> None:
    page = new_page(browser, viewport={"width": 1280, "height": 900})
    try:
        open_table(page, base_url, "squid_inc", {}, players=2)
        wide = page.evaluate("() => document.getElementById('board').viewBox.baseVal.width")
        page.set_viewport_size(PHONE)
        page.wait_for_function("w => document.getElementById('board').viewBox.baseVal.width < w",
                               arg=wide)
        assert_fits_a_phone(page, "squid_inc after the window narrowed")
    finally:
        page.context.close()


def test_a_tap_shows_a_piece_and_what_it_does_and_a_second_tap_plays_it(
        phone: Any, base_url: str) -> None:
    open_table(phone, base_url, "squid_circle", {})
    single = "#board .clickable[data-piece][data-action]"
    for _ in range(8):  # until a piece plays one move (a vote or a trick)
        phone.wait_for_selector("#turn[data-status=yours]", state="attached", timeout=30_000)
        if phone.locator(single).count():
            break
        before = int(phone.get_attribute("#table-app", "data-version"))
        phone.locator("#actions button.action, #board .clickable").first.click()
        wait_for_version_after(phone, before)
    piece = phone.locator(single).first
    action = piece.get_attribute("data-action")
    before = int(phone.get_attribute("#table-app", "data-version"))
    piece.tap()
    phone.wait_for_selector(f".chooser button[data-action='{action}']")
    assert phone.inner_text(".chooser .chooser-piece")  # the piece's text, to read first
    assert int(phone.get_attribute("#table-app", "data-version")) == before  # nothing played
    scrolled = phone.evaluate("window.scrollY")
    phone.locator(f"#board .clickable[data-action='{action}']").first.tap()
    wait_for_version_after(phone, before)
    phone.wait_for_timeout(300)
    after = phone.evaluate("window.scrollY")
    assert scrolled == 0 or after > 0, f"the page jumped to its top ({scrolled} → {after})"


# Where each how-to-play link of the header lies, and whether the row scrolls sideways.
HEADER_LINKS = """() => {
  const nav = document.querySelector('.site-header nav');
  const links = [...nav.querySelectorAll('a')];
  return {tops: links.map((a) => Math.round(a.getBoundingClientRect().top)),
          height: nav.getBoundingClientRect().height, line: links[0].getBoundingClientRect().height,
          scrolls: nav.scrollWidth > nav.clientWidth, page: document.documentElement.scrollWidth};
}"""


def test_the_headers_game_links_are_one_row_on_a_phone(phone: Any, base_url: str) -> None:
    phone.goto(f"{base_url}/")
    found = phone.evaluate(HEADER_LINKS)
    assert len(found["tops"]) == len(squidbox.list_games())
    assert len(set(found["tops"])) == 1, f"the links take {len(set(found['tops']))} lines"
    assert found["height"] < 2 * found["line"] + 8
    assert found["scrolls"] and found["page"] <= PHONE["width"]  # the row scrolls, not the page
    last = phone.locator(".site-header nav a").last
    last.scroll_into_view_if_needed()
    assert last.is_visible()
