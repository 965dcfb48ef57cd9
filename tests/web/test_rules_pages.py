"""The rules page of every game: name, player counts, options and our rulings rendered."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

import squidbox
from squidbox.web.pages import RULINGS_DIR


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_the_rules_page_shows_the_game_and_its_rulings(
        page: Any, base_url: str, screenshots: Path, game_id: str) -> None:
    game = squidbox.get_game(game_id)
    page.goto(f"{base_url}/rules/{game_id}")
    page.screenshot(path=str(screenshots / f"rules-{game_id}.png"), full_page=True)

    assert page.inner_text("main h1").strip() == game.name
    counts = page.inner_text(".players")
    assert str(game.min_players) in counts and str(game.max_players) in counts
    for option in game.options:
        assert page.locator("main table code", has_text=option.name).count() >= 1
    rulings = page.locator("#rulings")
    source = RULINGS_DIR / f"{game_id}.md"
    if source.is_file():
        first_heading = next(line for line in source.read_text(encoding="utf-8").splitlines()
                             if line.startswith("#"))
        assert rulings.locator("h1, h2").first.inner_text() == first_heading.lstrip("#").strip()
        assert rulings.locator("p, li").count() > 0
    else:
        assert f"docs/rulings/{game_id}.md" in rulings.inner_text()
    assert page.console.errors == []


def test_grid_squid_rulings_render_their_tables_lists_and_code(base_url: str) -> None:
    text = httpx.get(f"{base_url}/rules/grid_squid", timeout=10).text
    rulings = text[text.index('id="rulings"'):]
    assert re.search(r"<th>What</th>", rulings)
    assert re.search(r"<ol>\s*<li><strong>Board.</strong>", rulings)
    assert "<code>cards_per_symbol</code>" in rulings


def test_an_unknown_game_has_no_rules_page(base_url: str) -> None:
    response = httpx.get(f"{base_url}/rules/chess", timeout=10)
    assert response.status_code == 404
    assert "unknown game" in response.text
