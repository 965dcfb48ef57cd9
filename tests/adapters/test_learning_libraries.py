"""Every registered game through OpenSpiel, PettingZoo and Gymnasium, checked by those
libraries' own test suites."""

import json
import warnings

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import squidbox  # noqa: E402
from squidbox.adapters import openspiel  # noqa: E402
from squidbox.adapters.gymnasium import SquidboxEnv  # noqa: E402
from squidbox.adapters.pettingzoo import env  # noqa: E402

CASES = [
    pytest.param(game.id, n, id=f"{game.id}-{n}p")
    for game in squidbox.list_games()
    for n in sorted({game.min_players, game.max_players})
]

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiel_random_simulation_test(game_id, players):
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": players})
    assert game.num_players() == players
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_openspiel_ismcts_plays_whole_games(game_id, players):
    game = pyspiel.load_game(openspiel.short_name(game_id), {"players": players})
    rng = np.random.RandomState(players)
    bot = ismcts.ISMCTSBot(game, openspiel.heuristic_evaluator(), uct_c=2.0,
                           max_simulations=12, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_openspiel_information_comes_from_the_seats_view_only():
    game = pyspiel.load_game("squidbox_grid_squid", {"players": 3, "options": '{"advanced": true}'})
    state = game.new_initial_state()
    state.apply_action(17)
    for seat in range(3):
        resampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
        assert resampled.information_state_string(seat) == state.information_state_string(seat)
        assert resampled.observation_tensor(seat) == state.observation_tensor(seat)
    info = json.loads(state.information_state_string(0))
    assert info["view"]["state"]["hand"] is not None and info["view"]["seat"] == 0


def test_openspiel_rejects_bad_parameters_with_squidbox_errors():
    with pytest.raises(squidbox.InvalidOptions, match="2 to 4 players"):
        pyspiel.load_game("squidbox_grid_squid", {"players": 9})
    with pytest.raises(squidbox.InvalidOptions, match="unknown option"):
        pyspiel.load_game("squidbox_grid_squid", {"options": '{"turbo": true}'})


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_pettingzoo_api_and_seed_tests(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(game_id, players), num_cycles=300)
        seed_test(lambda: env(game_id, players), num_cycles=100)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_gymnasium_env_checker(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SquidboxEnv(game_id, players, seat=players - 1), skip_render_check=True)


def test_gymnasium_episode_against_bots_and_illegal_actions():
    environment = SquidboxEnv("grid_squid", 3, seat=1, opponents="heuristic",
                              render_mode="ansi")
    observation, _ = environment.reset(seed=4)
    assert "Grid Squid" in environment.render()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = environment.step(illegal)
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": True})
    observation, _ = environment.reset(seed=4)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, done, _, _ = environment.step(int(legal[0]))
        total += reward
    assert total in (0.0, 1.0, 0.5, 1 / 3)


def test_the_same_seed_gives_the_same_gymnasium_episode():
    def episode(seed):
        environment = SquidboxEnv("grid_squid", 2, opponents="random")
        observation, _ = environment.reset(seed=seed)
        trace = []
        done = False
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[-1])
            observation, reward, done, _, _ = environment.step(action)
            trace.append((action, reward))
        return trace
    assert episode(3) == episode(3)
