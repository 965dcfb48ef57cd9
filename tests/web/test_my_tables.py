""""My tables" in chromium (issue 20, turn-based play): two tables held by one browser, the
one waiting for you first and marked in words; a move at the other table shows there within
1 s; a finished table can be forgotten; turn notifications, asked for by a button only, and
clicking one opens the table at your seat."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
from axe_playwright_python.sync_playwright import Axe

from tests.web.conftest import AT_ONCE, Console
from tests.web.helpers import seat_url, wait_for_state
from tests.web.test_axe import blocking_violations

GAME = "grid_squid"

# Records every notification the page creates (and every permission request), keeping the
# browser's own Notification working underneath.
RECORD_NOTIFICATIONS = """
window.__notes = [];
window.__asked = 0;
const Real = window.Notification;
class Recorded extends Real {
  constructor(title, options) {
    super(title, options);
    window.__notes.push({ title, body: options?.body, tag: options?.tag });
    window.__last = this;
  }
}
Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
Recorded.requestPermission = (...args) => {
  window.__asked += 1;
  return Real.requestPermission(...args);
};
window.Notification = Recorded;
"""


def two_people(base_url: str, **extra: Any) -> dict[str, Any]:
    body = {"game": GAME, "players": 2, "seed": 3, **extra}
    answer = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def token(created: dict[str, Any], seat: int) -> str:
    return str(next(s["token"] for s in created["seats"] if s["seat"] == seat))


def to_move(base_url: str, created: dict[str, Any]) -> int:
    state = httpx.get(f"{base_url}/api/tables/{created['table']}/state", timeout=10).json()
    return int(state["view"]["to_move"][0])


def move(base_url: str, created: dict[str, Any]) -> None:
    """The seat to move plays its first listed action (a second player, over the API)."""
    seat = to_move(base_url, created)
    params = {"token": token(created, seat)}
    state = httpx.get(f"{base_url}/api/tables/{created['table']}/state", params=params,
                      timeout=10).json()
    answer = httpx.post(f"{base_url}/api/tables/{created['table']}/actions", timeout=10,
                        json={**params, "action": state["view"]["legal_actions"][0]})
    assert answer.status_code == 200, answer.text


def hold(page: Any, base_url: str, created: dict[str, Any], seat: int) -> None:
    """This browser takes the seat through its link, as a player does."""
    page.goto(seat_url(base_url, created, seat))
    wait_for_state(page)


def item(page: Any, created: dict[str, Any]) -> Any:
    return page.locator(f"#my-tables li[data-table='{created['table']}']")


def test_my_tables_lists_your_turn_first_and_follows_it_live(
        page: Any, base_url: str, screenshots: Path) -> None:
    waiting = two_people(base_url, turn_seconds=86400)
    other = two_people(base_url)
    mine_waiting = to_move(base_url, waiting)        # my turn there
    mine_other = 1 - to_move(base_url, other)        # the other player's turn there
    hold(page, base_url, other, mine_other)
    hold(page, base_url, waiting, mine_waiting)
    # A one-day clock reads in days and hours on the table page ("1 d" in its first second).
    clocks = page.inner_text("#clocks")
    assert re.search(r"you (1 d|23 h 59 min)", clocks), clocks
    page.screenshot(path=str(screenshots / "table-one-day-timer-1280.png"))
    # A seat of a table the server no longer has (a removed database, another server).
    page.evaluate("""localStorage.setItem('squidbox:seat:gone1234:0', JSON.stringify(
        {table: 'gone1234', seat: 0, token: 'x', savedAt: 1}))""")
    page.goto(f"{base_url}/mine")
    page.wait_for_selector("#mine-link[data-following='3']", state="attached")
    gone = page.locator("#my-tables li[data-table='gone1234']")
    assert gone.locator(".mine-status").inner_text() == "This table no longer exists on the server."
    assert page.locator("#my-tables li.mine-item").nth(2).get_attribute("data-table") == "gone1234"
    gone.get_by_role("button", name="Forget table gone1234").click()
    gone.wait_for(state="detached")
    page.wait_for_selector("#mine-link[data-following='2']", state="attached")
    items = page.locator("#my-tables li.mine-item")
    assert items.nth(0).get_attribute("data-table") == waiting["table"]
    assert items.nth(0).locator(".turn-badge").inner_text() == "▶ Your turn"
    assert "left for your move" in item(page, waiting).locator(".mine-clock").inner_text()
    assert item(page, other).locator(".mine-status").inner_text().startswith("Waiting for")
    assert item(page, other).locator(".turn-badge").count() == 0
    assert page.title() == "(1) My tables · squidbox"
    assert page.inner_text("#mine-link") == "My tables (1 waiting)"
    assert page.inner_text("#mine-summary") == "1 table waits for your move."

    started = time.monotonic()
    move(base_url, other)                            # now it is my turn there too
    item(page, other).locator(".turn-badge").wait_for(timeout=2000)
    assert time.monotonic() - started < 1.0
    page.wait_for_function("() => document.title === '(2) My tables · squidbox'", timeout=1000)

    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path=str(screenshots / "my-tables-1280.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(screenshots / "my-tables-390.png"), full_page=True)
    assert blocking_violations(Axe(), page) == []
    page.set_viewport_size({"width": 1280, "height": 900})

    # The host ends a table: it is shown as such, last, and can be forgotten.
    answer = httpx.post(f"{base_url}/api/tables/{waiting['table']}/host/end", timeout=10,
                        json={"token": waiting["host_token"]})
    assert answer.status_code == 200, answer.text
    ended = item(page, waiting)
    ended.locator(".mine-status", has_text="Ended by the host").wait_for(timeout=2000)
    assert items.nth(1).get_attribute("data-table") == waiting["table"]
    page.screenshot(path=str(screenshots / "my-tables-ended-1280.png"), full_page=True)
    ended.get_by_role("button", name=f"Forget table {waiting['table']}").click()
    ended.wait_for(state="detached")
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes(arguments[0]))"
                         .replace("arguments[0]", repr(waiting["table"]))) == []
    assert items.count() == 1 and page.title() == "(1) My tables · squidbox"
    # A table still played can be left, after a warning.
    page.once("dialog", lambda dialog: dialog.accept())
    item(page, other).get_by_role("button", name=f"Leave table {other['table']}").click()
    item(page, other).wait_for(state="detached")
    assert items.count() == 0
    assert page.console.errors == []


def test_notifications_for_your_turn_at_another_table(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        context.grant_permissions(["notifications"], origin=base_url)
        context.add_init_script(AT_ONCE)
        context.add_init_script(RECORD_NOTIFICATIONS)
        context.set_default_timeout(15_000)
        page = context.new_page()
        page.console = Console(page)
        here = two_people(base_url)
        there = two_people(base_url)
        mine_here = 1 - to_move(base_url, here)
        mine_there = 1 - to_move(base_url, there)
        hold(page, base_url, there, mine_there)

        page.goto(f"{base_url}/mine")
        button = page.get_by_role("button", name="Notify me when it's my turn")
        button.wait_for()
        assert page.evaluate("window.__asked") == 0          # never asked on page load
        button.click()
        page.get_by_role("button", name="Stop notifying me").wait_for()
        assert page.evaluate("window.__asked") == 1

        # At another table's page: its own turn is not notified, the other table's is.
        hold(page, base_url, here, mine_here)
        page.wait_for_selector("#mine-link[data-following='1']", state="attached")
        assert page.inner_text("#mine-link") == "My tables"
        move(base_url, here)
        move(base_url, there)
        page.wait_for_function("() => window.__notes.length > 0", timeout=2000)
        time.sleep(0.3)
        notes = page.evaluate("window.__notes")
        assert [note["title"] for note in notes] == ["Your turn: Grid Squid"]
        assert notes[0]["body"].startswith(f"Table {there['table']}: you play ")
        assert page.inner_text("#mine-link") == "My tables (1 waiting)"

        with context.expect_page() as opened:
            page.evaluate("window.__last.onclick()")
        table_page = opened.value
        table_page.wait_for_load_state()
        assert re.search(rf"/t/{there['table']}\?seat={mine_there}$", table_page.url)
        wait_for_state(table_page)
        assert table_page.get_attribute("#turn", "data-status") == "yours"
        assert page.console.errors == []
    finally:
        context.close()


def test_the_lobby_offers_turn_based_timers(page: Any, base_url: str) -> None:
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url))
    page.goto(f"{base_url}/mine")  # a browser holding no seat: says so, connects nowhere
    page.wait_for_selector("#my-tables p:has-text('This browser holds no seat at any table yet.')")
    assert page.title() == "My tables · squidbox" and sockets == []
    page.goto(base_url)
    page.wait_for_selector("#turn-select optgroup option", state="attached")
    page.select_option("#leave-select", "300")
    page.select_option("#turn-select", "86400")
    assert page.input_value("#leave-select") == ""     # a turn-based table waits for players
    assert page.is_visible("#turn-based-note")
    page.click("#create-button")
    page.wait_for_selector("#create-result a.seat-link, #lobby-error:not([hidden])")
    assert page.is_hidden("#lobby-error"), page.inner_text("#lobby-error")
    page.wait_for_selector("#bots-tables li:has-text('1 d a turn')")  # nobody joined yet
    assert page.console.errors == []
