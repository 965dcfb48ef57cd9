"""The heuristic evaluation: in range, read from the view alone, sensible for the face-down
plays and the decisions whose worth only shows later, and good enough that the heuristic bot
clearly beats random play."""

import random

import pytest

from squidbox.bots import HeuristicBot, RandomBot, make_bot

from ..random_walks import random_walk
from .positions import GAME, PINK, WHITE, single, step

PRESETS = [None, *GAME.option_presets]
PRESET_IDS = ["campaign", *(preset["game"] for preset in GAME.option_presets)]




@pytest.mark.parametrize("players", list(GAME.player_counts))
@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_values_stay_between_0_and_1_and_end_at_the_returns(players, options):
    for seed in range(2):
        for state, _ in random_walk(GAME, players, seed, options):
            values = GAME.evaluate_state(state)
            assert all(0.0 <= v <= 1.0 for v in values)
        assert values == state.returns()


@pytest.mark.parametrize("players", [3, 6])
@pytest.mark.parametrize("options", PRESETS, ids=PRESET_IDS)
def test_the_evaluation_reads_only_the_seats_view(players, options):
    rng = random.Random(players)
    for state, _ in random_walk(GAME, players, 100 + players, options):
        for seat in range(players):
            world = state.resample(seat, rng)
            assert (GAME.evaluate_view(world.view(seat), seat)
                    == GAME.evaluate_view(state.view(seat), seat))


def after(state, seat, action):
    played = state.clone()
    played.apply(seat, action)
    return GAME.evaluate_view(played.view(seat), seat)


def test_a_face_down_card_in_red_light_green_light_is_valued_before_the_reveal():
    state = single("red_light_green_light", [[1], [21], [17]])
    assert step(state) == "play"
    values = {action: after(state, WHITE, action) for action in state.legal_actions(WHITE)}
    assert len(set(values.values())) > 3  # the lookahead tells the cards apart
    # Everyone stands behind the line, in reach of a 0 Push that the Doll never catches.
    assert max(values, key=values.get) == "card 0"


def test_the_bot_draws_on_after_its_first_dalgona_card():
    state = single("dalgona", [[1, 69, 111], [21, 70, 96], [17, 44, 101]])
    shapes = GAME.data.shapes
    placed = 0
    while step(state) == "place":  # spread every team over the shapes
        state.apply(state.to_move()[0], f"shape {shapes[placed % len(shapes)]}")
        placed += 1
    seat = state.to_move()[0]
    assert state.legal_actions(seat) == ["draw", "stop"]
    stop = after(state, seat, "stop")
    assert stop < GAME.evaluate_view(state.view(seat), seat)  # stopping gives up the turn
    assert HeuristicBot(GAME, seed=1).choose(state, seat) == "draw"


def test_a_tug_of_war_card_counts_before_the_pull():
    state = single("tug_of_war", [[1], [21], [17]])
    for team in ("A", "C", "B"):  # Pink on A, Red alone on C, White on B against Pink
        state.apply(state.to_move()[0], f"team {team}")
    assert step(state) == "cards"
    values = {action: after(state, WHITE, action) for action in state.legal_actions(WHITE)}
    assert len(set(values.values())) == len(values)
    # One card each: a lone 0 makes the lowest total win, so it loses only to another 0.
    assert max(values, key=values.get) == "play 0 on B"
    assert values["play 5 on B"] > values["play 1 on B"]


def test_a_marbles_selector_prefers_closest_to_the_wall_where_it_rolls_second():
    state = single("marbles", [[1], [21], [17]])
    while step(state) != "mode":
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, "alone" if "alone" in legal and not state.g["groups"] else legal[-1])
    seat = state.to_move()[0]
    assert after(state, seat, "wall") > after(state, seat, "odd even")


def test_crossing_the_glass_bridge_is_worth_more_than_waiting_on_the_line():
    state = single("glass_bridge", [[1, 69], [21, 70], [17, 44]])
    while step(state) in ("place", "build"):
        seat = state.to_move()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    ahead = state.clone()
    far = len(ahead.g["spots"]) + len(ahead.g["tiles"])
    ahead.g["at"]["1"] = far - 1
    assert (GAME.evaluate_view(ahead.view(WHITE), WHITE)
            > GAME.evaluate_view(state.view(WHITE), WHITE))
    assert (GAME.evaluate_view(ahead.view(PINK), PINK)
            < GAME.evaluate_view(state.view(PINK), PINK))


def mean_return_of_one_heuristic_bot(players, games, options=None, seed=0):
    """One heuristic bot against random bots, its seat rotating, fixed seeds."""
    total = 0.0
    for game in range(games):
        state = GAME.new_game(players, seed=seed + game, options=options)
        hero = game % players
        bots = [HeuristicBot(GAME, seed=game) if seat == hero else RandomBot(game * 10 + seat)
                for seat in range(players)]
        while not state.is_terminal():
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat))
        total += state.returns()[hero]
    return total / games


def test_the_heuristic_bot_beats_random_in_the_campaign_at_3_players():
    # Fair share 1/3; these 30 games give 0.67 (other seeds 0.67-0.83; 0.82 over 100 games).
    assert mean_return_of_one_heuristic_bot(3, 30, {"recruits": "random"}) > 0.5


def test_the_heuristic_bot_beats_random_in_the_campaign_at_6_players():
    # Fair share 1/6; these 20 games give 0.50 (other seeds 0.45-0.70; 0.57 over 60 games).
    assert mean_return_of_one_heuristic_bot(6, 20, {"recruits": "random"}) > 0.3


@pytest.mark.parametrize("players", [3, 6])
def test_ismcts_with_cut_off_rollouts_plays_whole_games(players):
    state = GAME.new_game(players, seed=7, options={"game": "squid_game", "tokens": 6 // players})
    bots = [make_bot("ismcts:iterations=50,rollout_depth=10", seed=seat, game=GAME)
            for seat in range(players)]
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)
    assert abs(sum(state.returns()) - 1.0) < 1e-9
