"""The lobby's Variant field (issue 18): a table created with data edits says it is a variant
on its page and in the lobby list, and plays on the edited data."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import create_in_lobby, wait_for_state


def test_the_lobby_creates_a_variant_table_that_says_so(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/")
    table_id = create_in_lobby(page, "grid_squid", ["random"], variant="rounds=1\nsquid.bonus=4")
    entry = page.wait_for_selector(f"#table-list li:has(a[href='/t/{table_id}'])")
    assert "variant: rounds=1; squid.bonus=4" in entry.inner_text()
    page.click("a.seat-link[data-seat='0']")
    wait_for_state(page)
    assert "variant: rounds=1; squid.bonus=4" in page.inner_text("#table-title")
    info = httpx.get(f"{base_url}/api/tables/{table_id}", timeout=10).json()
    assert info["options"]["variant"] == ["rounds=1", "squid.bonus=4"]
    assert "proposed" in card_tooltip(page), "a variant table shows the PROPOSED values"


def card_tooltip(page: Any) -> str:
    """The tooltip of Grid Squid's first card in hand (its deck size is PROPOSED)."""
    page.locator("#board [data-piece^='card:']").first.hover()
    page.wait_for_selector(".piece-tooltip")
    return str(page.inner_text(".piece-tooltip"))


def test_show_proposed_values_opens_the_table_with_the_marks(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/")
    create_in_lobby(page, "grid_squid", ["random"], seed=3, proposed=True)
    assert "proposed=1" in page.get_attribute("a.seat-link[data-seat='0']", "href")
    page.click("a.seat-link[data-seat='0']")
    wait_for_state(page)
    assert "token=" not in page.url and "proposed=1" in page.url
    assert "proposed" in card_tooltip(page) and page.is_visible("#proposed-legend")
    page.reload()  # the seat stays, and so do the marks
    wait_for_state(page)
    assert "proposed" in card_tooltip(page)

    page.goto(f"{base_url}/")
    page.select_option("#game-select", "grid_squid")
    page.click("#variant-details summary")
    page.fill("#variant-input", "roundz=1")
    page.click("#create-button")
    page.wait_for_selector("#lobby-error:not([hidden])")
    assert "unknown key 'roundz'" in page.inner_text("#lobby-error")
    # The browser logs the refused POST itself; nothing else went wrong.
    assert [e for e in page.console.errors if "400 (Bad Request)" not in e] == []
