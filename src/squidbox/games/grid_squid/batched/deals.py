"""The engine's seeded deal, reproduced for a batch of seeds in NumPy.

Grid Squid's setup draws, in order: the symbols in play (a sample, only when they are "random"),
the board layout (a shuffle), the deck (a shuffle) and the starting seat (randrange); every later
draw is a reshuffle of the discard pile into a new deck. A shuffle's permutation depends only on
the generator and the list's length, and every reshuffle's length is fixed by the rules (see
rules._deal_schedule), so all of a game's randomness can be drawn at reset, before any card is
played: the reshuffles are stored as permutations applied later to the discard pile in the
engine's order (sorted by symbol).

The engine's generator (engine/rng.py, snapshot format 2) is counter-based: draw `d` of seed `s`
is a 32-bit half of SplitMix64's word `d // 2` from the key `mix64(s)`, and a shuffle of L items
takes exactly L - 1 draws, a sample of k items k draws, a randrange one. So every draw of every
game sits at a number known in advance, and the whole batch's words are computed at once in
uint64 arithmetic; the rare rejection in randrange (about L / 2**32 of the draws) is redone on
the few games that need it. `deal_by_engine` makes the same deals game by game with the
engine's own `Rng`, as the reference the tests compare against.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from squidbox.engine.rng import GAMMA, MASK, Rng

from .rules import Rules

U64 = np.uint64
_GAMMA, _MIX1, _MIX2 = U64(GAMMA), U64(0xBF58476D1CE4E5B9), U64(0x94D049BB133111EB)
_TOP = 1 << 32


@dataclass
class Deals:
    symbols_in_play: np.ndarray  # [B, K] symbol indices, sorted
    tile_symbols: np.ndarray  # [B, T]
    deck: np.ndarray  # [B, C] top card last
    start_player: np.ndarray  # [B]
    reshuffles: np.ndarray  # [B, R, Lmax] permutation of each reshuffle (new[i] = old[perm[i]])


def _empty(rules: Rules, b: int) -> Deals:
    sizes = rules.reshuffle_sizes
    return Deals(
        symbols_in_play=np.empty((b, rules.symbols_in_play), dtype=np.int8),
        tile_symbols=np.empty((b, rules.tiles), dtype=np.int8),
        deck=np.empty((b, rules.deck_size), dtype=np.int8),
        start_player=np.empty(b, dtype=np.int8),
        reshuffles=np.zeros((b, len(sizes), max(sizes, default=1)), dtype=np.int16),
    )


def deal_by_engine(rules: Rules, seeds: np.ndarray) -> Deals:
    """The deals made by the engine's generator game by game, in the engine's order."""
    out = _empty(rules, len(seeds))
    per_tile, per_card = rules.tiles_per_symbol, rules.cards_per_symbol
    for g, seed in enumerate(np.asarray(seeds, dtype=np.int64).tolist()):
        rng = Rng(seed)
        if rules.fixed_symbols is None:
            in_play = sorted(rng.sample(range(rules.symbols), rules.symbols_in_play))
        else:
            in_play = list(rules.fixed_symbols)
        tiles = [s for s in in_play for _ in range(per_tile)]
        rng.shuffle(tiles)
        deck = [s for s in in_play for _ in range(per_card)]
        rng.shuffle(deck)
        out.symbols_in_play[g] = in_play
        out.tile_symbols[g] = tiles
        out.deck[g] = deck
        out.start_player[g] = rng.randrange(rules.num_players)
        for i, size in enumerate(rules.reshuffle_sizes):
            perm = list(range(size))
            rng.shuffle(perm)
            out.reshuffles[g, i, :size] = perm
    return out


# ---- the same, vectorised over the batch --------------------------------------------------------
def _mix64(z: np.ndarray) -> np.ndarray:
    z = (z ^ (z >> U64(30))) * _MIX1
    z = (z ^ (z >> U64(27))) * _MIX2
    mixed: np.ndarray = z ^ (z >> U64(31))
    return mixed


class _Draws:
    """The engine's draws for each game of the batch, taken in order from draw 0."""

    def __init__(self, seeds: np.ndarray, total: int) -> None:
        keys = _mix64(np.asarray(seeds, dtype=np.int64).view(U64))
        offsets = np.array([((w + 1) * GAMMA) & MASK for w in range((total + 1) // 2)],
                           dtype=U64)
        with np.errstate(over="ignore"):
            words = _mix64(keys[:, None] + offsets[None, :])
        values = np.empty((len(keys), 2 * len(offsets)), dtype=U64)
        values[:, 0::2] = words >> U64(32)
        values[:, 1::2] = words & U64(0xFFFFFFFF)
        self.values = values
        self.next = 0
        self.rows = np.arange(len(keys))

    def randrange(self, stop: int) -> np.ndarray:
        value = self.values[:, self.next].copy()
        self.next += 1
        limit = U64(_TOP - _TOP % stop)
        while (bad := value >= limit).any():  # the engine's _refit, on the games that need it
            value[bad] = _mix64(value[bad] + _GAMMA) >> U64(32)
        return (value % U64(stop)).astype(np.intp)

    def shuffle(self, items: np.ndarray) -> None:
        """Fisher–Yates from the top, in place, on each row."""
        rows = self.rows
        for i in range(items.shape[1] - 1, 0, -1):
            j = self.randrange(i + 1)
            a, b = items[:, i].copy(), items[rows, j]
            items[:, i] = b
            items[rows, j] = a

    def sample(self, n: int, k: int) -> np.ndarray:
        """sample(range(n), k): Fisher–Yates from the bottom, k steps."""
        rows = self.rows
        pool = np.broadcast_to(np.arange(n), (len(rows), n)).copy()
        for i in range(k):
            j = i + self.randrange(n - i)
            a, b = pool[:, i].copy(), pool[rows, j]
            pool[:, i] = b
            pool[rows, j] = a
        return pool[:, :k]


def _draws_per_game(rules: Rules) -> int:
    sample = 0 if rules.fixed_symbols is not None else rules.symbols_in_play
    shuffles = (rules.tiles - 1) + (rules.deck_size - 1) + sum(
        size - 1 for size in rules.reshuffle_sizes if size > 0)
    return sample + shuffles + 1


def deal(rules: Rules, seeds: np.ndarray) -> Deals:
    """The engine's deals for these seeds."""
    seeds = np.asarray(seeds, dtype=np.int64)
    out = _empty(rules, len(seeds))
    draws = _Draws(seeds, _draws_per_game(rules))
    if rules.fixed_symbols is None:
        in_play = np.sort(draws.sample(rules.symbols, rules.symbols_in_play), axis=1)
    else:
        in_play = np.broadcast_to(np.array(rules.fixed_symbols), (len(seeds),
                                                                  rules.symbols_in_play))
    out.symbols_in_play[:] = in_play
    for target, per in ((out.tile_symbols, rules.tiles_per_symbol),
                        (out.deck, rules.cards_per_symbol)):
        items = np.repeat(in_play, per, axis=1)
        draws.shuffle(items)
        target[:] = items
    out.start_player[:] = draws.randrange(rules.num_players)
    for i, size in enumerate(rules.reshuffle_sizes):
        perm = np.broadcast_to(np.arange(size), (len(seeds), size)).copy()
        draws.shuffle(perm)
        out.reshuffles[:, i, :size] = perm
    return out
