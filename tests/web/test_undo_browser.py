"""The Undo button in chromium (issue 20): at a SQUID table of two people, Red shows a secret
vote, takes it back with the keyboard, and the table is as before for Red and for Blue; the log
says so and a reload keeps it. The button is there only while Red may undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx

from .conftest import AT_ONCE
from .helpers import seat_url, version, wait_for_state


def two_people(base_url: str) -> dict[str, Any]:
    body = {"game": "squid_circle", "players": 2, "seed": 21, "bots": {}, "turn_seconds": None}
    answer = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


def wait_for_version(page: Any, wanted: int) -> None:
    page.wait_for_function(
        "wanted => Number(document.getElementById('table-app').dataset.version) === wanted",
        arg=wanted)


def seen(page: Any) -> dict[str, Any]:
    """What the page shows of the game: the board, the actions and the log."""
    return {"board": page.inner_html("#board"),
            "actions": page.locator("#actions button.action").all_inner_texts(),
            "log": page.locator("#log li").all_inner_texts()}


def test_undo_button_takes_back_a_move_for_everyone_and_a_reload_keeps_it(
        page: Any, browser: Any, base_url: str, screenshots: Path) -> None:
    created = two_people(base_url)
    page.goto(seat_url(base_url, created, 0))
    wait_for_state(page)
    blue_context = browser.new_context(viewport={"width": 1280, "height": 900})
    blue_context.add_init_script(AT_ONCE)
    blue = blue_context.new_page()
    try:
        blue.goto(seat_url(base_url, created, 1))
        wait_for_state(blue)
        red_before, blue_before = seen(page), seen(blue)
        assert page.locator("#undo-button").count() == 0  # nothing to take back yet

        page.locator("#board .clickable").first.click()
        wait_for_version(page, 1)
        wait_for_version(blue, 1)
        assert blue.locator("#undo-button").count() == 0  # Blue did not decide
        undo = page.locator("#undo-button")
        assert undo.inner_text() == "Undo my last move"  # readable without a hover
        page.screenshot(path=str(screenshots / "squid_circle-undo.png"), full_page=True)
        undo.focus()  # a plain button: in the tab order, pressed with Enter
        page.keyboard.press("Enter")
        wait_for_version(page, 0)
        wait_for_version(blue, 0)

        note = "Red took back a move."
        for shown, before in ((seen(page), red_before), (seen(blue), blue_before)):
            assert shown["log"][-1] == note
            assert {**shown, "log": shown["log"][:-1]} == before
        assert page.locator("#undo-button").count() == 0
        assert note in page.inner_text("#last-move")

        page.reload()
        wait_for_state(page)
        assert version(page) == 0
        assert seen(page)["log"][-1] == note
        assert page.locator("#undo-button").count() == 0
        assert page.console.errors == []
    finally:
        blue_context.close()
