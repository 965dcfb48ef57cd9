"""A newcomer can play every game from the screen: whole games of all five games by clicks,
two people in separate browsers plus a bot; every game's pieces explain themselves with the
texts of its data file; the end shows a results panel with a rematch; each game has a
how-to-play page. With SQUIDBOX_SCREENSHOTS=docs/screenshots the screenshots of the README are
made again."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

import squidbox

from .helpers import create_table, wait_for_decision
from .newcomer import PLAYERS, new_table, play_by_clicks, two_people

GAMES = {  # Squid Game: one whole mini-game alone here; the campaign has its own test
    "grid_squid": {}, "squid_circle": {}, "squid_game": {"game": "dalgona"},
    "squid_inc": {}, "directors": {},
}
# Squid, Inc. runs to some 140 decisions a seat: two people and no bot keep it within the time
# budget; every other game has two people and a bot.
PLAYER_COUNTS = {"squid_inc": 2}
SCREENSHOT_AFTER = 6  # clicks, so that the README's pictures show a game under way


def assert_plain_text(page: Any) -> None:
    """What a person reads: no raw lists, no undefined/null/NaN, no "1 cards" or "-0"."""
    text = " ".join([page.locator("#board").text_content() or "", page.inner_text("#turn"),
                     page.inner_text("#seats")])
    assert not re.search(r"[\[\]{}]|undefined|\bnull\b|NaN|\b1 (cards|tricks|crowns|points)\b"
                         r"|[-−]0\b", text), text


def results_of(base_url: str, table_id: str) -> dict[str, Any]:
    return httpx.get(f"{base_url}/api/tables/{table_id}/results", timeout=10).json()


def check_results_panel(page: Any, results: dict[str, Any], state: dict[str, Any]) -> None:
    page.wait_for_selector("#results:not([hidden]) .results-table")
    panel = page.locator("#results")
    assert panel.locator("tbody tr").count() == len(state["view"]["seat_names"])
    heading = panel.locator("h2").inner_text()
    assert heading.startswith("Game over:") and re.search(r"(wins|share the win)", heading)
    returns = state["view"]["returns"]
    best = max(returns)
    winners = [name for name, r in zip(state["view"]["seat_names"], returns, strict=True)
               if r == best and best > 0]
    assert results["winners"] == winners
    first = panel.locator("tbody tr").first.locator("td")
    assert first.nth(0).inner_text() == "1" and "(wins)" in first.nth(1).inner_text()
    for column in results["columns"]:
        assert panel.locator("th", has_text=column).count() == 1
    if len(winners) > 1 or results["tie_break"]:
        assert results["tie_break"] in panel.inner_text()
    text = page.inner_text("body")
    assert "result 0." not in text and not re.search(r"\b0\.\d\d\b", text)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_two_people_play_a_whole_game_by_clicks_and_see_the_results(
        browser: Any, base_url: str, screenshots: Path, game_id: str) -> None:
    players = PLAYER_COUNTS.get(game_id, PLAYERS)
    created = new_table(base_url, game_id, GAMES[game_id], players=players)
    with two_people(browser, base_url, created) as pages:
        first = pages[0]
        rng = random.Random(len(game_id))
        early = play_by_clicks(pages, seed=0, most=SCREENSHOT_AFTER, rng=rng)
        first.screenshot(path=str(screenshots / f"{game_id}-table.png"), full_page=True)
        assert_plain_text(first)
        clicks = play_by_clicks(pages, seed=0, rng=rng)
        clicks = {kind: early[kind] + clicks[kind] for kind in clicks}
        state = httpx.get(f"{base_url}/api/tables/{created['table']}/state", timeout=10).json()
        assert state["view"]["is_terminal"]
        assert clicks["board"] >= 3, f"pieces on the board were clicked: {clicks}"
        results = results_of(base_url, created["table"])
        for page in pages:
            assert_plain_text(page)
            check_results_panel(page, results, state)
            assert page.locator("#rematch-button").is_visible()
            assert page.console.errors == []
        if game_id == "grid_squid" and any(d.startswith("Round 3") for d in results["details"]):
            assert first.locator("#board .scored-line").count() >= 1, "the last scoring lights up"
        first.screenshot(path=str(screenshots / f"{game_id}-results.png"), full_page=True)


def test_the_squid_game_campaign_first_two_games_by_clicks(
        browser: Any, base_url: str) -> None:
    created = new_table(base_url, "squid_game", seed=5)
    table = created["table"]

    def two_games_done() -> bool:
        view = httpx.get(f"{base_url}/api/tables/{table}/state", timeout=10).json()["view"]
        return len(view["state"]["results"]) >= 2 or view["is_terminal"]

    with two_people(browser, base_url, created) as pages:
        play_by_clicks(pages, seed=3, stop=two_games_done, seconds=150)
        view = httpx.get(f"{base_url}/api/tables/{table}/state", timeout=10).json()["view"]
        played = [r["game"] for r in view["state"]["results"]]
        assert played[:2] == ["red_light_green_light", "dalgona"]
        for page in pages:
            assert page.console.errors == []


def test_a_rematch_takes_every_seat_holder_to_the_new_table(
        browser: Any, base_url: str) -> None:
    created = new_table(base_url, "grid_squid", seed=31)
    with two_people(browser, base_url, created) as pages:
        play_by_clicks(pages, seed=1)
        for page in pages:
            page.wait_for_selector("#rematch-button")
        pages[1].click("#rematch-button")
        for page in pages:
            page.wait_for_function("old => document.getElementById('table-app')?.dataset.table"
                                   " !== old", arg=created["table"])
        new_ids = {page.get_attribute("#table-app", "data-table") for page in pages}
        assert len(new_ids) == 1 and created["table"] not in new_ids
        new_id = new_ids.pop()
        for seat, page in enumerate(pages):
            page.wait_for_selector("#seats li.me")
            me = page.inner_text("#seats li.me")
            assert me.startswith(created["seats"][seat]["name"]), me
            assert "token=" not in page.url
        info = httpx.get(f"{base_url}/api/tables/{new_id}", timeout=10).json()
        old = httpx.get(f"{base_url}/api/tables/{created['table']}", timeout=10).json()
        assert info["game"] == old["game"] and info["players"] == old["players"]
        assert [s["bot"] for s in info["seats"]] == [s["bot"] for s in old["seats"]]
        assert info["version"] < old["version"]
        again = httpx.post(f"{base_url}/api/tables/{created['table']}/rematch",
                           json={"token": "not a token"}, timeout=10)
        assert again.status_code == 403 and again.json()["code"] == "bad_token"
        for page in pages:
            assert page.console.errors == []


def hover_text(page: Any, selector: str) -> tuple[str, str]:
    """Hover the first piece matching `selector`: its key and the tooltip's text."""
    node = page.locator(f"#board {selector}").first
    key = node.get_attribute("data-piece")
    node.hover()
    page.wait_for_selector(".piece-tooltip")
    return key, page.inner_text(".piece-tooltip")


def expected_text(game_id: str, key: str) -> list[str]:
    """What the game's data file says about the piece `key` (kind:name)."""
    data = squidbox.get_game(game_id).data
    name = key.split(":", 1)[1]
    if game_id == "grid_squid":
        return [name, str(data.cards_per_symbol)]
    if game_id == "squid_circle":
        trick = next(t for t in data.tricks if t.name == name)
        return [trick.name, trick.english]
    if game_id == "squid_inc":
        employee = next(e for e in data.employees if e.name == name)
        return [employee.name, str(employee.clout)] + ([employee.text] if employee.text else [])
    if game_id == "directors":
        card = data.cards[name]
        return [card.name, card.colour, f"${card.cost}", str(card.crowns), card.text]
    number = int(name)
    colour = next(c for c, numbers in data.tokens.items() if number in numbers)
    return [f"{colour} {number:03d}"]


PIECE_SELECTORS = {
    "grid_squid": "[data-piece^='card:']", "squid_circle": "[data-piece^='trick:']",
    "squid_inc": "[data-piece^='employee:']:not([data-piece='employee:Security Guard'])",
    "directors": "[data-piece^='card:']", "squid_game": "[data-piece^='token:']",
}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_piece_shows_the_text_of_the_data_file(
        page: Any, base_url: str, game_id: str) -> None:
    created = create_table(base_url, game_id, seed=4)  # one person, bots in the other seats
    page.goto(f"{base_url}{created['seats'][0]['url']}")
    wait_for_decision(page)
    if game_id == "squid_game":  # tokens are on the board once the line-up is chosen
        page.wait_for_selector("#board [data-piece^='token:']", state="attached")
    key, text = hover_text(page, PIECE_SELECTORS[game_id])
    for part in expected_text(game_id, key):
        assert part.lower() in text.lower(), (part, text)
    # The designers' PROPOSED marks are not on a players' table (the rulings list them).
    assert "proposed" not in text.lower(), text
    marked = page.eval_on_selector_all(
        "[aria-label*='*'], [aria-description*='*'], .has-proposed, .proposed-mark",
        "nodes => nodes.length")
    assert marked == 0 and "proposed" not in page.inner_text("body").lower()
    board = page.eval_on_selector_all("#board", "nodes => nodes.map(n => n.textContent)")
    assert not any("*" in text for text in board), "no designer's * on the board"
    assert not page.is_visible("#proposed-legend")
    assert page.console.errors == []


def test_on_a_phone_explain_mode_opens_a_piece_panel_instead_of_playing_it(
        phone_page: Any, base_url: str) -> None:
    created = create_table(base_url, "directors", seed=6)
    phone_page.goto(f"{base_url}{created['seats'][0]['url']}")
    wait_for_decision(phone_page)
    version = phone_page.get_attribute("#table-app", "data-version")
    phone_page.tap("#explain-button")
    card = phone_page.locator("#board [data-piece^='card:']").first
    key = card.get_attribute("data-piece")
    card.tap()
    phone_page.wait_for_selector(".piece-panel")
    for part in expected_text("directors", key):
        assert part in phone_page.inner_text(".piece-panel")
    assert phone_page.get_attribute("#table-app", "data-version") == version, "nothing played"
    assert phone_page.locator("#turn").is_visible()
    phone_page.tap(".piece-panel button")
    assert phone_page.locator(".piece-panel").count() == 0
    phone_page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    phone_page.wait_for_function("window.scrollY > 300")
    top = phone_page.locator("#turn").bounding_box()["y"]
    assert 0 <= top < 60, f"the status bar stays in view while scrolled ({top})"
    assert phone_page.console.errors == []


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_has_a_how_to_play_page_with_its_pieces_and_rulings(
        page: Any, base_url: str, game_id: str) -> None:
    game = squidbox.get_game(game_id)
    page.goto(f"{base_url}/")
    page.click(f"header nav a[href='/rules/{game_id}']")
    assert page.inner_text("main h1").startswith("How to play")
    headings = " ".join(page.locator("#how-to-play h2").all_inner_texts()).lower()
    for part in ["goal", "setup", "end"]:
        assert part in headings, (part, headings)
    assert re.search(r"turn|round|games", headings)
    page.wait_for_selector("#example-board [data-piece]", state="attached")
    page.locator("#example-board [data-piece]").first.hover()
    page.wait_for_selector(".piece-tooltip")
    folder = Path(squidbox.__file__).parent / "games" / game_id
    first = next(line for line in (folder / "rulings.md").read_text(encoding="utf-8")
                 .splitlines() if line.startswith("#"))
    assert page.locator("#rulings h1, #rulings h2").first.inner_text().split("`")[0] in \
        first.lstrip("# ")
    assert str(game.min_players) in page.inner_text(".players")
    assert page.console.errors == []


def test_other_moves_are_shown_one_at_a_time_and_the_last_move_is_marked(
        browser: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=3, seed=7)  # two bots after us
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script("localStorage.setItem('squidbox:pace', '600')")
    try:
        page = context.new_page()
        page.goto(f"{base_url}{created['seats'][0]['url']}")
        wait_for_decision(page)
        assert page.title().startswith("Your turn")
        page.evaluate("""() => { window.drawn = [];
          new MutationObserver(() => window.drawn.push([Number(document.getElementById(
            'table-app').dataset.version), performance.now()])).observe(
            document.getElementById('table-app'), {attributeFilter: ['data-version']}); }""")
        before = int(page.get_attribute("#table-app", "data-version"))
        page.locator("#board [data-tile].clickable").first.click()
        page.wait_for_function("v => Number(document.getElementById('table-app').dataset"
                               ".version) >= v + 3", arg=before)
        drawn = page.evaluate("window.drawn")
        versions = [v for v, _ in drawn]
        assert versions == [before + 1, before + 2, before + 3], "each move drawn, in order"
        gaps = [b - a for (_, a), (_, b) in zip(drawn, drawn[1:], strict=False)]
        assert all(gap >= 500 for gap in gaps), f"bot moves shown at the pace: {gaps}"
        wait_for_decision(page)
        log = page.locator("#log li")
        assert page.inner_text("#last-move") == f"Last: {log.nth(log.count() - 1).inner_text()}"
        last_tile = httpx.get(f"{base_url}/api/tables/{created['table']}/state",
                              timeout=10).json()["log"][-1]["tile"]
        ring = page.locator("#board rect.last-placed")
        assert ring.count() == 1
        centre = "node => { const r = node.getBoundingClientRect(); return r.x + r.width / 2; }"
        ringed = ring.evaluate(centre)
        tile = page.locator(f"#board [data-tile='{last_tile}']").evaluate(centre)
        assert abs(ringed - tile) < 2, (ringed, tile)
        assert page.locator("#log [data-piece]").count() > 0, "log entries name their pieces"
    finally:
        context.close()
