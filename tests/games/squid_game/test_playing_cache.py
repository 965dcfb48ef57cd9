"""The tokens still playing a game are worked out once and kept (state.playing): over random
playouts, clones, resampled and reloaded states, the kept answer is always the fresh one."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from .positions import GAME

SINGLE_GAMES = [preset["game"] for preset in GAME.option_presets]


def fresh(state, seat):
    at = state.g["at"]
    return [t for t in state.team[seat] if str(t) in at]


def agrees(state):
    if state.phase == "play":
        for seat in range(state.num_players):
            assert state.playing(seat) == fresh(state, seat), (seat, state.games[state.stage])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 100_000), players=st.integers(3, 6),
       game=st.sampled_from(["campaign", *SINGLE_GAMES]))
def test_the_kept_tokens_in_play_are_always_the_fresh_ones(seed, players, game):
    options = {"game": game, "tokens": 2} if game != "campaign" else {"recruits": "random"}
    state = GAME.new_game(players, seed=seed, options=options)
    chooser = random.Random(seed)
    while not state.is_terminal():
        agrees(state)
        seat = chooser.choice(state.to_move())
        if chooser.random() < 0.1:  # copies keep it right too, and then go their own way
            other = chooser.choice([state.clone(), GAME.from_json(state.to_json()),
                                    state.resample(seat, random.Random(seed))])
            agrees(other)
            legal = other.legal_actions(seat)
            if legal:
                other.apply(seat, chooser.choice(legal))
                agrees(other)
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
