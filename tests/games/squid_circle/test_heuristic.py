"""The heuristic evaluation: in range, read from the view alone, sensible in the positions that
matter, and good enough that the heuristic bot clearly beats random play."""

import random

import pytest

from squidbox.bots import HeuristicBot, RandomBot, make_bot

from ..random_walks import random_walk
from .positions import BLUE, GAME, RED, call, position

PRESET = GAME.option_presets[0]




@pytest.mark.parametrize("players", list(GAME.player_counts))
@pytest.mark.parametrize("options", [None, PRESET], ids=["default", "preset"])
def test_values_stay_between_0_and_1_and_end_at_the_returns(players, options):
    for seed in range(4):
        for state, _ in random_walk(GAME, players, seed, options):
            values = GAME.evaluate_state(state)
            assert all(0.0 <= v <= 1.0 for v in values)
        assert values == state.returns()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_evaluation_reads_only_the_seats_view(players):
    rng = random.Random(players)
    for seed in range(3):
        for state, _ in random_walk(GAME, players, 100 + seed, PRESET if seed else None):
            for seat in range(players):
                world = state.resample(seat, rng)
                assert (GAME.evaluate_view(world.view(seat), seat)
                        == GAME.evaluate_view(state.view(seat), seat))


def test_a_character_under_the_guard_costs_its_owner():
    state = position("R1 B1 R2 B2 R3 B3", players=2, guard="R1")
    call(state, 0, 0)  # the guard stays on R1; nobody holds a trick, so the guard action is drawn
    on_red = GAME.evaluate_view(state.view(RED), RED)
    assert on_red < 0.5 < GAME.evaluate_view(state.view(BLUE), BLUE)


def test_a_revealed_pow_is_worse_than_a_spared_character():
    values = {}
    for top in ("POW", "Leeres Magazin"):
        state = position("R1 B1 R2 B2 R3 B3", players=2, guard="R1",
                         hands={BLUE: ["Zweite Chance"]}, guard_pile=[top])
        call(state, 0, 0)
        state.apply(BLUE, "pass")  # window (b); Blue is then asked in window (c)
        assert state.revealed is not None and state.asking == BLUE
        values[top] = GAME.evaluate_view(state.view(RED), RED)
    assert values["POW"] < values["Leeres Magazin"] - 0.05


def test_the_bot_moves_the_guard_off_its_last_character():
    state = position("R1 B1 B2 B3", players=2, guard="R1", hands={RED: ["Zum nächsten Charakter"]})
    call(state, 0, 0)
    assert state.asking == RED
    assert HeuristicBot(GAME, seed=1).choose(state, RED) == "play Zum nächsten Charakter"


def test_the_bot_answers_a_pow_on_its_last_character_with_zweite_chance():
    state = position("R1 B1 B2 B3", players=2, guard="R1", hands={RED: ["Zweite Chance"]},
                     guard_pile=["POW"])
    call(state, 0, 0)
    state.apply(RED, "pass")  # nothing to play in window (b)
    assert state.asking == RED and state.revealed is not None
    assert HeuristicBot(GAME, seed=1).choose(state, RED) == "play Zweite Chance"


def mean_return_of_one_heuristic_bot(players, games):
    """One heuristic bot against random bots, its seat rotating, fixed seeds."""
    total = 0.0
    for game in range(games):
        state = GAME.new_game(players, seed=5000 + game)
        hero = game % players
        bots = [HeuristicBot(GAME, seed=game) if seat == hero else RandomBot(game * 10 + seat)
                for seat in range(players)]
        while not state.is_terminal():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        total += state.returns()[hero]
    return total / games


def test_the_heuristic_bot_beats_random_at_2_players():
    # Fair share 0.5; measured about 0.74 (200 games: 95% within ±0.06).
    assert mean_return_of_one_heuristic_bot(2, 200) > 0.62


def test_the_heuristic_bot_beats_random_at_6_players():
    # Fair share 1/6; measured about 0.44 (150 games: 95% within ±0.08).
    assert mean_return_of_one_heuristic_bot(6, 150) > 0.30


@pytest.mark.parametrize("players", [2, 6])
def test_ismcts_with_cut_off_rollouts_plays_whole_games(players):
    state = GAME.new_game(players, seed=7)
    bots = [make_bot("ismcts:iterations=50,rollout_depth=10", seed=seat, game=GAME)
            for seat in range(players)]
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert sorted(state.returns()) == [0.0] * (players - 1) + [1.0]
