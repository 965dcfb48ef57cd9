"""The rules page's rulings rendered from markdown, and an unknown game (each game's whole
how-to-play page is tested in test_newcomer.py)."""

from __future__ import annotations

import re

import httpx


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
