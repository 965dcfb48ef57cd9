"""A greedy bot that looks one decision ahead and scores the result with the game's own
heuristic evaluation (`game.evaluate_view`, written in the game's folder).

It looks ahead on resampled states only, averaging over a few of them, so hidden cards and the
next draws are guessed, never peeked at."""

from __future__ import annotations

import random

from ..engine import Action, Game, State


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0, samples: int = 3) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self.samples = samples

    def choose(self, state: State, player: int) -> Action:
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        evaluate = self.game.evaluate_view
        if evaluate is None:
            raise TypeError(f"{self.game.id} has no heuristic to evaluate a view with")
        totals = dict.fromkeys(legal, 0.0)
        for _ in range(self.samples):
            world = state.resample(player, self.rng)
            for action in legal:
                after = world.clone()
                after.apply(player, action)
                totals[action] += evaluate(after.view(player), player)
        best = max(totals.values())
        return self.rng.choice([a for a in legal if totals[a] >= best - 1e-9])
