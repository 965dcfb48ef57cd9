"""The PettingZoo parallel environment: PettingZoo's own parallel tests, and simultaneous
decisions taken in one step."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import parallel_api_test, parallel_seed_test  # noqa: E402

import squidbox  # noqa: E402
from squidbox.adapters.pettingzoo import env, parallel_env  # noqa: E402

SIMULTANEOUS = [
    pytest.param(game.id, n, id=f"{game.id}-{n}p")
    for game in squidbox.list_games() if game.simultaneous
    for n in sorted({game.min_players, game.max_players})
]


@pytest.mark.parametrize(("game_id", "players"), [
    *SIMULTANEOUS, pytest.param("grid_squid", 3, id="grid_squid-3p")])
def test_parallel_api_and_seed_tests(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game_id, players), num_cycles=400)
        parallel_seed_test(lambda: parallel_env(game_id, players), num_cycles=100)


def play(environment, seed, rng):
    """A whole game with legal random actions; returns the steps (movers, actions)."""
    observations, _ = environment.reset(seed=seed)
    trace = []
    while environment.agents:
        actions = {}
        for agent, observation in observations.items():
            legal = np.flatnonzero(observation["action_mask"])
            if len(legal):
                actions[agent] = int(rng.choice(legal))
        trace.append(tuple(sorted(actions.items())))
        observations, rewards, terminations, _, _ = environment.step(actions)
    assert all(terminations.values()) and sum(rewards.values()) == pytest.approx(1.0)
    return trace


def test_every_seat_voting_in_squid_gives_its_vote_in_one_step():
    environment = parallel_env("squid_circle", 4)
    observations, _ = environment.reset(seed=3)
    movers = [a for a, o in observations.items() if o["action_mask"].any()]
    assert movers == environment.possible_agents  # the first vote: all four at once
    before = environment.state.to_move()
    by_hand = environment.state.clone()
    votes = {agent: int(np.flatnonzero(observations[agent]["action_mask"])[0])
             for agent in movers}
    environment.step(votes)
    assert environment.state.to_move() != before
    for seat, agent in enumerate(environment.possible_agents):  # the four votes, each once
        by_hand.apply(seat, environment.game.actions[votes[agent]])
    assert environment.state.to_json() == by_hand.to_json()


def test_the_same_seed_gives_the_same_game_and_simultaneous_steps_happen():
    first = play(parallel_env("squid_game", 3), 5, np.random.default_rng(0))
    again = play(parallel_env("squid_game", 3), 5, np.random.default_rng(0))
    assert first == again
    assert max(len(step) for step in first) == 3  # all three teams in one step
    other = play(parallel_env("squid_game", 3), 6, np.random.default_rng(0))
    assert other != first


def test_the_parallel_and_aec_environments_observe_alike():
    parallel = parallel_env("squid_circle", 3)
    aec = env("squid_circle", 3)
    observations, _ = parallel.reset(seed=8)
    aec.reset(seed=8)
    for agent in parallel.possible_agents:
        expected = aec.observe(agent)
        assert np.array_equal(observations[agent]["observation"], expected["observation"])
        assert np.array_equal(observations[agent]["action_mask"], expected["action_mask"])
    assert parallel.observation_space("player_0") == aec.observation_space("player_0")


def test_an_illegal_action_ends_the_game_and_leaves_the_state_as_it_was():
    environment = parallel_env("squid_circle", 3, illegal_action_reward=-2.0)
    observations, _ = environment.reset(seed=1)
    history = list(environment.state.history)
    actions = {agent: int(np.flatnonzero(o["action_mask"])[0])
               for agent, o in observations.items()}
    actions["player_1"] = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = environment.step(actions)
    assert rewards == {"player_0": 0.0, "player_1": -2.0, "player_2": 0.0}
    assert all(terminations.values()) and environment.agents == []
    assert infos["player_1"] == {"illegal_action": True} and infos["player_0"] == {}
    assert list(environment.state.history) == history
    with pytest.raises(squidbox.InvalidOptions, match="reset"):
        environment.step(actions)


def test_actions_of_seats_not_to_move_are_ignored_and_a_missing_mover_is_illegal():
    environment = parallel_env("grid_squid", 2)
    observations, _ = environment.reset(seed=2)
    mover = next(a for a, o in observations.items() if o["action_mask"].any())
    idle = next(a for a in environment.agents if a != mover)
    legal = int(np.flatnonzero(observations[mover]["action_mask"])[0])
    _, _, terminations, _, _ = environment.step({mover: legal, idle: 10_000})
    assert not any(terminations.values())
    _, rewards, terminations, _, _ = environment.step({})
    assert all(terminations.values()) and min(rewards.values()) == -1.0
