"""A seat's review on the replay page in chromium: the chance line with a dot per decision, a
mark clicked jumps the replay to the position before it, where the better move is drawn as the
table draws a piece to click (the board equals the game's own drawing with that one move legal)
and named in the note. Only the seat's browser may ask; the spectator is told how. Screenshots
at 1280×800 and 390×844 (SQUIDBOX_SCREENSHOTS=docs/screenshots makes the README's)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import squidbox
from squidbox.record import load_record

from .conftest import AT_ONCE, Console
from .test_replay_browser import SAME_BOARD


@pytest.fixture(scope="module")
def played(base_url: str) -> tuple[str, str]:
    """A finished Grid Squid table whose seat 0 a person played (its first listed move each
    time) against the heuristic bot: the table and seat 0's token."""
    body = {"game": "grid_squid", "players": 2, "bots": {"1": "heuristic"}}
    created = httpx.post(f"{base_url}/api/tables", json=body, timeout=30).json()
    table = created["table"]
    token = next(seat["token"] for seat in created["seats"] if seat["seat"] == 0)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        state = httpx.get(f"{base_url}/api/tables/{table}/state", params={"token": token},
                          timeout=30).json()
        if state["view"]["is_terminal"]:
            return table, token
        legal = state["view"]["legal_actions"]
        if legal:
            httpx.post(f"{base_url}/api/tables/{table}/actions",
                       json={"token": token, "action": legal[0]}, timeout=30)
        else:
            time.sleep(0.05)  # the bot's turn
    raise AssertionError("the game did not finish")


def sized_page(browser: Any, width: int, height: int, phone: bool) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=phone, has_touch=phone,
                                  device_scale_factor=2 if phone else 1)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(30_000)
    opened = context.new_page()
    opened.console = Console(opened)
    return opened


@pytest.fixture(params=[(1280, 800, False), (390, 844, True)], ids=["desktop", "phone"])
def sized(request: pytest.FixtureRequest, browser: Any) -> Iterator[tuple[Any, str]]:
    width, height, phone = request.param
    opened = sized_page(browser, width, height, phone)
    yield opened, "phone" if phone else "desktop"
    opened.context.close()


def test_the_review_on_the_replay_page(sized: tuple[Any, str], base_url: str,
                                       played: tuple[str, str], screenshots: Path):
    page, kind = sized
    table, token = played
    page.goto(f"{base_url}/replay/{table}")  # the spectator: told how, nothing to ask
    page.wait_for_selector('#replay-app[data-ready=":0"]')
    assert page.locator("#review-ask").is_hidden()
    assert "open this replay as your seat" in page.inner_text("#review")

    page.goto(f"{base_url}/t/{table}?seat=0&token={token}")  # the seat's link: kept
    page.wait_for_selector("#board")
    page.goto(f"{base_url}/replay/{table}?seat=0")
    page.wait_for_selector('#replay-app[data-ready="0:0"]')
    page.click("#review-ask")
    # The strong bot's search reviews this game in seconds of CPU, more on a busy machine.
    page.wait_for_selector('#review[data-ready="0"]', timeout=120_000)
    review = httpx.post(f"{base_url}/api/tables/{table}/review", json={"token": token},
                        timeout=60).json()
    decisions = review["decisions"]
    assert page.locator("#review-chart circle.review-dot").count() == len(decisions)
    marked = [d for d in decisions if d["verdict"] != "good"]
    assert page.locator("#review-marks button").count() == len(marked)
    assert "review=1" in page.url

    worst = max(decisions, key=lambda d: d["drop"])
    assert worst["best"] != worst["action"], "the first listed move was never worse"
    dot = page.locator(f'#review-chart circle[data-step="{worst["step"]}"]')
    dot.tap() if kind == "phone" else dot.click()
    page.wait_for_selector(f'#replay-app[data-ready="0:{worst["step"]}"]')
    note = page.inner_text("#review-note")
    assert worst["label"] in note and worst["best_label"] in note
    record = load_record(httpx.get(f"{base_url}/api/tables/{table}/record").text)
    game = squidbox.get_game("grid_squid")
    before = game.replay(2, record.seed, record.options, record.actions[:worst["step"]])
    best = worst["best"]  # drawn as the table draws the one piece to click
    assert page.evaluate(SAME_BOARD, ["grid_squid", before.view(0), before.log(0), [best],
                                      {best: worst["best_label"]}])
    assert page.locator("#board .clickable").count() > 0
    if kind == "desktop":  # the controls, the note, the board and the review on one screen
        page.evaluate("window.scrollTo(0, document.querySelector('.replay-controls').offsetTop)")
    page.mouse.move(0, 0)  # no piece's explanation open under the pointer
    page.screenshot(path=str(screenshots / f"review-{kind}.png"), full_page=kind == "phone")

    page.keyboard.press("ArrowRight")  # one step on: no better move to show there
    page.wait_for_selector(f'#replay-app[data-ready="0:{worst["step"] + 1}"]')
    assert page.locator("#board .clickable").count() == 0
    page.reload()  # ?review=1 asks again, and the stored review comes back
    page.wait_for_selector('#review[data-ready="0"]')
    assert page.locator("#review-chart circle.review-dot").count() == len(decisions)
    assert page.console.errors == []
