"""Grid Squid's batched greedy opponent, for the seats a learner does not play (the generic
Gymnasium env offers it as `opponent="greedy"`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .scoring import points_of

if TYPE_CHECKING:
    from .batch import GridSquidBatch


def greedy_actions(batch: GridSquidBatch, games: np.ndarray,
                   rng: np.random.Generator) -> np.ndarray:
    """One step of lookahead: the placement after which the seat's points (lines and Squids, as
    they would score now) lead the best other seat's by the most; then the cheapest; ties at
    random. A card without a tile is played without effect."""
    r = batch.rules
    n = batch.num_players
    masks = batch.masks[games]
    seats = batch.current[games].astype(np.intp)
    g, t = len(games), r.tiles
    after = np.repeat(batch.owner[games][:, None, :], t, axis=1)  # [G, candidate, tile]
    after[:, np.arange(t), np.arange(t)] = seats[:, None]
    boards = after.reshape(g * t, t)
    points = points_of(r, boards).reshape(g, t, n)
    mine = np.take_along_axis(points, seats[:, None, None], axis=2)[:, :, 0]
    points[np.arange(g), :, seats] = -1
    lead = mine - points.max(axis=2)
    owner = batch.owner[games]
    cost = np.where((owner < 0) | (owner == seats[:, None]), 1, batch.cubes[games] + 1)
    value = np.zeros(masks.shape, dtype=np.float32)
    value[:, :t] = lead * 10.0 - cost
    value += rng.random(masks.shape, dtype=np.float32) * 0.5
    chosen: np.ndarray = np.where(masks, value, -np.inf).argmax(axis=1)
    return chosen
