"""Every game's designed observation and information-state tensor: fixed size, values in their
declared range, nothing a seat may not see (the same numbers for every redeal of what is hidden
from it), and a hand's order changes nothing."""

import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest

import squidbox
from squidbox.games import observations
from squidbox.games.observations import observer

DOC = Path(__file__).resolve().parents[2] / "docs" / "observations.md"
CASES = [
    pytest.param(game.id, n, preset, id=f"{game.id}-{n}p-{k}")
    for game in squidbox.list_games()
    for n in sorted({game.min_players, game.max_players})
    for k, preset in enumerate(({}, *game.option_presets[:1]))
]
RESAMPLES = 2
POSITIONS = 16  # positions checked per game, spread over a seeded random game


def positions(game_id, players, options, seed=3):
    """States along one seeded random game, the last one finished."""
    game = squidbox.get_game(game_id)
    state = game.new_game(players, seed=seed, options=options)
    rng = random.Random(seed)
    seen = [state.clone()]
    while not state.is_terminal():
        mover = rng.choice(state.to_move())
        state.apply(mover, rng.choice(state.legal_actions(mover)))
        seen.append(state.clone())
    picked = np.linspace(0, len(seen) - 1, POSITIONS).round().astype(int)
    return [seen[i] for i in sorted(set(picked))]


def test_every_game_has_a_designed_observation():
    for game in squidbox.list_games():
        assert importlib.util.find_spec(f"squidbox.games.{game.id}.observation"), game.id


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_observations_are_bounded_fixed_and_hide_what_the_seat_cannot_see(
        game_id, players, options):
    obs = observer(squidbox.get_game(game_id), players)
    low, high = obs.layout.low(), obs.layout.high()
    rng = random.Random(7)
    for state in positions(game_id, players, options):
        for seat in range(players):
            seen = obs.observation(state, seat)
            info = obs.information_state(state, seat)
            assert seen.shape == (obs.size,) and seen.dtype == np.float32
            assert info.shape == (obs.info_size,)
            np.testing.assert_array_equal(info[:obs.size], seen)
            assert np.all(seen >= low) and np.all(seen <= high), obs.layout.parts
            assert np.all(info[obs.size:] >= 0) and np.all(info[obs.size:] <= 1)
            for _ in range(RESAMPLES):
                redealt = state.resample(seat, random.Random(rng.getrandbits(32)), records=True)
                np.testing.assert_array_equal(obs.observation(redealt, seat), seen)
                np.testing.assert_array_equal(obs.information_state(redealt, seat), info)


@pytest.mark.parametrize(("game_id", "players", "options"), CASES[::2])
def test_the_order_of_a_hand_changes_nothing(game_id, players, options):
    """Every pile the game declares unordered (a hand) is shuffled in place: no seat's
    observation may change."""
    obs = observer(squidbox.get_game(game_id), players)
    rng = random.Random(1)
    for state in positions(game_id, players, options):
        shuffled = state.clone()
        piles = [zone.raw(shuffled, seat) for zone in shuffled.zones()
                 if not zone.ordered and not zone.counts for seat in zone.seats(shuffled)]
        for pile in piles:
            rng.shuffle(pile)
        for seat in range(players):
            np.testing.assert_array_equal(obs.observation(shuffled, seat),
                                          obs.observation(state, seat))


def test_a_resample_changes_what_the_seat_cannot_see():
    """The leak test can fail: a resample does redeal another seat's hand, which an observation
    of that other seat's cards would show."""
    state = positions("grid_squid", 3, {})[1]
    redealt = state.resample(0, random.Random(5))
    assert redealt.hands[0] == state.hands[0] and redealt.hands[1:] != state.hands[1:]


def test_the_history_block_counts_what_the_seat_saw():
    """SQUID's first call is three hidden votes: seat 0 sees its own vote and that the others
    voted, not how."""
    game = squidbox.get_game("squid_circle")
    state = game.new_game(3, seed=1)
    obs = observer(game, 3)
    for seat in (0, 1):
        state.apply(seat, state.legal_actions(seat)[0])
    history = obs.information_state(state, 0)[obs.size:]
    layout = obs.history
    actions = len(game.actions)
    taken = history[layout["actions taken"].slice].reshape(3, actions)
    own = game.action_to_id(state.history[0][1])
    assert taken[0, own] == 0.5 and taken.sum() == 0.5  # c / (c + 1) for its one vote
    np.testing.assert_allclose(history[layout["unseen decisions"].slice], [0, 1 / 5, 0])
    recent = history[layout["last decisions"].slice].reshape(8, 3 + actions + 1)
    assert recent[0, 1] == 1 and recent[0, -1] == 1  # newest: seat 1 (slot 1), unseen
    assert recent[1, 0] == 1 and recent[1, 3 + own] == 1
    assert not recent[2:].any()


def test_openspiel_tensors_are_the_designed_ones():
    pyspiel = pytest.importorskip("pyspiel")
    from squidbox.adapters import openspiel

    spiel = pyspiel.load_game(openspiel.short_name("directors"), {"players": 3})
    assert spiel.get_type().provides_information_state_tensor
    obs = observer(squidbox.get_game("directors"), 3)
    assert spiel.observation_tensor_shape() == [obs.size]
    assert spiel.information_state_tensor_shape() == [obs.info_size]
    state = spiel.new_initial_state()
    assert not any(state.information_state_tensor(0))
    state.apply_action(5)
    for _ in range(4):
        state.apply_action(state.legal_actions()[0])
    for seat in range(3):
        np.testing.assert_array_equal(state.observation_tensor(seat),
                                      obs.observation(state.inner, seat))
        np.testing.assert_array_equal(state.information_state_tensor(seat),
                                      obs.information_state(state.inner, seat))
        redealt = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0., 1.))
        assert redealt.information_state_tensor(seat) == state.information_state_tensor(seat)


@pytest.mark.parametrize("game_id", [game.id for game in squidbox.list_games()])
def test_the_environments_declare_the_real_bounds(game_id):
    pytest.importorskip("pettingzoo")
    from squidbox.adapters.gymnasium import SquidboxEnv
    from squidbox.adapters.pettingzoo import env

    layout = observer(squidbox.get_game(game_id), 3 if game_id == "squid_game" else 2).layout
    for space in (env(game_id).observation_space("player_0"),
                  SquidboxEnv(game_id).observation_space):
        box = space["observation"]
        np.testing.assert_array_equal(box.low, layout.low())
        np.testing.assert_array_equal(box.high, layout.high())


def test_the_observation_page_is_generated_from_the_layouts():
    assert DOC.read_text(encoding="utf-8") == observations.markdown(), (
        "docs/observations.md is stale: python -m squidbox.games.observations "
        "> docs/observations.md")
