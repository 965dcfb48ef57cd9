"""Two people decide at once (SQUID's votes): a move that reaches the server just after the
other person's is not refused as "the table changed" but played on the newest state, since the
choice is still the seat's with the same options."""

from __future__ import annotations

from typing import Any

import httpx

from .helpers import version, wait_for_state

CHOICE = "#board .clickable:not(.ghost):not(.selectable), #actions button.action"


class HeldMessages:
    """The server's messages to a page, passed on at once or held until released."""

    def __init__(self) -> None:
        self.holding = False
        self.held: list[Any] = []
        self.route: Any = None

    def handle(self, route: Any) -> None:
        self.route = route
        server = route.connect_to_server()
        server.on_message(self.arrived)

    def arrived(self, message: Any) -> None:
        if self.holding:
            self.held.append(message)
        else:
            self.route.send(message)

    def release(self) -> None:
        self.holding = False
        for message in self.held:
            self.route.send(message)
        self.held.clear()


def both_to_move(pages: list[Any]) -> bool:
    return all(p.get_attribute("#turn", "data-status") == "yours" for p in pages)


def test_a_move_crossed_by_another_persons_is_played_on_the_newest_state(
        browser: Any, base_url: str) -> None:
    body = {"game": "squid_circle", "players": 3, "options": {}, "seed": 4,
            "bots": {"2": "random"}, "turn_seconds": None}
    created = httpx.post(f"{base_url}/api/tables", json=body, timeout=30).json()
    urls = {s["seat"]: f"{base_url}{s['url']}" for s in created["seats"] if "url" in s}
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    try:
        held = HeldMessages()
        me, other = (context.new_page() for context in contexts)
        me.route_web_socket("**/ws/tables/**", held.handle)
        for page, seat in ((me, 0), (other, 1)):
            page.goto(urls[seat])
            page.evaluate("localStorage.setItem('squidbox:pace', '0')")
            page.reload()
            wait_for_state(page)
        for _ in range(40):  # until both are asked at once
            me.wait_for_timeout(300)
            if both_to_move([me, other]):
                break
            for page in (me, other):
                if page.get_attribute("#turn", "data-status") == "yours":
                    page.locator(CHOICE).first.click()
        assert both_to_move([me, other])
        held.holding = True  # my page does not hear of the other's move before mine is sent
        before = version(other)
        other.locator(CHOICE).first.click()
        other.wait_for_function(
            "v => Number(document.getElementById('table-app').dataset.version) > v", arg=before)
        mine = version(me)
        me.locator(CHOICE).first.click()
        me.wait_for_timeout(300)  # the server refuses it as stale meanwhile
        held.release()
        me.wait_for_timeout(500)
        assert me.is_hidden("#error"), me.inner_text("#error")
        me.wait_for_function(  # the other's move, then mine
            "v => Number(document.getElementById('table-app').dataset.version) > v + 1",
            arg=mine, timeout=5_000)
    finally:
        for context in contexts:
            context.close()
