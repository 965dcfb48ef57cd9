"""Batched bots for the seats a learner does not play: "random" for every batched game, and the
ones a game's batched version offers in its `opponents` (a name for each function
`(batch, games, rng) -> actions`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from squidbox.engine import InvalidOptions

if TYPE_CHECKING:
    from .batched import BatchedGame, BatchedGameClass


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action id per row of masks."""
    keys = rng.random(masks.shape, dtype=np.float32)
    keys *= masks  # in place: no second [B, actions] array
    chosen: np.ndarray = keys.argmax(axis=1)
    return chosen


def opponent_kinds(game: BatchedGame | BatchedGameClass) -> tuple[str, ...]:
    """The opponents a batched game can be played against."""
    return ("random", *game.opponents)


def opponent_actions(kind: str, batch: BatchedGame, games: np.ndarray,
                     rng: np.random.Generator) -> np.ndarray:
    if kind == "random":
        return random_actions(batch.masks[games], rng)
    if kind in batch.opponents:
        return batch.opponents[kind](batch, games, rng)
    raise InvalidOptions(f"unknown opponent {kind!r}; valid: {', '.join(opponent_kinds(batch))}")
