"""Snapshots written before SQUID ran on the decision stack (the round's moment in `phase`, the
seat asked in `asking`, a window's passes in `passed`) still load, replay from their seed to the
same state and ask what they asked then. The fixture holds one snapshot of each moment at 2-3
and 4-6 players, with and without passes, votes in and Schnelles Spiel, written by that release."""

import gzip
import json
from pathlib import Path

import pytest

import squidbox
from squidbox.engine.events import without_text

GAME = squidbox.get_game("squid_circle")
with gzip.open(Path(__file__).parent / "before_the_stack.json.gz", "rt", encoding="utf-8") as f:
    SNAPSHOTS = json.load(f)


def asked_then(old):
    """The seats the release before asked: everyone still to vote in the call, else `asking`."""
    if old["phase"] == "call":
        return [s for s, (active, vote) in enumerate(zip(old["active"], old["votes"],
                                                         strict=True)) if active and vote is None]
    return [] if old["asking"] is None else [old["asking"]]


@pytest.mark.parametrize("doc", SNAPSHOTS, ids=[
    f"{d['state']['phase']}-{d['num_players']}p-{k}" for k, d in enumerate(SNAPSHOTS)])
def test_a_snapshot_from_before_the_stack_loads_and_asks_what_it_asked(doc):
    old = doc["state"]
    state = GAME.from_json(doc, verify=True)
    assert without_text(state.to_json()) == without_text(GAME.upgraded(doc))
    assert "phase" not in state.to_json()["state"]
    assert (state.phase, state.asking) == (old["phase"], old["asking"])
    assert state.to_move() == asked_then(old)
    if old["phase"] in ("after_move", "after_reveal"):
        assert state.passed == old["passed"]  # the passes, read off the window's order


def test_the_fixture_holds_every_moment_and_a_window_with_passes():
    phases = {d["state"]["phase"] for d in SNAPSHOTS}
    assert phases == {"start", "call", "after_move", "after_reveal", "over"}
    assert any(any(d["state"]["passed"]) for d in SNAPSHOTS if d["state"]["phase"] != "over")


def test_a_snapshot_of_this_release_is_left_as_it_is():
    state = GAME.new_game(3, seed=4)
    doc = state.to_json()
    assert GAME.upgraded(doc) is doc
