"""What one seat of a batched Grid Squid may see, as a flat float32 vector: Grid Squid's designed
observation (`squidbox.games.grid_squid.observation`), written for B games at once from the
batch's arrays with the same layout, offsets and scales as the engine's one-state writer.

Only public information and the seat's own hand: the board (each tile's symbol, its owner
relative to the viewer, its cubes), the viewer's cards, every seat's supply, score, hand size and
cards played this round (ordered from the viewer round the table), the discard pile, the deck's
size, the round, and whether the viewer is to move. Never another seat's cards or the deck's
order. The tests compare every seat's batched vector with the engine writer's for the same game."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.grid_squid.observation import SCORE_SCALE, GridSquidLayout

from .rules import Rules

if TYPE_CHECKING:
    from squidbox.games.grid_squid.game import GridSquid

    from .batch import GridSquidBatch


@cache
def _layout(game: GridSquid, num_players: int) -> GridSquidLayout:
    return GridSquidLayout(game, num_players)


def layout_of(r: Rules) -> GridSquidLayout:
    return _layout(r.game, r.num_players)


def observation_size(r: Rules) -> int:
    return layout_of(r).size


def observe(batch: GridSquidBatch, viewer: np.ndarray) -> np.ndarray:
    """Written straight into one zeroed [B, size] array, part by part (no temporaries to join),
    raw counts first, then scaled by one multiplication."""
    layout = layout_of(batch.rules)
    n = batch.num_players
    b = batch.batch_size
    out = np.zeros((b, layout.size), dtype=np.float32)
    games = np.arange(b)
    rows = games[:, None]
    starts = layout.tile_starts
    out[rows, starts + batch.tile_symbols] = 1.0
    owner = batch.owner.astype(np.intp) + 1  # 0: nobody
    out[rows, starts + layout.owner_column[viewer[:, None], owner]] = 1.0
    out[:, layout.cube_columns] = batch.cubes
    order = (viewer[:, None] + np.arange(n)) % n  # seats from the viewer round the table
    out[:, layout.hand] = batch.hands[games, viewer]
    out[:, layout.discard] = batch.discard
    out[:, layout.supply] = batch.supply[rows, order]
    scores = batch.round_points.sum(axis=1, dtype=np.float32)[rows, order]
    out[:, layout.score] = scores / (scores + SCORE_SCALE)
    out[:, layout.in_hand] = batch.hands.sum(axis=2)[rows, order]
    out[:, layout.played] = batch.played[rows, order]
    out[:, layout.deck.start] = batch.deck_size
    out[games, layout.round.start + batch.round.astype(np.intp) - 1] = 1.0
    out[:, layout.to_move.start] = batch.current == viewer
    out *= layout.scale
    return out
