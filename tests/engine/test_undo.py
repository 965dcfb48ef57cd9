"""Undo in the engine, on the toy Sealed Guess game: a seat takes back its own last
decisions, one per undo, until another seat decides, the generator draws or something hidden is
revealed; the result is exactly the state before. The conformance suite checks every game."""

from __future__ import annotations

import json
import random

import pytest

from squidbox.conformance import ConformanceError, check_undo_playout
from squidbox.engine import IllegalAction

from .toy_games import SealedGuess, SealedGuessState, variant

GAME = SealedGuess()


class DealtState(SealedGuessState):
    """Sealed Guess with every round's hidden numbers fixed in advance: its reveals draw
    nothing, and the game goes on after them."""

    def _new_round(self):
        self.target = 1 + self.round % 3
        self.bonus = [1 + (self.round + seat) % 3 for seat in range(self.num_players)]
        self.guesses = [None] * self.num_players


class MarkedDealtState(DealtState):
    def _reveal(self):
        self.mark_reveal()
        super()._reveal()


class PeekingState(SealedGuessState):
    """As if guessing 3 showed the guesser something hidden."""

    def _apply(self, player, action):
        super()._apply(player, action)
        if action == "guess 3":
            self.mark_reveal()


class CompoundState(SealedGuessState):
    """A guess is two decisions by the same seat: "guess 1" then "guess 2" adds up (a seat
    decides twice in a row, then the others)."""

    FIELDS = (*SealedGuessState.FIELDS, "first")

    def _setup(self):
        self.first = [None] * self.num_players
        super()._setup()

    def _apply(self, player, action):
        if self.first[player] is None:
            self.first[player] = action
            return
        self.first[player] = None
        super()._apply(player, action)

    def _to_move(self):
        movers = super()._to_move()
        started = [seat for seat in movers if self.first[seat] is not None]
        return started or movers


def everything(state):
    viewers = [None, *range(state.num_players)]
    return json.dumps([state.to_json(), [state.view(v) for v in viewers],
                       [state.log(v) for v in viewers]])


def test_one_undo_gives_exactly_the_state_before_and_several_go_further_back():
    game = variant(CompoundState, "compound")
    state = game.new_game(2, seed=3)
    start = everything(state)
    state.apply(0, "guess 1")
    middle = everything(state)
    state.apply(0, "guess 3")
    assert state.undoable(0) == 2 and state.undoable(1) == 0
    state.undo(0)
    assert everything(state) == middle and state.undoable(0) == 1
    state.undo(0)
    assert everything(state) == start and state.undoable(0) == 0
    with pytest.raises(IllegalAction, match="nothing has been decided yet"):
        state.undo(0)


def test_another_seats_decision_ends_the_window_and_its_undo_gives_it_back():
    state = GAME.new_game(3, seed=1)
    state.apply(0, "guess 2")
    state.apply(1, "guess 1")
    assert [state.undoable(s) for s in range(3)] == [0, 1, 0]
    before = everything(state)
    with pytest.raises(IllegalAction, match="Player 2 decided last"):
        state.undo(0)
    assert everything(state) == before  # a refused undo changes nothing
    state.undo(1)
    assert [state.undoable(s) for s in range(3)] == [1, 0, 0]  # as a replay says


def test_no_undo_across_a_draw():
    state = GAME.new_game(2, seed=1)
    state.apply(0, "guess 2")
    draws = state.rng.draws
    state.apply(1, "guess 1")  # shows the guesses, then deals the next round's target
    assert state.rng.draws > draws
    assert state.undoable(1) == 0
    assert state.undo_refusal(1) == ("Player 2 (seat 1) cannot take back the last move: a "
                                     "random draw happened since")


def test_no_undo_across_a_reveal():
    game = variant(PeekingState, "peeking")
    state = game.new_game(2, seed=1)
    state.apply(0, "guess 1")
    assert state.undoable(0) == 1
    state.apply(1, "guess 3")  # marks a reveal
    assert state.undoable(1) == 0
    state = game.new_game(2, seed=1)
    state.apply(0, "guess 3")
    assert state.undo_refusal(0) == ("Player 1 (seat 0) cannot take back the last move: "
                                     "something hidden was revealed since")


def test_the_game_over_and_search_states_refuse():
    state = GAME.new_game(2, seed=4, options={"rounds": 1})
    state.apply(0, "guess 1")
    search = state.resample(0, random.Random(1))
    assert search.undoable(0) == 0
    with pytest.raises(IllegalAction, match="search state"):
        search.undo(0)
    guessed = state.resample(0, random.Random(1), records=True)
    assert guessed.history == [(0, "guess 1")] and guessed.undoable(0) == 0
    with pytest.raises(IllegalAction, match="resampled for search"):
        guessed.undo(0)
    state.apply(1, "guess 1")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.undo(1)
    with pytest.raises(IllegalAction, match="no seat"):
        state.undo(5)


def test_clones_undo_apart_and_snapshots_know_the_window_only_when_verified():
    state = GAME.new_game(2, seed=2)
    state.apply(0, "guess 3")
    clone = state.clone()
    clone.undo(0)
    assert state.history == [(0, "guess 3")] and clone.history == []
    loaded = GAME.from_json(state.to_json())
    assert loaded.undoable(0) == 0 and not loaded.undo_window_known()
    verified = GAME.from_json(state.to_json(), verify=True)
    assert verified.undoable(0) == 1 and verified.undo_window_known()
    verified.undo(0)
    assert verified.to_json() == GAME.new_game(2, seed=2).to_json()


def test_the_conformance_check_finds_a_reveal_the_game_does_not_mark():
    for seed in range(3):
        report = check_undo_playout(variant(MarkedDealtState, "marked"), 3, seed)
        assert report.undos and report.revealing and not report.drawing
    with pytest.raises(ConformanceError, match="showed seat"):
        check_undo_playout(variant(DealtState, "unmarked"), 3, 0)
