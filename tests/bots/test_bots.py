"""Bots are reproducible, play fair (decide the same on states scrambled where they cannot see),
and are stronger than chance."""

import random
import time

import pytest

import squidbox
from squidbox import InvalidOptions
from squidbox.bots import HeuristicBot, ISMCTSBot, StrongBot, make_bot, parse_spec

from ..engine.toy_games import SealedGuess

GAMES = [pytest.param(game.id, id=game.id) for game in squidbox.list_games()]


def positions(game, num_players, seed, count):
    """A few states along a random game, with the seat to decide in each."""
    chooser = random.Random(seed)
    state = game.new_game(num_players, seed=seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        player = chooser.choice(state.to_move())
        if len(state.legal_actions(player)) > 1 and chooser.random() < 0.3:
            found.append((state.clone(), player))
        state.apply(player, chooser.choice(state.legal_actions(player)))
    return found


def fair_bots(game):
    yield ISMCTSBot(seed=5, iterations=25)
    if game.evaluate_view is not None:
        yield HeuristicBot(game, seed=5)
        yield StrongBot(game, seed=5, iterations=20, model=1.0, greedy=0.5)


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_decide_the_same_on_states_scrambled_where_they_cannot_see(game_id):
    game = squidbox.get_game(game_id)
    num_players = min(game.max_players, game.min_players + 1)
    for state, player in positions(game, num_players, seed=3, count=4):
        for scramble_seed in (1, 2):
            scrambled = state.resample(player, random.Random(scramble_seed))
            for bot, twin in zip(fair_bots(game), fair_bots(game), strict=True):
                assert bot.choose(state, player) == twin.choose(scrambled, player), bot.name


def test_bots_never_change_the_state_they_are_given():
    game = squidbox.get_game("grid_squid")
    for state, player in positions(game, 3, seed=8, count=3):
        before = state.to_json()
        for bot in fair_bots(game):
            assert bot.choose(state, player) in state.legal_actions(player)
        assert state.to_json() == before


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=30"])
def test_a_seed_reproduces_the_whole_game(spec):
    game = squidbox.get_game("grid_squid")

    def play(seed):
        bots = [make_bot(spec, seed * 10 + s, game) for s in range(3)]
        state = game.new_game(3, seed=seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            state.apply(player, bots[player].choose(state, player))
        return state.history

    assert play(4) == play(4)


def test_ismcts_handles_simultaneous_hidden_choices():
    # In Sealed Guess, guessing your own bonus number is worth 1 point for sure (plus the 1-in-3
    # chance of hitting the hidden target); any other guess only has the chance.
    game = SealedGuess()
    for seed in range(5):
        state = game.new_game(3, seed=seed)
        state.apply(2, "guess 1")  # another seat has already chosen, hidden
        bonus = state.view(0)["state"]["my_bonus"]
        assert ISMCTSBot(seed=seed, iterations=300).choose(state, 0) == f"guess {bonus}"


def test_ismcts_with_a_time_budget_returns_a_legal_action():
    state = squidbox.get_game("grid_squid").new_game(2, seed=1)
    player = state.to_move()[0]
    assert ISMCTSBot(seed=1, seconds=0.05).choose(state, player) in state.legal_actions(player)


def test_cut_off_rollouts_use_the_games_evaluation():
    game = squidbox.get_game("grid_squid")
    bot = make_bot("ismcts:iterations=40,rollout_depth=4", 1, game)
    state = game.new_game(2, seed=2)
    player = state.to_move()[0]
    assert bot.choose(state, player) in state.legal_actions(player)


def win_share(game, spec, opponent, games, num_players=2):
    total = 0.0
    for i in range(games):
        seat = i % num_players
        bots = [make_bot(spec if s == seat else opponent, 100 * i + s, game)
                for s in range(num_players)]
        state = game.new_game(num_players, seed=500 + i)
        while not state.is_terminal():
            player = state.to_move()[0]
            state.apply(player, bots[player].choose(state, player))
        total += state.returns()[seat]
    return total / games


@pytest.mark.parametrize("spec", ["heuristic", "ismcts:iterations=100"])
def test_search_and_heuristic_beat_random_at_grid_squid(spec):
    assert win_share(squidbox.get_game("grid_squid"), spec, "random", games=12) >= 0.75


@pytest.mark.parametrize(("spec", "message"), [
    ("genius", "unknown bot kind 'genius'; valid: random, heuristic, strong, ismcts"),
    ("ismcts:depth=3", "has no setting 'depth=3'; settings: iterations"),
    ("ismcts:iterations=many", "must be a number"),
    ("random:seconds=1", "settings: none"),
])
def test_bad_bot_specs_are_refused_clearly(spec, message):
    with pytest.raises(InvalidOptions, match=message):
        make_bot(spec, 0, squidbox.get_game("grid_squid"))


def test_the_heuristic_bot_needs_a_game_with_a_heuristic():
    with pytest.raises(InvalidOptions, match="heuristic evaluation"):
        make_bot("heuristic", 0, SealedGuess())
    assert parse_spec("ismcts:iterations=5,exploration=1.5") == (
        "ismcts", {"iterations": 5, "exploration": 1.5})


@pytest.mark.parametrize("game_id", GAMES)
def test_the_strong_bots_estimates_cover_exactly_the_legal_actions_and_see_only_its_seat(game_id):
    game = squidbox.get_game(game_id)
    for state, player in positions(game, game.min_players, seed=6, count=2):
        scrambled = state.resample(player, random.Random(9))
        estimates = StrongBot(game, seed=2, iterations=15, model=1.0).estimate(state, player)
        assert list(estimates) == state.legal_actions(player)
        assert all(0.0 <= value <= 1.0 for value in estimates.values())
        twin = StrongBot(game, seed=2, iterations=15, model=1.0).estimate(scrambled, player)
        assert twin == estimates


def test_the_strong_bot_estimates_a_sure_win_and_a_sure_loss():
    # Grid Squid's last placement decides the game; search finds which actions win.
    game = squidbox.get_game("grid_squid")
    bot = StrongBot(game, seed=1, iterations=200)
    state = game.new_game(2, seed=3)
    chooser = random.Random(3)
    while not state.is_terminal():
        player = state.to_move()[0]
        after = {a: _finished(state, player, a) for a in state.legal_actions(player)}
        if all(result is not None for result in after.values()) and len(set(after.values())) > 1:
            estimates = bot.estimate(state, player)
            assert estimates == pytest.approx({a: r[player] for a, r in after.items()})
            return
        state.apply(player, chooser.choice(state.legal_actions(player)))
    pytest.fail("no game-deciding last move found")


def test_the_strong_bots_opponent_model_draws_among_equally_good_moves():
    # SQUID's first call at two players: to the heuristic, vote 0 and vote 1 are worth the same
    # (either lands the guard on either colour with even chance), so it votes at random; the
    # opponent model must too, or search plays against an opponent that always votes 0. (A
    # Zeige card held back until the reveal is worth the same to it, so it may be drawn too.)
    game = squidbox.get_game("squid_circle")
    state = game.new_game(2, seed=1)
    opponent = 1
    legal = state.legal_actions(opponent)
    bot = StrongBot(game, seed=4, iterations=1)
    votes = {bot._greedy_action(state, opponent, legal) for _ in range(20)}
    assert {"vote 0", "vote 1"} <= votes


def _finished(state, player, action):
    after = state.clone()
    after.apply(player, action)
    return tuple(after.returns()) if after.is_terminal() else None


def test_the_strong_bot_keeps_to_its_time_budget():
    game = squidbox.get_game("squid_inc")
    state = game.new_game(2, seed=1)
    player = state.to_move()[0]
    bot = make_bot("strong:seconds=0.05,model=1", 1, game)
    start = time.perf_counter()
    assert bot.choose(state, player) in state.legal_actions(player)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize(("spec", "message"), [
    ("strong:greedy=1.5", "greedy is a share of decisions"),
    ("strong:model=-1", "model is a share of decisions"),
    ("strong:rollout_depth=-2", "at least 0"),
])
def test_the_strong_bots_bad_settings_are_refused(spec, message):
    with pytest.raises(ValueError, match=message):
        make_bot(spec, 0, squidbox.get_game("grid_squid"))


def test_the_strong_bot_needs_a_game_with_a_heuristic():
    with pytest.raises(InvalidOptions, match="heuristic evaluation"):
        make_bot("strong", 0, SealedGuess())


def test_the_strong_bots_prior_shrinks_each_estimate_towards_the_mean_and_is_checked():
    game = squidbox.get_game("grid_squid")
    state = game.new_game(2, seed=3)
    raw = StrongBot(game, seed=2, iterations=40).estimate(state, 0)
    shrunk = StrongBot(game, seed=2, iterations=40).estimate(state, 0, prior=10.0)
    flat = StrongBot(game, seed=2, iterations=40).estimate(state, 0, prior=1e9)
    mean = next(iter(flat.values()))
    assert len(set(raw.values())) > 1 and all(v == pytest.approx(mean) for v in flat.values())
    for action, value in raw.items():  # between its own mean and the mean of all, not past it
        assert min(value, mean) - 1e-9 <= shrunk[action] <= max(value, mean) + 1e-9
        assert shrunk[action] != value or value == pytest.approx(mean)
    with pytest.raises(ValueError, match="prior is a weight in playouts"):
        StrongBot(game, seed=2, iterations=1).estimate(state, 0, prior=-1.0)
