"""The lobby's games in progress are games of people: a table that only bots have played (every
seat a bot, or a person's seat nobody has played from) is marked `bots_only` and
listed apart, under "Played by bots only", until a person makes a move there."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import create_table


def bots_only(base_url: str) -> dict[str, bool]:
    listed = httpx.get(f"{base_url}/api/tables",
                       params={"status": "playing", "limit": 1000}, timeout=30).json()
    return {entry["table"]: entry["bots_only"] for entry in listed}


def test_tables_only_bots_played_are_listed_apart(base_url: str, browser: Any) -> None:
    never_joined = create_table(base_url, "grid_squid", 2, seed=3)
    table, token = never_joined["table"], never_joined["seats"][0]["token"]
    assert bots_only(base_url)[table] is True

    page = browser.new_page()
    try:
        page.goto(base_url)
        page.wait_for_selector(f"#bots-tables a[href='/t/{table}']")
        assert not page.locator(f"#playing-tables a[href='/t/{table}']").count()
    finally:
        page.close()

    message = httpx.get(f"{base_url}/api/tables/{table}/state", params={"token": token},
                        timeout=30).json()
    action = message["view"]["legal_actions"][0]
    answer = httpx.post(f"{base_url}/api/tables/{table}/actions", timeout=30,
                        json={"token": token, "action": action, "version": message["version"]})
    assert answer.status_code == 200, answer.text
    assert bots_only(base_url)[table] is False  # a person played: a game in progress



def test_the_lobby_lists_a_new_table_by_itself_and_keeps_the_name_being_typed(
        base_url: str, browser: Any) -> None:
    first = create_table(base_url, "grid_squid", 2, seed=5)["table"]
    page = browser.new_page()
    try:
        page.clock.install()
        page.goto(base_url)
        page.wait_for_selector(f"#table-list a[href='/t/{first}']")
        name = page.locator("#player-name")
        name.fill("Mi")  # typing a name while the list refreshes
        made = create_table(base_url, "grid_squid", 2, seed=6)["table"]
        page.clock.run_for(16_000)
        page.wait_for_selector(f"#table-list a[href='/t/{made}']")
        assert page.evaluate("document.activeElement.id") == "player-name"
        name.press_sequentially("na")
        assert name.input_value() == "Mina"
    finally:
        page.close()
