"""An action whose name has a non-ASCII character ("play Zeige −1") may
also be given in plain ASCII ("play Zeige -1"), for every game, and the history keeps the name."""

from __future__ import annotations

import random

import pytest

import squidbox
from squidbox.engine import IllegalAction
from squidbox.engine.spelling import ascii_spellings, spelling_table

NON_ASCII = {gid: [a for a in squidbox.get_game(gid).actions if not a.isascii()]
             for gid in squidbox.game_ids()}
CASES = [(gid, action) for gid, actions in NON_ASCII.items() for action in actions]


def test_the_games_with_non_ascii_names_are_known() -> None:
    # If a game gains or loses such a name, the cases below follow by themselves; this pins
    # today's list so that the test cannot silently run on nothing.
    assert CASES == [("squid_circle", "play Zeige −1"),
                     ("squid_circle", "play Zum nächsten Charakter")]


def test_spellings() -> None:
    assert ascii_spellings("play Zeige −1") == {"play Zeige -1"}
    assert ascii_spellings("play Zum nächsten Charakter") == {
        "play Zum naechsten Charakter", "play Zum nachsten Charakter"}
    assert ascii_spellings("pass") == set()
    with pytest.raises(ValueError, match="ambiguous"):
        spelling_table(["take −1", "take -1"])


def state_where_legal(gid: str, action: str) -> tuple[squidbox.State, int]:
    """A random game of `gid` played until `action` is legal for some seat."""
    game = squidbox.get_game(gid)
    for seed in range(200):
        state, rng = game.new_game(game.min_players, seed), random.Random(seed)
        while not state.is_terminal():
            for seat in state.to_move():
                if action in state.legal_actions(seat):
                    return state, seat
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"{action!r} never became legal")


@pytest.mark.parametrize(("gid", "action"), CASES)
def test_every_ascii_spelling_plays_the_action(gid: str, action: str) -> None:
    state, seat = state_where_legal(gid, action)
    spellings = ascii_spellings(action)
    assert spellings
    expected = state.clone()
    expected.apply(seat, action)
    for spelling in spellings:
        typed = state.clone()
        typed.apply(seat, spelling)
        assert typed.to_json() == expected.to_json()  # the history records the real name
        assert typed.history[-1] == (seat, action)
        assert state.game.action_to_id(spelling) == state.game.action_to_id(action)


def test_a_spelling_of_an_action_not_legal_now_is_still_refused() -> None:
    state, seat = state_where_legal("squid_circle", "play Zum nächsten Charakter")
    state.apply(seat, "pass")  # the trick window moves on: the spelling is not legal for seat
    assert "play Zum nächsten Charakter" not in state.legal_actions(seat)
    before = state.to_json()
    # Refused either way: not legal for a seat still to move, or the seat is not to move.
    with pytest.raises(IllegalAction, match="is not a legal action|is not to move"):
        state.apply(seat, "play Zum nachsten Charakter")
    assert state.to_json() == before
