"""The engine's seeded deal, reproduced for a batch of seeds.

The engine's generator (engine/rng.py) makes a fresh `random.Random(f"{seed}:{draws}")` for each
draw. Grid Squid's setup draws, in order: the symbols in play (a sample, only when they are
"random"), the board layout (a shuffle), the deck (a shuffle) and the starting seat (randrange);
every later draw is a reshuffle of the discard pile into a new deck. A shuffle's permutation
depends only on the generator and the list's length, and every reshuffle's length is fixed by the
rules (see rules._deal_schedule), so all of a game's randomness can be drawn at reset, before any
card is played: the reshuffles are stored as permutations applied later to the discard pile in
the engine's order (sorted by symbol). The calls below are the engine's own stdlib calls, in the
engine's order, so a batched game with seed s is the engine's game with seed s.

This costs about 40-70 µs per game (it is the stdlib's seeding, per draw), which is why the
batch deals all its resets of one step together; see docs/benchmarks.md."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

from .rules import Rules


@dataclass
class Deals:
    symbols_in_play: np.ndarray  # [B, K] symbol indices, sorted
    tile_symbols: np.ndarray  # [B, T]
    deck: np.ndarray  # [B, C] top card last
    start_player: np.ndarray  # [B]
    reshuffles: np.ndarray  # [B, R, Lmax] permutation of each reshuffle (new[i] = old[perm[i]])


def deal(rules: Rules, seeds: np.ndarray) -> Deals:
    b = len(seeds)
    k = rules.symbols_in_play
    sizes = rules.reshuffle_sizes
    longest = max(sizes, default=1)
    out = Deals(
        symbols_in_play=np.empty((b, k), dtype=np.int8),
        tile_symbols=np.empty((b, rules.tiles), dtype=np.int8),
        deck=np.empty((b, rules.deck_size), dtype=np.int8),
        start_player=np.empty(b, dtype=np.int8),
        reshuffles=np.zeros((b, len(sizes), longest), dtype=np.int16),
    )
    r = random.Random()
    seed_ = r.seed
    n = rules.num_players
    symbol_pool = list(range(rules.symbols))
    fixed = rules.fixed_symbols
    per_tile, per_card = rules.tiles_per_symbol, rules.cards_per_symbol
    for g, seed in enumerate(seeds.tolist()):
        draw = 0
        if fixed is None:
            seed_(f"{seed}:0")
            in_play = sorted(r.sample(symbol_pool, k))
            draw = 1
        else:
            in_play = list(fixed)
        tiles = [s for s in in_play for _ in range(per_tile)]
        seed_(f"{seed}:{draw}")
        r.shuffle(tiles)
        deck = [s for s in in_play for _ in range(per_card)]
        seed_(f"{seed}:{draw + 1}")
        r.shuffle(deck)
        seed_(f"{seed}:{draw + 2}")
        start = r.randrange(n)
        out.symbols_in_play[g] = in_play
        out.tile_symbols[g] = tiles
        out.deck[g] = deck
        out.start_player[g] = start
        for i, size in enumerate(sizes):
            perm = list(range(size))
            seed_(f"{seed}:{draw + 3 + i}")
            r.shuffle(perm)
            out.reshuffles[g, i, :size] = perm
    return out
