"""Every game's designed observation and information-state tensor: fixed size, values in their
declared range, nothing a seat may not see (the same numbers for every redeal of what is hidden
from it), and a hand's order changes nothing."""

import importlib.util
import random

import numpy as np
import pytest

import squidbox
from squidbox.games.observations import observer

DESIGNED = [game for game in squidbox.list_games()
            if importlib.util.find_spec(f"squidbox.games.{game.id}.observation")]
CASES = [
    pytest.param(game.id, n, preset, id=f"{game.id}-{n}p-{k}")
    for game in DESIGNED
    for n in sorted({game.min_players, game.max_players})
    for k, preset in enumerate(({}, *game.option_presets[:1]))
]
RESAMPLES = 2
POSITIONS = 6  # positions checked per game, spread over a seeded random game


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
