"""A round by the rulebook: the call, the guard's move, the guard action, POW and the end."""

import random

import pytest

from .positions import (
    BLUE,
    GAME,
    GREEN,
    RED,
    YELLOW,
    call,
    pass_window,
    position,
    tokens,
    under_guard,
)

SIX = "R1 B1 G1 R2 B2 G2"


def test_the_guard_moves_clockwise_by_the_fingers_shown():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"])
    call(state, 1, 1, 0)  # nobody holds a trick: the round plays out at once
    assert under_guard(state) == "G1"
    assert state.last_call == [1, 1, 0]
    texts = [e["text"] for e in state.log(None)]
    assert ("Round 1, the call: Red 1, Blue 1, Green 0; the guard moves 2 clockwise "
            "to Green 1.") in texts
    assert "Green reveals Leeres Magazin for Green 1." in texts


def test_when_everyone_shows_0_the_guard_stays_put():
    state = position(SIX, players=3, guard="B1", hands={GREEN: ["Zweite Chance"]})
    call(state, 0, 0, 0)
    assert under_guard(state) == "B1"
    assert state.phase == "after_move" and state.asking == GREEN


def test_the_guard_moves_round_the_circle_past_its_start():
    state = position("R1 B1 R2 B2", players=2, guard="R2", hands={RED: ["Zeige 2"]},
                     guard_pile=["Leeres Magazin"])
    call(state, "play Zeige 2", 1)
    assert under_guard(state) == "B1"  # 3 steps from R2: B2, R1, B1


def test_the_owner_of_the_character_under_the_guard_reveals_the_guard_action():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"],
                     hands={GREEN: ["Zweite Chance"]})
    call(state, 0, 1, 0)
    pass_window(state)  # nobody plays a trick after the move
    assert state.revealed is not None and state.phase == "after_reveal"
    assert state.log(None)[-1]["text"] == "Blue reveals Leeres Magazin for Blue 1."
    assert state.guard_discard[-1] == state.revealed


def test_leeres_magazin_spares_the_character_and_a_new_round_begins():
    state = position(SIX, players=3, guard="R1", guard_pile=["Leeres Magazin"])
    call(state, 1, 0, 0)
    pass_window(state)
    pass_window(state)
    assert tokens(state) == SIX and under_guard(state) == "B1"
    assert state.phase == "call" and state.round == 2


def test_neuer_trick_spares_and_the_owner_draws_one_trick():
    state = position(SIX, players=3, guard="R1", guard_pile=["Neuer Trick"],
                     trick_pile=["Zweite Chance"])
    call(state, 0, 0, 0)
    pass_window(state)
    pass_window(state)
    assert [GAME.data.tricks[t].name for t in state.hands[RED]] == ["Zweite Chance"]
    assert state.log(RED)[-1]["text"] == "You draw Zweite Chance."
    assert state.log(BLUE)[-1]["text"] == "Red draws 1 trick."
    assert tokens(state) == SIX


def test_pow_removes_the_character_closes_the_circle_and_moves_the_guard_on():
    state = position(SIX, players=3, guard="R1", guard_pile=["POW"])
    call(state, 1, 1, 1)  # to R2
    pass_window(state)
    pass_window(state)
    assert tokens(state) == "R1 B1 G1 B2 G2"
    assert under_guard(state) == "B2"
    assert state.phase == "call"  # the next round starts from B2; B2 is not checked now


def test_pow_on_the_last_place_of_the_circle_moves_the_guard_to_the_first():
    state = position(SIX, players=3, guard="G2", guard_pile=["POW"])
    call(state, 0, 0, 0)
    pass_window(state)
    pass_window(state)
    assert tokens(state) == "R1 B1 G1 R2 B2" and under_guard(state) == "R1"


def test_a_player_with_no_character_left_is_out_and_no_longer_votes():
    state = position("R1 B1 G1 B2 G2", players=3, guard="R1", guard_pile=["POW"],
                     hands={RED: ["Zeige 2"]})
    call(state, 0, 0, 0)
    pass_window(state)  # Red is asked and passes
    pass_window(state)
    assert state.active == [False, True, True]
    assert state.hands[RED] == [] and len(state.trick_discard) == 1  # Red's hand is discarded
    assert state.to_move() == [BLUE, GREEN]
    assert state.legal_actions(RED) == []


def test_the_last_colour_in_the_circle_wins():
    state = position("R1 B1", players=3, guard="B1", guard_pile=["POW"])
    call(state, 0, 0)
    pass_window(state)
    assert state.is_terminal() and state.winner == RED
    assert state.returns() == [1.0, 0.0, 0.0]
    assert state.to_move() == []


def test_an_eliminated_players_empty_seat_is_never_asked():
    state = position("R1 B1 Y1", players=4, guard="R1", guard_pile=["Leeres Magazin"],
                     hands={RED: ["Zweite Chance"], YELLOW: ["Zweite Chance"]})
    assert state.active == [True, True, False, True]
    call(state, 0, 0, 0)
    assert state.asking == RED  # Blue holds no trick; Green is out
    state.apply(RED, "pass")
    assert state.asking == YELLOW


def test_the_guard_action_pile_is_refilled_from_its_discards():
    state = position(SIX, players=3, guard="R1")
    state.guard_discard, state.guard_pile = state.guard_pile[1:], state.guard_pile[:1]
    state.guard_pile, state.guard_discard = [], state.guard_pile + state.guard_discard
    state.check_invariants()
    call(state, 0, 0, 0)
    pass_window(state)
    assert len(state.guard_pile) == GAME.data.guard_action_cards - 1
    assert any(e["type"] == "guard_reshuffle" for e in state.log(None))


def test_an_empty_trick_pile_is_refilled_by_shuffling_its_discards():
    # Neuer Trick with every trick on the discard pile: Red's draw forces the reshuffle.
    state = position(SIX, players=3, guard="R1", guard_pile=["Neuer Trick"])
    discards = sorted(state.trick_pile)
    state.trick_discard, state.trick_pile = list(discards), []
    draws = state.to_json()["rng"][1]
    call(state, 0, 0, 0)
    pass_window(state)
    pass_window(state)
    reshuffles = [e for e in state.log(None) if e["type"] == "trick_reshuffle"]
    assert [e["cards"] for e in reshuffles] == [len(discards)]
    assert len(state.hands[RED]) == 1 and state.trick_discard == []
    assert sorted(state.trick_pile + state.hands[RED]) == discards
    # shuffled, not stacked in order: the generator drew for it and the order is not sorted
    assert state.to_json()["rng"][1] - draws >= len(discards) - 1
    assert state.trick_pile != sorted(state.trick_pile)


@pytest.mark.parametrize("players", range(2, 7))
def test_random_games_end_with_exactly_one_colour_left(players):
    for seed in range(10):
        state = GAME.new_game(players, seed=seed)
        chooser = random.Random(seed)
        while not state.is_terminal():
            seat = chooser.choice(state.to_move())
            state.apply(seat, chooser.choice(state.legal_actions(seat)))
        left = {state.owner(c) for c in state.circle}
        assert left == {state.winner}
        assert state.returns().count(1.0) == 1 and sum(state.returns()) == 1.0
