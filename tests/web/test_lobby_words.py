"""The lobby speaks plainly (issue 12, newcomer findings 4 and 10): every option of every game has
a label, a help line and a label for each choice, read from the game's `lobby.toml` through
`/api/games`; each game has a one-line description; computer players have plain names and the
good one sits in a new table's seats; the designers' seed and data edits are folded away. The
values sent to the server are the game's own option values."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe

import squidbox
from squidbox.engine.options import Option
from squidbox.games import REGISTERED
from squidbox.games.lobby import LobbyWordsError, lobby_words
from squidbox.server.api import game_summary
from tests.sim.nim import Nim


@pytest.mark.parametrize("game_id", list(REGISTERED))
def test_every_option_and_every_choice_of_the_game_has_words(game_id: str) -> None:
    game = squidbox.get_game(game_id)
    words = lobby_words(game)
    assert words is not None, f"{game_id} has no lobby.toml"
    assert words["description"].strip()
    for option in game.options:
        text = words["options"][option.name]
        assert text["label"].strip() and text["help"].strip()
        assert text["label"] != option.name, "a label is words, not the option's name"
        if option.choices is None:
            assert text["control"] in ("text", "list", "seat")
        else:
            labels = text["choice_labels"]
            assert len(labels) == len(option.choices) and all(label.strip() for label in labels)
            assert len(set(labels)) == len(labels), f"{option.name}: two choices read the same"


def test_the_names_a_typed_option_lists_are_the_games_own() -> None:
    """The help of a typed option lists the names it takes; they follow the data file."""
    grid = squidbox.get_game("grid_squid")
    grid_words = lobby_words(grid)["options"]
    assert all(name in grid_words["symbols"]["help"] for name in grid.data.symbols)
    assert all(name in grid_words["colours"]["help"] for name in grid.data.player_colours)
    directors = squidbox.get_game("directors")
    events = lobby_words(directors)["options"]["events"]["help"]
    assert all(name in events for name in directors.data.events)
    assert f"0 to {directors.data.max_events}" in events


def test_an_option_or_a_choice_without_words_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    game = squidbox.get_game("grid_squid")
    declared = game.options
    monkeypatch.setattr(game, "options", (*declared, Option("handicap", 0, "x", choices=(0, 1))))
    with pytest.raises(LobbyWordsError, match="'handicap' has no words"):
        lobby_words(game)
    widened = tuple(Option(o.name, o.default, o.help, choices=(*o.choices, "sideways"))
                    if o.name == "start_shift" else o for o in declared)
    monkeypatch.setattr(game, "options", widened)
    with pytest.raises(LobbyWordsError, match="choice sideways of option 'start_shift' has no"):
        lobby_words(game)
    monkeypatch.setattr(game, "options", tuple(o for o in declared if o.name != "diagonals"))
    with pytest.raises(LobbyWordsError, match="'diagonals' is not an option of the game"):
        lobby_words(game)


def test_api_games_carries_the_words_and_the_bots(base_url: str) -> None:
    listed = httpx.get(f"{base_url}/api/games", timeout=10).json()
    for entry in listed:
        if entry["id"] not in REGISTERED:
            continue
        game = squidbox.get_game(entry["id"])
        assert entry["lobby"] == lobby_words(game)
        assert entry["bots"] == ["random", "heuristic", "strong"]
        assert entry["default_bot"] == "heuristic"


def sent_body(page: Any) -> dict[str, Any]:
    """Click Create table and return the JSON the lobby sent (after the server accepted it)."""
    with page.expect_response(lambda r: r.url.endswith("/api/tables")
                              and r.request.method == "POST") as answer:
        page.click("#create-button")
    assert answer.value.status == 201, answer.value.text()
    return answer.value.request.post_data_json


def option_field(page: Any, label: str) -> Any:
    """The field of the option whose label starts with `label`."""
    row = page.locator("#option-rows label.option-row", has_text=re.compile(f"^{re.escape(label)}"))
    return row.locator("select, input")


def test_the_lobby_shows_words_and_sends_the_games_own_values(
        page: Any, base_url: str, screenshots: Path) -> None:
    page.goto(f"{base_url}/")
    page.select_option("#game-select", "grid_squid")
    assert "straight lines of your cubes score" in page.inner_text("#game-about")
    assert page.get_attribute("#game-about a", "href") == "/rules/grid_squid"
    assert not page.is_visible("#seed-input"), "the seed is folded under For designers"
    assert page.inner_text("#variant-details summary") == "For designers"
    seats = page.locator("#seat-rows select")
    assert [seats.nth(i).input_value() for i in range(3)] == ["", "heuristic", "heuristic"]
    assert "Computer: good" in page.inner_text("#seat-rows")
    page.click("#options-details summary")
    rows = page.inner_text("#option-rows")
    for raw in ("advanced_leftovers", "start_shift", "false", "true"):
        assert raw not in rows
    option_field(page, "Advanced game").select_option(label="on")
    option_field(page, "Leftover cards").select_option(label="discard them")
    option_field(page, "Symbols in play").fill("Drop, Hammers, Wheel, Arrow")
    page.screenshot(path=str(screenshots / "lobby-desktop.png"), full_page=True)
    body = sent_body(page)
    assert body["options"] == {"advanced": True, "advanced_leftovers": "discard",
                               "symbols": ["Drop", "Hammers", "Wheel", "Arrow"]}
    assert body["bots"] == {"1": "heuristic", "2": "heuristic"}
    assert "leave_bot" not in body, "the server's default stand-in is sent as no choice"
    assert "Blue: played by the computer (good)" in page.inner_text("#create-result")
    page.wait_for_function("""() => {  // the way in is on screen after Create, no scrolling
      const box = document.querySelector('#create-result a.seat-link').getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    }""", timeout=3_000)

    page.select_option("#game-select", "squid_circle")
    page.select_option("#players-select", "4")
    guard = option_field(page, "Guard starts behind")
    assert guard.locator("option").all_inner_texts() == [
        "a random player", "Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    guard.select_option(label="Seat 2")
    page.select_option("#leave-bot-select", label="Computer: strong")
    body = sent_body(page)
    assert body["options"] == {"guard_start": 1} and body["leave_bot"] == "strong"

    page.select_option("#game-select", "directors")
    events = option_field(page, "Events")
    for typed, sent in (("Party, Zoo Opening", ["Party", "Zoo Opening"]), ("Random", "random"),
                        ("2", 2)):
        events.fill(typed)
        assert sent_body(page)["options"] == {"events": sent}

    page.select_option("#game-select", "squid_game")
    option_field(page, "What to play").select_option(label="Tug of War only")
    assert sent_body(page)["options"] == {"game": "tug_of_war"}
    assert page.console.errors == []


def serious_axe_findings(page: Any) -> list[tuple[str, list[Any]]]:
    found = Axe().run(page).response["violations"]
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in found
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_axe_finds_nothing_serious_on_the_lobby(browser: Any, base_url: str, screenshots: Path,
                                                width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    try:
        page = context.new_page()
        page.goto(f"{base_url}/")
        page.wait_for_selector("#option-rows .option-row", state="attached")
        page.select_option("#game-select", "squid_circle")
        page.click("#options-details summary")
        page.click("#variant-details summary")
        page.screenshot(path=str(screenshots / f"lobby-{width}.png"), full_page=True)
        assert serious_axe_findings(page) == []
    finally:
        context.close()


def test_a_game_without_a_folder_or_a_heuristic_gets_no_words_and_no_good_bot(
        monkeypatch: pytest.MonkeyPatch) -> None:
    toy = Nim()
    monkeypatch.setattr(toy, "evaluate_view", None)
    summary = game_summary(toy)
    assert summary["lobby"] is None  # the lobby shows the option's own name and help
    assert summary["bots"] == ["random", "ismcts"] and summary["default_bot"] == "random"
