"""Walking through one seeded random game, for tests that look at every state along the way."""

import random
from collections.abc import Iterator
from typing import Any

from squidbox.engine import Game, State


def random_walk(game: Game, num_players: int, seed: int, options: dict[str, Any] | None = None
                ) -> Iterator[tuple[State, int | None]]:
    """Every state of one random game with the seat about to decide in it (None at the end).
    The same state object is yielded each time, changed in place: look at it in the loop."""
    chooser = random.Random(seed)
    state = game.new_game(num_players, seed=seed, options=options)
    while not state.is_terminal():
        player = chooser.choice(state.to_move())
        yield state, player
        state.apply(player, chooser.choice(state.legal_actions(player)))
    yield state, None
