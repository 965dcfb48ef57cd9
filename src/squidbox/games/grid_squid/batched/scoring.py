"""Grid Squid's scoring for many boards at once, as bitmasks: the batch scores each round's end
with it, and the greedy opponent each candidate placement."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from .rules import Rules

EMPTY = -1  # a tile nobody holds
NOBODY = -2  # the owner of the "never" padding tile: no seat, and not EMPTY either


def points_of(r: Rules, owner: np.ndarray) -> np.ndarray:
    """The points every seat would score for its lines and Squids on each board of owner [M, T]:
    [M, players] int32.

    A run is a seat's when all its tiles are (seg_run pads a run with its own first tile, so
    its least and greatest owner are that seat) and scores when it is maximal: the tiles just
    before and after are not the seat's. A Squid is a pair of one seat's scoring runs in two
    directions sharing a tile. Two lines in different directions cross at most once and a
    seat's scoring runs in one direction never overlap, so with runs as tile bitmasks the
    Squids of a pair of directions are the bits both directions cover. No matrix products:
    on a busy machine BLAS threads cost far more than they save at these sizes."""
    m, n = len(owner), r.num_players
    padded = np.empty((m, r.tiles + 1), dtype=np.int8)
    padded[:, :r.tiles] = owner
    padded[:, r.tiles] = NOBODY  # rules._segments' "never" tile
    cells = padded[:, r.seg_run]  # [M, G, L]
    run_owner = cells.max(axis=2)
    run_owner[cells.min(axis=2) != run_owner] = EMPTY
    touching = (padded[:, r.seg_before] == run_owner) | (padded[:, r.seg_after] == run_owner)
    run_owner[touching] = EMPTY  # not maximal
    scoring = np.where(run_owner != EMPTY, r.seg_bits, np.uint32(0))  # [M, G] tile bits
    covered = [np.bitwise_or.reduce(scoring[:, runs], axis=1) for runs in r.seg_directions]
    crossings = [a & b for i, a in enumerate(covered) for b in covered[i + 1:]]
    out = np.empty((m, n), dtype=np.int32)
    tile_bits = np.uint32(1) << np.arange(r.tiles, dtype=np.uint32)
    run_points = r.seg_points.astype(np.int32)
    for seat in range(n):
        lines = np.where(run_owner == seat, run_points, 0).sum(axis=1, dtype=np.int32)
        mine = np.where(owner == seat, tile_bits, np.uint32(0)).sum(axis=1, dtype=np.uint32)
        squids = sum((_popcount(c & mine) for c in crossings), np.zeros(m, dtype=np.int32))
        out[:, seat] = lines + r.squid_bonus * squids
    return out


def _popcount(x: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):  # NumPy 2
        counts: np.ndarray = np.bitwise_count(x)
    else:
        counts = _BYTE_BITS[x.view(np.uint8).reshape(*x.shape, x.itemsize)].sum(axis=-1)
    return counts


_BYTE_BITS = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)
