"""The OpenSpiel adapter under OpenSpiel's own algorithms: copies that keep the game's settings,
the checks of OpenSpiel's basic_tests that pyspiel does not expose (written out here), and the
tabular solvers on the smallest configuration that fits in a test."""

import copy
import json
import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import (  # noqa: E402
    cfr,
    exploitability,
    external_sampling_mccfr,
    get_all_states,
    outcome_sampling_mccfr,
)

import squidbox  # noqa: E402
from squidbox.adapters import openspiel  # noqa: E402
from squidbox.games.observations import observer  # noqa: E402

CASES = [
    pytest.param(game.id, n, id=f"{game.id}-{n}p")
    for game in squidbox.list_games()
    for n in sorted({game.min_players, game.max_players})
]
# The smallest configuration of any game: one Marbles game, one token per team (docs/research.md
# has the sizes of the others). Two deals keep chance in the tree.
MARBLES = {"players": 3, "seeds": 2, "options": json.dumps({"game": "marbles", "tokens": 1})}


def load(game_id, players, options=None, seeds=openspiel.SEEDS):
    return pyspiel.load_game(openspiel.short_name(game_id), {
        "players": players, "options": json.dumps(options or {}), "seeds": seeds})


def play_randomly(state, rng, steps):
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("make_copy", [
    pytest.param(lambda state: state.clone(), id="clone"),
    pytest.param(copy.deepcopy, id="deepcopy"),
    pytest.param(lambda state: pickle.loads(pickle.dumps(state)), id="pickle"),
    pytest.param(lambda state: pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(state.get_game(), state))[1], id="serialize"),
])
@pytest.mark.parametrize("moves", [0, 1, 7])
def test_copies_keep_the_games_settings_and_play_on_alike(make_copy, moves):
    game = load("directors", 3, {"events": 2, "sphinx_payments": "one"}, seeds=5)
    original = play_randomly(game.new_initial_state(), random.Random(moves), moves)
    duplicate = make_copy(original)
    assert duplicate.get_game().get_parameters() == game.get_parameters()
    assert duplicate.get_game().options == game.options
    assert duplicate.history() == original.history()
    before = original.history_str()
    for rng_seed in range(2):
        left = play_randomly(original.clone(), random.Random(rng_seed), 12)
        right = play_randomly(duplicate.clone(), random.Random(rng_seed), 12)
        assert left.history() == right.history()
        assert [left.information_state_string(p) for p in range(3)] == \
            [right.information_state_string(p) for p in range(3)]
    assert original.history_str() == before, "playing a copy changed the original"


def test_child_and_pickled_game_keep_the_settings():
    game = load("grid_squid", 3, {"advanced": True}, seeds=3)
    child = game.new_initial_state().child(2)
    assert child.inner.options["advanced"] is True and child.inner.num_players == 3
    assert child.legal_actions() == child.clone().legal_actions()
    again = pickle.loads(pickle.dumps(game))
    assert again.options == game.options and again.num_seeds == 3
    assert again.new_initial_state().child(2).information_state_string(1) == \
        child.information_state_string(1)


def check_state(game, state, resample=True):
    """OpenSpiel's per-state basic checks (basic_tests.cc) that pyspiel does not expose."""
    players = range(game.num_players())
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        actions = [action for action, _ in outcomes]
        assert actions == state.legal_actions() == state.legal_actions(pyspiel.PlayerId.CHANCE)
        assert len(set(actions)) == len(actions)
        assert all(0 < p <= 1 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        return
    if state.is_terminal():
        assert sum(state.returns()) == pytest.approx(game.utility_sum())
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
        return
    mover = state.current_player()
    for player in players:
        legal = state.legal_actions(player)
        if player != mover:
            assert legal == []
            continue
        assert legal and legal == sorted(set(legal))
        names = [state.action_to_string(player, action) for action in legal]
        assert len(set(names)) == len(names)
        mask = state.legal_actions_mask(player)
        assert [i for i, bit in enumerate(mask) if bit] == legal
        assert legal == engine_legal_ids(state, player)  # the kept list is this state's
    seen = observer(state.inner.game, game.num_players())
    for player in players:
        assert state.observation_tensor(player) == seen.observation(state.inner, player).tolist()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for player in players if resample else ():
        resampled = state.resample_from_infostate(player, sampler)
        assert resampled.information_state_string(player) == \
            state.information_state_string(player)
        assert resampled.current_player() == mover
        assert resampled.legal_actions() == engine_legal_ids(resampled, mover)


def engine_legal_ids(state, player):
    return sorted(map(state.inner.game.action_to_id, state.inner.legal_actions(player)))


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiel_basic_checks_on_every_state_of_random_games(game_id, players):
    game = load(game_id, players)
    rng = random.Random(players)
    for _ in range(2):
        state = game.new_initial_state()
        length = 0
        while True:  # resampling is the costly check: at decisions 0, 1, 2, 4, 8, ...
            check_state(game, state, resample=(length & (length - 1)) == 0)
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            length += 1
        assert not state.is_cut_short(), "a random game reached max_game_length"
        assert state.decisions == length - 1 <= game.max_game_length()


@pytest.mark.parametrize("game_id", [game.id for game in squidbox.list_games()])
def test_python_shortcuts_answer_as_pyspiels_own_path(game_id):
    """legal_actions and the tensors are answered in Python, bypassing pyspiel's C++ path (which
    makes a root state per tensor): both must give the same answer on every state."""
    game = load(game_id, squidbox.get_game(game_id).min_players)
    assert game.observation_tensor_shape() == pyspiel.Game.observation_tensor_shape(game)
    assert game.information_state_tensor_size() == \
        pyspiel.Game.information_state_tensor_size(game)
    state, rng = game.new_initial_state(), random.Random(3)
    for _ in range(60):
        for player in [None, pyspiel.PlayerId.CHANCE, *range(game.num_players())]:
            args = () if player is None else (player,)
            if player == pyspiel.PlayerId.CHANCE and not state.is_chance_node() \
                    and not state.is_terminal():
                with pytest.raises(pyspiel.SpielError):
                    state.legal_actions(player)
                with pytest.raises(pyspiel.SpielError):
                    pyspiel.State.legal_actions(state, player)
                continue
            assert state.legal_actions(*args) == pyspiel.State.legal_actions(state, *args)
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            assert state.observation_tensor(player) == \
                pyspiel.State.observation_tensor(state, player)
            assert state.information_state_tensor(player) == \
                pyspiel.State.information_state_tensor(state, player)
        state.apply_action(rng.choice(state.legal_actions()))
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(game.num_players())


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_get_all_states_near_the_root(game_id, players):
    """The whole tree is too large for any default configuration (docs/research.md), but
    get_all_states walks its first levels, and every state it finds passes the basic checks."""
    game = load(game_id, players, seeds=2)
    states = get_all_states.get_all_states(game, depth_limit=2, include_chance_states=True)
    assert len(states) > 2
    for state in states.values():
        check_state(game, state)


def test_every_state_of_the_smallest_game_passes_the_basic_checks():
    game = pyspiel.load_game(openspiel.short_name("squid_game"), MARBLES)
    states = get_all_states.get_all_states(game, include_chance_states=True)
    terminals = [s for s in states.values() if s.is_terminal()]
    assert len(states) > 100 and terminals
    for state in states.values():
        check_state(game, state)
    longest = max(len(s.history()) for s in terminals) - 1  # less the chance node
    assert longest <= game.max_game_length()


def test_cfr_python_and_cpp_agree_and_beat_the_uniform_policy():
    game = pyspiel.load_game(openspiel.short_name("squid_game"), MARBLES)
    uniform = exploitability.nash_conv(game, policy_lib.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(3):
        solver.evaluate_and_update_policy()
    learned = exploitability.nash_conv(game, solver.average_policy())
    cpp_solver = pyspiel.CFRSolver(game)
    for _ in range(3):
        cpp_solver.evaluate_and_update_policy()
    assert pyspiel.nash_conv(game, cpp_solver.average_policy()) == pytest.approx(learned)
    for _ in range(7):
        cpp_solver.evaluate_and_update_policy()
    assert learned < uniform
    assert pyspiel.nash_conv(game, cpp_solver.average_policy()) < 0.35 * uniform


@pytest.mark.parametrize("solver_class", [
    outcome_sampling_mccfr.OutcomeSamplingSolver,
    external_sampling_mccfr.ExternalSamplingSolver,
])
def test_mccfr_runs_and_its_policy_covers_what_it_visited(solver_class):
    game = pyspiel.load_game(openspiel.short_name("squid_game"), MARBLES)
    solver = solver_class(game)
    for _ in range(30):
        solver.iteration()
    average = solver.average_policy()
    assert exploitability.nash_conv(game, average) >= 0.0
    state = game.new_initial_state().child(1)
    while not state.is_terminal():
        probabilities = average.action_probabilities(state)
        assert set(probabilities) == set(state.legal_actions())
        assert sum(probabilities.values()) == pytest.approx(1.0)
        state.apply_action(max(probabilities, key=probabilities.get))



def test_max_game_length_is_the_rules_bound_or_a_horizon_ending_in_a_tie():
    grid = load("grid_squid", 4)
    assert grid.max_game_length() == 60  # 3 rounds x 5 cards x 4 players, every game exactly
    state = play_randomly(grid.new_initial_state(), random.Random(1), 100)
    assert state.is_terminal() and state.decisions == 60 and not state.is_cut_short()
    one_payment = {"sphinx_payments": "one"}
    for game_id, options in (("squid_inc", {}), ("directors", one_payment)):  # rules' bounds
        game = squidbox.get_game(game_id)
        for players in (game.min_players, game.max_players):
            assert load(game_id, players, options).max_game_length() == \
                game.max_game_length(players, options) < 2**31  # a C++ int in OpenSpiel
    assert load("squid_circle", 2).max_game_length() == openspiel.HORIZON
    assert load("directors", 2).max_game_length() == openspiel.HORIZON  # several payments
    # A max_game_length parameter below the rules' bound cuts a game short, as the horizon does.
    short = pyspiel.load_game(openspiel.short_name("squid_inc"), {"max_game_length": 6})
    state = play_randomly(short.new_initial_state(), random.Random(2), 100)
    assert state.is_terminal() and state.is_cut_short() and state.decisions == 6
    assert state.returns() == [0.5, 0.5]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and state.legal_actions() == []
    with pytest.raises(squidbox.IllegalAction, match="max_game_length"):
        state.apply_action(0)
    assert state.decisions == 6
    again = pyspiel.load_game(str(short))
    assert again.max_game_length() == 6
    with pytest.raises(squidbox.InvalidOptions, match="max_game_length"):
        pyspiel.load_game(openspiel.short_name("squid_inc"), {"max_game_length": -3})


def test_options_survive_the_game_string_and_bad_ones_are_refused():
    options = {"symbols": ["Drop", "Wheel", "Arrow"], "advanced": True}
    game = load("grid_squid", 2, options)
    assert "%2C" in str(game) and "," not in str(game).split("options=")[1].split(",players")[0]
    again = pyspiel.load_game(str(game))
    assert again.options == game.options and again.options["symbols"] == ["Drop", "Wheel", "Arrow"]
    with pytest.raises(squidbox.InvalidOptions, match="JSON object"):
        pyspiel.load_game(openspiel.short_name("grid_squid"), {"options": "{advanced: true"})
    with pytest.raises(squidbox.InvalidOptions, match="JSON object"):
        pyspiel.load_game(openspiel.short_name("grid_squid"), {"options": "[1%2C 2]"})


def test_squid_games_final_can_last_for_ever_so_only_a_horizon_bounds_it():
    """In the final Squid Game a round in which every team plays Block leaves everything as it
    was but the round number and the Speed Token: no bound on the decisions follows from the
    rules, which is why the adapter ends such a game at max_game_length as a tie."""
    game = squidbox.get_game("squid_game")
    state = game.new_game(3, seed=1, options={"game": "squid_game", "tokens": 1})

    def block_for(decisions):
        for _ in range(decisions):
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, "block" if "block" in legal else legal[0])

    def board():
        final = dict(state.view(None)["state"]["game"])
        return final.pop("round"), final.pop("speed"), final

    block_for(30)  # the tokens placed, then rounds of three hidden Blocks
    first_round, speed, before = board()
    block_for(3 * 3 * 10)  # ten times round the table of Speed Tokens
    later_round, later_speed, after = board()
    assert not state.is_terminal()
    assert after == before and later_speed == speed
    assert later_round == first_round + 30
