"""Batched bots for the seats a learner does not play: random, and a greedy placer."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from squidbox.engine import InvalidOptions

if TYPE_CHECKING:
    from .grid_squid import GridSquidBatch

OPPONENTS = ("random", "greedy")


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action id per row of masks."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def greedy_actions(batch: GridSquidBatch, games: np.ndarray,
                   rng: np.random.Generator) -> np.ndarray:
    """Place where the most of the seat's own cubes are next to the tile (rows and columns), ties
    broken at random; a card without a tile is played without effect."""
    r = batch.rules
    masks = batch.masks[games]
    seats = batch.current[games][:, None]
    own = (batch.owner[games] == seats).astype(np.float32)
    neighbours = own @ _adjacency(r.columns, r.rows)
    value = np.zeros(masks.shape, dtype=np.float32)
    value[:, :r.tiles] = neighbours
    keys = (value + rng.random(masks.shape, dtype=np.float32) * 0.5 + 1.0) * masks
    return keys.argmax(axis=1)


def opponent_actions(kind: str, batch: GridSquidBatch, games: np.ndarray,
                     rng: np.random.Generator) -> np.ndarray:
    if kind == "random":
        return random_actions(batch.masks[games], rng)
    if kind == "greedy":
        return greedy_actions(batch, games, rng)
    raise InvalidOptions(f"unknown opponent {kind!r}; valid: {', '.join(OPPONENTS)}")


def _adjacency(columns: int, rows: int) -> np.ndarray:
    tiles = columns * rows
    adjacent = np.zeros((tiles, tiles), dtype=np.float32)
    for t in range(tiles):
        c, row = t % columns, t // columns
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= c + dc < columns and 0 <= row + dr < rows:
                adjacent[t, (row + dr) * columns + c + dc] = 1
    return adjacent
