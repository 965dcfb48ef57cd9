"""The table page's "pass automatically" toggle (issue 14, item 7) in chromium against the real
server, with its real human-like delay. (Named to run after test_pages.py, whose tests call
asyncio.run and so must not run while Playwright's session loop is running.)"""

from __future__ import annotations

import re
import time
from typing import Any

from .helpers import create_table, seat_url, version, wait_for_state

OPTIONS = {"guard_start": 0, "layout": "even"}


def answered_pass_only(page: Any) -> bool:
    """Play every real choice, never pass, until this seat is asked a question that only offers
    pass: True once the server has answered it for the seat, after a person-like pause. False
    when the game ends first (a table with people is dealt at random, so a deal may never leave
    the seat with nothing that fits before it is over)."""
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        choices = page.query_selector_all("#board .clickable[data-action], #actions button.action")
        offered = [c.get_attribute("data-action") for c in choices]
        if offered == ["pass"]:
            before, asked_at = version(page), time.monotonic()
            page.wait_for_function(
                "v => Number(document.getElementById('table-app').dataset.version) > v",
                arg=before, timeout=15_000)
            assert time.monotonic() - asked_at >= 0.5  # never faster than a person
            return True
        if page.is_visible("#results"):
            return False
        choice = next((c for c in choices if c.get_attribute("data-action") != "pass"), None)
        if choice is not None and page.get_attribute("#table-app", "data-busy") == "false":
            choice.click()
        page.wait_for_timeout(100)
    raise AssertionError("in 40 s the game neither ended nor asked the seat a pass-only question")


def test_the_toggle_is_sent_kept_across_reloads_and_passes_for_the_seat(
        page: Any, base_url: str) -> None:
    created = create_table(base_url, "squid_circle", 3, seed=0, options=OPTIONS)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    assert page.is_checked("#auto-pass")  # on until switched off
    with page.expect_response(lambda r: r.url.endswith("/preferences")) as sent:
        page.uncheck("#auto-pass")
    assert sent.value.status == 200 and sent.value.json()["auto_pass"] is False
    with page.expect_response(lambda r: r.url.endswith("/preferences")) as sent:
        page.check("#auto-pass")
    assert sent.value.status == 200 and sent.value.json()["auto_pass"] is True

    with page.expect_response(lambda r: r.url.endswith("/preferences")) as again:
        page.reload()  # the token and the choice stay in this browser and are sent again
    assert again.value.status == 200 and again.value.json()["auto_pass"] is True
    wait_for_state(page)
    assert page.is_checked("#auto-pass")

    for _ in range(5):  # a new deal when a game ends without such a question
        if answered_pass_only(page):
            break
        created = create_table(base_url, "squid_circle", 3, seed=0, options=OPTIONS)
        page.goto(seat_url(base_url, created))
        wait_for_state(page)
        assert page.is_checked("#auto-pass")
    else:
        raise AssertionError("five games ended without asking the seat a pass-only question")
    passes = re.compile(r"Red passes|Red(, \w+)* and \w+ pass|\w+(, \w+)* and Red pass")
    assert any(passes.search(line) for line in page.locator("#log li").all_inner_texts())
    assert page.console.errors == []


def test_a_spectator_has_no_toggle(page: Any, base_url: str) -> None:
    created = create_table(base_url, "squid_circle", 3, seed=0, options=OPTIONS)
    page.goto(f"{base_url}/t/{created['table']}")
    wait_for_state(page)
    assert page.query_selector("#auto-pass") is None
