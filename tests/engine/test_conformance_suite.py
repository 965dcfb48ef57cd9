"""The conformance checks pass on a correct simultaneous game and catch each kind of bug."""

import pytest

from squidbox.conformance import ConformanceError, check_playout

from .toy_games import (
    LeakyViewState,
    PeekingResampleState,
    SealedGuess,
    SharedCloneState,
    UncheckedState,
    variant,
)


@pytest.mark.parametrize("num_players", [2, 3, 4])
def test_a_simultaneous_game_passes(num_players):
    game = SealedGuess()
    changed = 0
    for seed in range(40):
        report = check_playout(game, num_players, seed)
        changed += report.resamples_that_changed_hidden_state
        assert report.decisions == 3 * num_players
    assert changed > 0


def test_simultaneous_choices_stay_hidden_until_all_are_in():
    state = SealedGuess().new_game(3, seed=1)
    assert state.to_move() == [0, 1, 2]
    state.apply(1, "guess 2")
    assert state.to_move() == [0, 2]
    assert state.log(0)[-1]["text"] == "Player 2 has guessed."
    assert state.log(1)[-1]["text"] == "You guess 2."
    assert state.view(0)["state"]["my_guess"] is None
    assert "2" not in str(state.view(None)["state"]["has_guessed"])
    # The resampled state of another seat hides the action in its history too.
    assert state.resample(0, __import__("random").Random(3), records=True).history == [(1, "?")]
    state.apply(0, "guess 1")
    state.apply(2, "guess 3")
    assert state.log(0)[-1]["type"] == "reveal"


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (LeakyViewState, "view leaks"),
        (PeekingResampleState, "depends on information"),
        (SharedCloneState, "clone"),
        (UncheckedState, "no end after"),
    ],
)
def test_each_kind_of_bug_is_caught(state_class, message):
    game = variant(state_class, state_class.__name__.lower())
    with pytest.raises(ConformanceError, match=message) as caught:
        for seed in range(20):
            check_playout(game, 3, seed, max_decisions=500)
    assert "seed=" in str(caught.value), "the failure must say how to reproduce it"
