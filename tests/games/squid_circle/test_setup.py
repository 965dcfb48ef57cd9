"""Setup ("Spielvorbereitung") and its variants."""

import pytest

from squidbox import InvalidOptions, i18n

from .positions import GAME, tokens


@pytest.mark.parametrize(("players", "circle"), [
    (2, "R1 B1 R2 B2 R3 B3"),
    (3, "R1 B1 G1 R2 B2 G2 R3 B3 G3"),
    (4, "R1 B1 G1 Y1 R2 B2 G2 Y2"),
    (6, "R1 B1 G1 Y1 P1 O1 R2 B2 G2 Y2 P2 O2"),
])
def test_the_colours_are_spread_evenly_with_all_3_characters_at_2_or_3_players(players, circle):
    state = GAME.new_game(players, seed=1)
    assert tokens(state) == circle
    assert len(state.in_front) == players * 3 - len(state.circle)


def test_variant_all_three_characters_at_4_to_6_players():
    state = GAME.new_game(5, seed=1, options={"characters": 3})
    assert len(state.circle) == 15 and state.in_front == []


def test_variant_colour_groups():
    state = GAME.new_game(3, seed=1, options={"layout": "grouped", "characters": 2})
    assert tokens(state) == "R1 R2 B1 B2 G1 G2"


def test_variant_random_layout_keeps_the_same_characters():
    state = GAME.new_game(4, seed=5, options={"layout": "random"})
    assert sorted(tokens(state).split()) == sorted("R1 B1 G1 Y1 R2 B2 G2 Y2".split())


def test_everyone_starts_with_two_tricks():
    state = GAME.new_game(6, seed=2)
    assert [len(hand) for hand in state.hands] == [2] * 6
    assert len(state.trick_pile) == GAME.data.trick_cards - 12
    assert len(state.guard_pile) == GAME.data.guard_action_cards
    assert state.log(0)[1]["text"].startswith("You draw ")
    assert state.log(1)[1]["text"] == "Red draws 2 tricks."


@pytest.mark.parametrize("seat", range(4))
def test_the_guard_starts_on_the_chosen_players_first_character(seat):
    state = GAME.new_game(4, seed=3, options={"guard_start": seat})
    assert state.threatened == seat and state.guard == seat
    assert state.phase == "call" and state.to_move() == [0, 1, 2, 3]


def test_a_random_guard_start_is_drawn_from_the_seed():
    starts = {GAME.new_game(5, seed=s).threatened for s in range(40)}
    assert starts == set(range(5))


@pytest.mark.parametrize("options", [
    {"guard_start": 4}, {"guard_start": "youngest"}, {"characters": 1}, {"layout": "spiral"},
    {"mix": "unknown"},
])
def test_bad_options_are_refused(options):
    with pytest.raises(InvalidOptions):
        GAME.new_game(4, seed=0, options=options)


def test_the_long_mix_is_used_when_chosen():
    state = GAME.new_game(3, seed=0, options={"mix": "long"})
    pow_type = GAME.data.guard_index("pow")
    assert state.guard_pile.count(pow_type) == 8


# "Die jüngste Person legt den Wächter über einen Charakter der eigenen Farbe": the player
# chooses which. In the even layout every one of their characters has the same neighbours all
# round the circle, so no choice is asked; in the grouped and random layouts it matters.
def test_in_colour_groups_the_starting_player_chooses_which_character_gets_the_guard():
    state = GAME.new_game(3, seed=1, options={"layout": "grouped", "guard_start": 1})
    assert tokens(state) == "R1 R2 R3 B1 B2 B3 G1 G2 G3"
    assert state.phase == "start" and state.to_move() == [1]
    assert state.legal_actions(1) == ["start on 1", "start on 2", "start on 3"]
    assert state.view(0)["state"]["guard"] is None  # not placed yet
    state.apply(1, "start on 3")
    assert state.circle[state.guard] == 1 * 3 + 2  # Blue 3, next to Green 1
    assert state.phase == "call" and state.round == 1 and state.to_move() == [0, 1, 2]
    assert state.log(None)[-1]["text"] == "Blue puts the guard on Blue 3."


def test_the_chosen_start_decides_where_the_first_call_takes_the_guard():
    state = GAME.new_game(2, seed=1, options={"layout": "grouped", "characters": 2,
                                              "guard_start": 0})
    assert tokens(state) == "R1 R2 B1 B2"
    state.apply(0, "start on 2")
    state.apply(0, "vote 1")
    state.apply(1, "vote 0")
    assert tokens(state).split()[state.guard] == "B1"  # from R1 it would have been R2


def test_in_the_random_layout_the_choice_lists_only_the_players_own_characters():
    state = GAME.new_game(4, seed=5, options={"layout": "random", "guard_start": 2})
    assert state.phase == "start"
    assert state.legal_actions(2) == ["start on 1", "start on 2"]
    state.apply(2, "start on 2")
    assert state.threatened == 2 and state.circle[state.guard] == 2 * 3 + 1


def test_in_the_even_layout_no_choice_is_asked():
    state = GAME.new_game(6, seed=2, options={"guard_start": 4})
    assert state.phase == "call" and state.threatened == 4


@pytest.mark.parametrize("layout", ["even", "grouped"])
@pytest.mark.parametrize("players", range(2, 7))
def test_a_new_game_is_consistent_and_its_snapshot_loads(players, layout):
    # In colour groups the game starts by asking where the guard goes, before any call.
    for seed in range(3):
        state = GAME.new_game(players, seed=seed, options={"layout": layout})
        state.check_invariants()  # pass marks, votes, piles: one per seat, cards conserved
        assert GAME.from_json(state.to_json()).to_json() == state.to_json()


# Where nobody chooses (the even layout), the line names the guard, not a player, as what moved:
# "Red puts the guard on Red 1" read as the reader's own move to the player of Red.
def test_a_guard_placed_without_a_choice_is_logged_as_the_games_own_step():
    state = GAME.new_game(3, seed=1, options={"guard_start": 0})
    assert state.phase == "call"
    line = next(line for line in state.log(0) if line["type"] == "guard_start")
    assert line["text"] == "The guard starts on Red 1: Red is the starting player."
    with i18n.language("de"):
        line = next(line for line in state.log(0) if line["type"] == "guard_start")
    assert line["text"] == "Der Wächter beginnt auf Rot 1: Rot ist die Startperson."
