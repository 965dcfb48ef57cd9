"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from squidbox.engine import Action, State


class RandomBot:
    """Uniformly random legal actions, from its own seeded generator (reproducible games)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> Action:
        return self.rng.choice(state.legal_actions(player))
