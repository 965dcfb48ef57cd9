"""The rules page's rulings rendered from markdown, and an unknown game (each game's whole
how-to-play page is tested in test_newcomer.py), and what the how-to-play pages show where the
newcomer's playtest found them wanting (docs/playtest.md)."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import httpx
import pytest


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


def example_view(base_url: str, game_id: str) -> dict[str, Any]:
    """The view the how-to-play page's example table is drawn from."""
    text = httpx.get(f"{base_url}/rules/{game_id}", timeout=10).text
    found = re.search(r'id="example-board"[^>]*data-view="([^"]*)"', text)
    assert found, "no example table"
    return dict(json.loads(html.unescape(found.group(1))))


def test_squid_incs_example_table_shows_its_unemployed_line(base_url: str) -> None:
    line = example_view(base_url, "squid_inc")["state"]["line"]
    assert len(line) == 3 and all(space["employee"] for space in line), line


def test_grid_squid_says_what_placing_on_your_own_tile_does(base_url: str) -> None:
    for language in ("en", "de"):
        text = httpx.get(f"{base_url}/rules/grid_squid?lang={language}", timeout=10).text
        assert ("On a tile you already hold you add 1 cube" in text if language == "en"
                else "Auf ein Plättchen, das du schon hältst, setzt du 1 Würfel dazu" in text)


@pytest.mark.parametrize("path", ["/", "/rules/grid_squid", "/rules/squid_inc"])
def test_designers_texts_are_in_a_closed_disclosure_after_the_players_text(
        base_url: str, path: str) -> None:
    """Raw option keys, `squidbox --set` and the seed are for designers: on the lobby and the
    how-to-play pages they sit in a closed <details> below everything a player needs."""
    text = httpx.get(f"{base_url}{path}", timeout=10).text
    designers = re.search(r"<details[^>]*>\s*<summary>For designers[^<]*</summary>", text)
    assert designers, "no designers' disclosure"
    assert " open" not in designers.group(0)
    before = text[:designers.start()]
    assert "squidbox --set" not in before and "seed-input" not in before
    assert not re.search(r"<td><code>", before)  # the options table's raw keys
    players_end = 'id="create-button"' if path == "/" else 'id="example-board"'
    assert players_end in before
