"""Snapshots written while the turn's step was the field `phase` (the stack held only the
moves, and the turn's question was asked as "turn") load on the stack as it is now."""

import random

import pytest

from squidbox import SnapshotError
from squidbox.games.squid_inc.state import OVER, TURN_STEPS

from .positions import GAME


def states_along(seed):
    """Every state of a random 3-player game, with the step of the turn each rests on."""
    state, rng = GAME.new_game(3, seed=seed), random.Random(seed)
    while True:
        yield state.clone()
        if state.is_terminal():
            return
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def as_written_with_a_phase(state):
    doc = state.to_json()
    fields = doc["state"]
    fields["phase"] = state.phase
    pending = fields["pending"]
    if pending is None:
        assert state.phase == OVER and not fields["stack"]
    elif pending["kind"] in TURN_STEPS:
        pending["kind"] = "turn"
    else:
        turn_step, *moves = fields["stack"]
        assert turn_step == [state.phase, {}]
        fields["stack"] = moves
    return doc


@pytest.mark.parametrize("seed", [1, 2])
def test_a_snapshot_with_the_turns_step_as_a_field_loads_at_every_kind_of_decision(seed):
    asked = set()
    for state in states_along(seed):
        old = as_written_with_a_phase(state)
        loaded = GAME.from_json(old, verify=True)
        assert loaded.to_json() == state.to_json()
        assert loaded.to_move() == state.to_move()
        for seat in state.to_move():
            assert loaded.legal_actions(seat) == state.legal_actions(seat)
        asked.add((state.phase, (state.task() or {"t": None})["t"]))
    # the turn's questions (Bring asks only with two Employees to bring in at once) and moves
    # asked under a step of the turn were among them, and the game's end
    assert {("choose", None), ("keep", None), ("activate", None), (OVER, None)} <= asked
    assert {step for step, task in asked if task is not None} >= {"keep", "bring", "activate"}


def test_a_snapshot_whose_move_takes_an_argument_it_does_not_know_is_refused():
    """The Clout steps take their arguments as a TypedDict (`**task: Unpack[Placement]`): the
    stack's check still knows which, and refuses a frame with another."""
    state = next(s for s in states_along(1) if s.task() is not None)
    doc = state.to_json()
    doc["state"]["stack"].append(["split", {"amount": 3, "slot": 0, "spaces": 2}])
    with pytest.raises(SnapshotError, match=r"step 'split' does not take \['amount', 'slot', "
                                            r"'spaces'\]"):
        GAME.from_json(doc)
    doc["state"]["stack"][-1][1].pop("spaces")  # the same frame with its own arguments loads
    assert GAME.from_json(doc).stack[-1] == ["split", {"amount": 3, "slot": 0}]
