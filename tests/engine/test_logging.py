"""Lazy log text (docs/engine.md "Logging") and record-less search states."""

import json
import random

import pytest

import squidbox
from squidbox import i18n
from squidbox.engine.events import Entry

NAMES = ("Red", "Blue", "Green")


def test_an_entry_is_formatted_when_read_with_seat_names_and_text_only_keys():
    entry = Entry("move", "{seat:name} moves {steps} to {_where}; {order:names} wait, {n:03d}.",
                  {"seat": 1, "steps": 2, "_where": "the {gate}", "order": [2, 0], "n": 7})
    assert entry.shown(NAMES) == {
        "type": "move", "text": "Blue moves 2 to the {gate}; Green, Red wait, 007.",
        "seat": 1, "steps": 2, "order": [2, 0], "n": 7, "named_seats": [0, 1, 2]}
    assert entry.shown(NAMES) is entry.shown(NAMES)  # made once, then shared


def test_an_entry_names_the_seats_its_text_names_and_those_it_gives_itself():
    assert "named_seats" not in Entry("x", "{n} cubes.", {"n": 2}).shown(NAMES)
    given = Entry("call", "{seat:name} calls {_calls}.", {"seat": 2, "_calls": "Red 1, Blue 0",
                                                          "named_seats": [0, 1]})
    assert given.shown(NAMES)["named_seats"] == [0, 1, 2]
    with i18n.language("de"):
        assert given.shown(NAMES)["named_seats"] == [0, 1, 2]


def test_a_template_without_fields_is_its_text_and_doubled_braces_are_literal():
    assert Entry("x", "Nothing happens.", {}).shown(NAMES)["text"] == "Nothing happens."
    assert Entry("x", "a {{set}} of {k}", {"k": 2}).shown(NAMES)["text"] == "a {set} of 2"


def midgame(decisions=12):
    game = squidbox.get_game("grid_squid")
    state = game.new_game(3, seed=5, options={"colours": ["Yellow", "Green", "Red"]})
    chooser = random.Random(5)
    for _ in range(decisions):
        seat = state.to_move()[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def test_logged_entries_read_as_plain_dicts_in_the_log_and_the_snapshot():
    state = midgame()
    log = state.log(None)
    assert log and all(type(entry) is dict and entry["text"] for entry in log)
    doc = json.loads(json.dumps(state.to_json()))
    restored = state.game.from_json(doc, verify=True)
    assert restored.log(None) == log and restored.log(1) == state.log(1)


def test_a_search_state_records_nothing_and_a_clone_of_it_neither():
    state = midgame()
    search = state.resample(0, random.Random(1))
    assert search.history == [] and search.events == [] and search.log(0) == []
    seat = search.to_move()[0]
    search.apply(seat, search.legal_actions(seat)[0])
    assert search.history == [] and search.events == []
    assert search.clone().history == []
    assert state.clone(records=False).events == [] and state.clone().history == state.history


def test_records_are_kept_when_asked_and_the_redeal_is_the_same_either_way():
    state = midgame()
    kept = state.resample(0, random.Random(1), records=True)
    bare = state.resample(0, random.Random(1))
    assert kept.log(0) == state.log(0) and len(kept.history) == len(state.history)
    assert kept.to_json()["state"] == bare.to_json()["state"]


@pytest.mark.parametrize("viewer", [None, 0, 2])
def test_seat_names_come_from_the_options_once(viewer):
    state = midgame()
    assert state.seat_name(2) == "Red" and state.view(viewer)["seat_names"][0] == "Yellow"


def test_a_later_value_is_built_only_when_read():
    from squidbox.engine import Later

    built = []

    def details(points):
        built.append(points)
        return [{"points": p} for p in points]

    entry = Entry("score", "{seat:name} leads: {_best}.",
                  {"seat": 0, "players": Later(details, (3, 1)), "_best": Later(max, 3, 1)})
    assert built == []
    assert entry.shown(NAMES) == {"type": "score", "text": "Red leads: 3.", "seat": 0,
                                  "players": [{"points": 3}, {"points": 1}], "named_seats": [0]}
    assert entry.shown(NAMES)["players"] is entry.shown(NAMES)["players"] and len(built) == 1
