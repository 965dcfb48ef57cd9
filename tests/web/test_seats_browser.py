"""Seats in the browser (issue 13, item 1): one browser holds several seats at once, a spectator
link is a spectator, and a refused seat link or an unknown table gives a lasting page that opens
(at most) one WebSocket."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx

from .conftest import Console
from .helpers import create_table, seat_url, wait_for_state

WATCH_SECONDS = 4


def two_people(base_url: str) -> dict[str, Any]:
    body = {"game": "grid_squid", "players": 2, "options": {}, "bots": {}, "seed": 5,
            "turn_seconds": None}
    response = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def my_seat(page: Any) -> str:
    """The seats list's entry marked as this page's ("Red · you · ...")."""
    return page.inner_text("#seats li.me").split(" · ")[0]


def counting_sockets(page: Any) -> list[str]:
    """The table WebSockets the page opens from now on (not any other, such as a chat's)."""
    opened: list[str] = []
    page.on("websocket", lambda socket: opened.append(socket.url)
            if "/ws/tables/" in socket.url else None)
    return opened


def test_two_seats_of_one_table_in_one_browser_keep_their_tabs(page: Any, base_url: str) -> None:
    created = two_people(base_url)
    names = [seat["name"] for seat in created["seats"]]
    first = page
    second = page.context.new_page()
    second.console = Console(second)
    first.goto(seat_url(base_url, created, 0))
    wait_for_state(first)
    second.goto(seat_url(base_url, created, 1))
    wait_for_state(second)
    assert "token=" not in first.url and first.url.endswith("?seat=0")

    first.reload()
    wait_for_state(first)
    second.reload()
    wait_for_state(second)
    assert my_seat(first) == names[0] and my_seat(second) == names[1]
    first.wait_for_function("() => !document.getElementById('seats').innerText.includes('away')")

    assert first.inner_text("#seat-switcher .switcher-now").startswith(
        f"You are playing: {names[0]} · Grid Squid")
    links = first.locator("#seat-switcher a")
    texts = links.all_text_contents()  # inside the closed list
    assert any(text.startswith(names[0]) for text in texts), texts
    assert any(text.startswith(names[1]) for text in texts), texts
    assert (first.locator("#seat-switcher a[aria-current=page]").text_content() or "").startswith(
        names[0])
    # Choosing the other seat opens it in this tab.
    first.click("#seat-switcher summary")
    first.locator("#seat-switcher a", has_text=names[1]).click()
    first.wait_for_url(re.compile(r".*\?seat=1$"))
    wait_for_state(first)
    assert my_seat(first) == names[1]
    assert first.console.errors == [] and second.console.errors == []


def test_a_spectator_link_is_a_spectator_in_a_browser_holding_a_seat(
        page: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=2, seed=6)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    assert page.locator("#seats li.me").count() == 1

    page.goto(f"{base_url}{created['spectator_url']}")
    wait_for_state(page)
    assert page.locator("#seats li.me").count() == 0
    assert "watching" in page.inner_text("#actions")
    assert page.inner_text("#connection") == "Connected as a spectator"
    assert page.inner_text("#seat-switcher").startswith("You are watching")
    assert page.locator("#seat-switcher a[aria-current=page]").get_attribute("href") == (
        f"/t/{created['table']}")


def test_a_wrong_token_gives_a_lasting_page_and_no_reconnect_loop(
        page: Any, base_url: str) -> None:
    created = create_table(base_url, "grid_squid", players=2, seed=7)
    table = created["table"]
    opened = counting_sockets(page)
    page.goto(f"{base_url}/t/{table}?seat=0&token=wrong")
    page.wait_for_selector("#table-app[data-problem=bad-token]")
    page.wait_for_timeout(WATCH_SECONDS * 1000)
    text = page.inner_text("#table-app")
    assert "This seat link does not work" in text and "ask the table's host" in text
    assert page.locator("#table-app a", has_text="spectator").get_attribute("href") == f"/t/{table}"
    assert len(opened) == 1, opened
    assert page.evaluate(f"localStorage.getItem('squidbox:seat:{table}:0')") is None

    page.reload()  # the refused token was forgotten: the page still says what to do
    page.wait_for_selector("#table-app[data-problem=no-token]")
    page.wait_for_timeout(1000)
    assert len(opened) == 1, "no connection without a token to connect with"
    assert "holds no link for seat 1" in page.inner_text("#table-app")


def test_a_token_refused_while_playing_gives_the_same_page(page: Any, base_url: str) -> None:
    """The server turns a connection's token away after its first state (as when the host
    re-issues the seat's link): the page stops and says so instead of watching quietly."""
    def relay(socket: Any) -> None:
        server = socket.connect_to_server()

        def first_state_then_refusal(message: str) -> None:
            socket.send(message)
            if json.loads(message).get("type") == "state":
                socket.send(json.dumps({"type": "error", "code": "bad_token",
                                        "error": "The host gave seat 1 a new link"}))

        server.on_message(first_state_then_refusal)

    page.route_web_socket(re.compile(r".*/ws/tables/.*"), relay)
    opened = counting_sockets(page)
    created = create_table(base_url, "grid_squid", players=2, seed=8)
    page.goto(seat_url(base_url, created))
    page.wait_for_selector("#table-app[data-problem=bad-token]")
    page.wait_for_timeout(2000)
    assert page.locator("#table-app[data-problem=bad-token]").count() == 1
    assert "The host gave seat 1 a new link" in page.inner_text("#table-app")
    assert len(opened) == 1


def test_an_unknown_table_is_a_404_page_without_a_reconnect_loop(
        page: Any, base_url: str) -> None:
    answer = httpx.get(f"{base_url}/t/doesnotexist", timeout=10)
    assert answer.status_code == 404
    assert "There is no table doesnotexist" in answer.text
    escaped = httpx.get(f"{base_url}/t/%3Cb%3Ex", timeout=10)
    assert escaped.status_code == 404 and "<b>x" not in escaped.text

    opened = counting_sockets(page)
    response = page.goto(f"{base_url}/t/doesnotexist")
    assert response.status == 404
    page.wait_for_timeout(WATCH_SECONDS * 1000)
    assert len(opened) <= 1, opened
    assert "Go to the lobby" in page.inner_text("main")
    assert "Connected" not in page.inner_text("main")
    assert page.console.errors == [] or all("404" in e for e in page.console.errors)
