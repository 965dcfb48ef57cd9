"""The table's log reads as a story: a run of passes or hidden votes is one line, and the seats
an entry names are marked in their colours; it always shows its newest line, unless its reader
scrolled up, who then gets a button back to the newest."""

from __future__ import annotations

import re
from typing import Any

from .helpers import (
    create_table,
    play_first_actions,
    seat_url,
    version,
    wait_for_state,
    wait_for_version_after,
)

MARKS = """() => [...document.querySelectorAll('#log li')].map((item) => ({
  text: item.textContent,
  seats: [...item.querySelectorAll('.log-seat')].map((mark) => [mark.dataset.seat,
    mark.textContent, mark.style.getPropertyValue('--seat-colour')]),
}))"""


def test_a_squid_log_folds_passes_and_votes_colours_the_players_and_follows_the_game(
        page: Any, base_url: str) -> None:
    created = create_table(base_url, "squid_circle", 3, seed=5)
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    play_first_actions(page, 8, check=newest_line_in_view)
    lines = page.evaluate(MARKS)
    texts = [line["text"] for line in lines]
    voted = [text for text in texts if re.fullmatch(r"\w+, \w+ and \w+ have voted\.", text)]
    assert voted and all(sorted(re.findall(r"Red|Blue|Green", text)) == ["Blue", "Green", "Red"]
                         for text in voted), texts  # in the order the votes came in
    assert not any(text.endswith(" has voted.") for text in texts), texts
    for first, second in zip(texts, texts[1:], strict=False):
        assert not (first.endswith(" passes.") and second.endswith(" passes.")), texts
    assert any(text.endswith(" pass.") for text in texts), texts  # "Blue and Green pass."
    names = {"0": "Red", "1": "Blue", "2": "Green"}
    marked = [mark for line in lines for mark in line["seats"]]
    assert {seat for seat, _name, _colour in marked} == set(names)
    assert all(names[seat] == name and colour for seat, name, colour in marked), marked
    call = next(line for line in lines if line["text"].startswith("Round 1, the call: "))
    assert {seat for seat, _name, _colour in call["seats"]} == {"0", "1", "2"}
    newest_line_in_view(page)
    page.hover("#log")
    page.mouse.wheel(0, -5000)  # the reader scrolls up: the log stays where they put it
    page.wait_for_function("() => document.getElementById('log').scrollTop === 0")
    before = version(page)
    play_first_actions(page, 1)
    wait_for_version_after(page, before)
    assert page.evaluate("document.getElementById('log').scrollTop") == 0
    page.click("#log-newest")
    newest_line_in_view(page)
    assert page.is_hidden("#log-newest")
    assert page.console.errors == []


NEWEST_SHOWN = """() => {
  const log = document.getElementById('log');
  const last = log.lastElementChild;
  if (!last) return true;
  const box = log.getBoundingClientRect(), line = last.getBoundingClientRect();
  return line.top >= box.top - 1 && line.bottom <= box.bottom + 1;
}"""


def newest_line_in_view(page: Any) -> None:
    assert page.evaluate(NEWEST_SHOWN), "the log's newest line is scrolled out of view"


COLOURS = """() => {
  const toRgb = (colour) => {
    const probe = document.createElement('i');
    probe.style.color = colour;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  };
  const panel = Object.fromEntries([...document.querySelectorAll('#seats li')].map((item) =>
    [item.dataset.seat, toRgb(item.querySelector('.swatch').style.background)]));
  return [...document.querySelectorAll('#log .log-seat')].map((mark) =>
    [mark.dataset.seat, toRgb(mark.style.getPropertyValue('--seat-colour')),
     panel[mark.dataset.seat]]);
}"""


def test_the_log_marks_seats_in_the_colours_of_the_player_panels(page: Any, base_url: str) -> None:
    created = create_table(base_url, "directors", 3, seed=5)  # Directors has its own colours
    page.goto(seat_url(base_url, created))
    wait_for_state(page)
    page.wait_for_selector("#log .log-seat")
    marks = page.evaluate(COLOURS)
    assert marks and all(log == panel for _seat, log, panel in marks), marks
