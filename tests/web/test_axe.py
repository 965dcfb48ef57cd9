"""axe-core (axe-playwright-python) on every page at phone size (390×844): the lobby, each game's
table, each game's how-to-play and rulings page, each game's end panel, and the pages for an
unknown table and a refused seat link. No serious or critical violation is allowed; the table's
page shell never scrolls sideways."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe

import squidbox

from .conftest import AT_ONCE
from .helpers import create_table, players_for, seat_url, wait_for_state

BLOCKING = {"serious", "critical"}
FINISH_SECONDS = 60

# Elements of the page shell wider than the screen (the board's insides and tables that
# scroll in their own box are not the shell).
OVERFLOWING = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [];
  for (const node of document.querySelectorAll('main *')) {
    if (node.closest('svg *') || node.closest('.table-wrap')) continue;
    const box = node.getBoundingClientRect();
    if (box.width && box.right > width + 1) wide.push(`${node.tagName}#${node.id}`);
  }
  return {width, scroll: document.documentElement.scrollWidth, wide: wide.slice(0, 10)};
}"""


@pytest.fixture(scope="module")
def axe() -> Axe:
    return Axe()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def blocking_violations(axe: Axe, page: Any) -> list[str]:
    results = axe.run(page)
    return [f"{v['impact']} {v['id']}: {v['help']} at "
            f"{[node['target'] for node in v['nodes'][:5]]}"
            for v in results.response["violations"] if v["impact"] in BLOCKING]


def bots_only(base_url: str, game_id: str) -> str:
    players = players_for(game_id)
    body = {"game": game_id, "players": players, "options": {}, "seed": 31,
            "bots": {str(seat): "random" for seat in range(players)}, "turn_seconds": None}
    response = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()["table"]


def wait_until_finished(base_url: str, table: str) -> None:
    deadline = time.monotonic() + FINISH_SECONDS
    while httpx.get(f"{base_url}/api/tables/{table}", timeout=10).json()["status"] != "finished":
        assert time.monotonic() < deadline, f"table {table} did not finish"
        time.sleep(0.2)


def test_the_lobby_and_the_problem_pages(phone: Any, base_url: str, axe: Axe) -> None:
    phone.goto(f"{base_url}/")
    phone.wait_for_selector("#game-select option", state="attached")
    assert blocking_violations(axe, phone) == []

    phone.goto(f"{base_url}/t/doesnotexist")
    assert blocking_violations(axe, phone) == []

    created = create_table(base_url, "grid_squid", players=2, seed=32)
    phone.goto(f"{base_url}/t/{created['table']}?seat=0&token=wrong")
    phone.wait_for_selector("#table-app[data-problem=bad-token]")
    assert blocking_violations(axe, phone) == []


@pytest.mark.parametrize("game_id", squidbox.game_ids())
def test_a_game_s_table_rules_page_and_end_panel(
        phone: Any, base_url: str, axe: Axe, game_id: str) -> None:
    finished = bots_only(base_url, game_id)  # plays itself to the end meanwhile
    created = create_table(base_url, game_id, seed=33)
    phone.goto(seat_url(base_url, created))
    wait_for_state(phone)
    phone.wait_for_selector("#turn[data-status=yours], #turn[data-status=over]", state="attached")
    assert blocking_violations(axe, phone) == [], f"{game_id} table"
    shell = phone.evaluate(OVERFLOWING)
    assert shell["scroll"] <= shell["width"] and shell["wide"] == [], shell

    phone.goto(f"{base_url}/rules/{game_id}")
    phone.wait_for_selector("#example-board > *", state="attached")
    assert blocking_violations(axe, phone) == [], f"{game_id} how to play and rulings"

    wait_until_finished(base_url, finished)
    phone.goto(f"{base_url}/t/{finished}")
    phone.wait_for_selector("#results:not([hidden]) table", state="attached")
    assert blocking_violations(axe, phone) == [], f"{game_id} end panel"
