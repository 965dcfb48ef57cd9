"""Helpers for the newcomer tests: a table with two people in separate browsers plus a bot, and
playing it by clicks."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import httpx

from .conftest import AT_ONCE, Console
from .helpers import wait_for_state, wait_for_version_after

PEOPLE = 2
PLAYERS = 3
BOT = "random"


def new_table(base_url: str, game_id: str, options: dict[str, Any] | None = None,
              seed: int = 21, players: int = PLAYERS) -> dict[str, Any]:
    body = {"game": game_id, "players": players, "options": options or {},
            "bots": {str(seat): BOT for seat in range(PEOPLE, players)}, "seed": seed}
    response = httpx.post(f"{base_url}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def new_page(browser: Any, **context_options: Any) -> Any:
    """A page in a context of its own (its own localStorage), other moves shown at once, console
    errors collected in `page.console`. Close it with `page.context.close()`."""
    context = browser.new_context(**context_options)
    context.add_init_script(AT_ONCE)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.console = Console(page)
    return page


@contextmanager
def two_people(browser: Any, base_url: str, created: dict[str, Any],
               viewport: dict[str, int] | None = None) -> Iterator[list[Any]]:
    """One page per human seat, each in its own browser context (its own localStorage)."""
    contexts = []
    pages = []
    try:
        for seat in range(PEOPLE):
            page = new_page(browser, viewport=viewport or {"width": 1280, "height": 900})
            contexts.append(page.context)
            url = next(s["url"] for s in created["seats"] if s["seat"] == seat)
            page.goto(f"{base_url}{url}")
            wait_for_state(page)
            pages.append(page)
        yield pages
    finally:
        for context in contexts:
            context.close()


def status(page: Any) -> str:
    return page.get_attribute("#turn", "data-status") or ""


# One round trip per click: the page picks a clickable board piece (or, a quarter of the time
# or when the board offers none, an action button) with the number it is given, clicks it (a
# selected piece then one of its targets), and answers a chooser that opens with a choice of
# its own. Clicks are DOM click events on the
# elements a person would click (Playwright's pointer click waits for stability, ~4x slower).
CLICK = """async ([pick, chooserPick]) => {
  const board = [...document.querySelectorAll('#board .clickable')];
  const buttons = [...document.querySelectorAll('#actions button.action:not([disabled])')];
  const useBoard = board.length && (!buttons.length || pick % 4 !== 0);
  const list = useBoard ? board : buttons;
  const target = list[pick % list.length];
  const click = (node) => node.dispatchEvent(
    new MouseEvent('click', {bubbles: true, cancelable: true}));
  click(target);
  if (target.classList.contains('selectable')) {  // a two-step move: then one of its targets
    await new Promise((resolve) => setTimeout(resolve, 30));
    const targets = [...document.querySelectorAll('#board .clickable:not(.selectable)')];
    click(targets[chooserPick % targets.length]);
  }
  const choices = [...document.querySelectorAll('.chooser button[data-action]')];
  if (choices.length) choices[chooserPick % choices.length].click();
  return useBoard ? 'board' : 'button';
}"""

STATE = """() => ({status: document.getElementById('turn').dataset.status || '',
  version: Number(document.getElementById('table-app').dataset.version),
  buttons: document.getElementById('table-app').dataset.busy === 'false'
    ? document.querySelectorAll('#board .clickable, #actions button.action').length : 0})"""


def click_something(page: Any, rng: random.Random) -> str:
    """Click a board piece or an action button, chosen by `rng`: "board" or "button"."""
    return page.evaluate(CLICK, [rng.randrange(1 << 30), rng.randrange(1 << 30)])


def play_by_clicks(pages: list[Any], seed: int, stop: Callable[[], bool] = lambda: False,
                   seconds: float = 180, most: int | None = None,
                   rng: random.Random | None = None) -> dict[str, int]:
    """Both people click until the game is over (or `stop()`, or `most` clicks); the clicks
    made, by kind."""
    rng = rng or random.Random(seed)
    clicks = {"board": 0, "button": 0}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        states = [page.evaluate(STATE) for page in pages]
        if all(s["status"] == "over" for s in states) or stop():
            return clicks
        if most is not None and sum(clicks.values()) >= most:
            return clicks
        movers = [(page, s) for page, s in zip(pages, states, strict=True)
                  if s["status"] == "yours" and s["buttons"]]
        if not movers:
            pages[0].wait_for_timeout(15)
            continue
        page, state = rng.choice(movers)
        clicks[click_something(page, rng)] += 1
        wait_for_version_after(page, state["version"])
    raise AssertionError(f"the game did not end within {seconds}s ({clicks} clicks)")
