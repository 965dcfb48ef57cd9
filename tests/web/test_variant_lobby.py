"""The lobby's Variant field (issue 18): a table created with data edits says it is a variant
on its page and in the lobby list, and plays on the edited data."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import wait_for_state


def test_the_lobby_creates_a_variant_table_that_says_so(page: Any, base_url: str) -> None:
    page.goto(f"{base_url}/")
    page.select_option("#game-select", "grid_squid")
    page.select_option("#players-select", "2")
    page.select_option("select[data-seat='0']", "")
    page.select_option("select[data-seat='1']", "random")
    page.click("#variant-details summary")
    page.fill("#variant-input", "rounds=1\nsquid.bonus=4")
    page.click("#create-button")
    table_id = page.inner_text("#create-result h3").split()[1]
    entry = page.wait_for_selector(f"#table-list li:has(a[href='/t/{table_id}'])")
    assert "variant: rounds=1; squid.bonus=4" in entry.inner_text()
    page.click("a.seat-link[data-seat='0']")
    wait_for_state(page)
    assert "variant: rounds=1; squid.bonus=4" in page.inner_text("#table-title")
    info = httpx.get(f"{base_url}/api/tables/{table_id}", timeout=10).json()
    assert info["options"]["variant"] == ["rounds=1", "squid.bonus=4"]

    page.goto(f"{base_url}/")
    page.select_option("#game-select", "grid_squid")
    page.click("#variant-details summary")
    page.fill("#variant-input", "roundz=1")
    page.click("#create-button")
    page.wait_for_selector("#lobby-error:not([hidden])")
    assert "unknown key 'roundz'" in page.inner_text("#lobby-error")
    # The browser logs the refused POST itself; nothing else went wrong.
    assert [e for e in page.console.errors if "400 (Bad Request)" not in e] == []
