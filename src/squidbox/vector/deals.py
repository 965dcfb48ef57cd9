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

Doing those calls one game at a time costs about 65 µs per game, most of it in `random.shuffle`'s
Python loop. `deal` therefore asks each seeded stdlib generator only for its raw 32-bit words
(the seeding is the one part that must stay per game) and runs the stdlib's own shuffle, sample
and randrange algorithms (CPython's `_randbelow_with_getrandbits`) on those words for the whole
batch at once in NumPy. It checks once per process that this reproduces the stdlib exactly and
falls back to `deal_by_stdlib` if it does not (another Python's `random`, say), and a game that
needs more words than were drawn (a long run of rejections) is redealt by the stdlib too."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from hashlib import sha512

import numpy as np

from .rules import Rules


@dataclass
class Deals:
    symbols_in_play: np.ndarray  # [B, K] symbol indices, sorted
    tile_symbols: np.ndarray  # [B, T]
    deck: np.ndarray  # [B, C] top card last
    start_player: np.ndarray  # [B]
    reshuffles: np.ndarray  # [B, R, Lmax] permutation of each reshuffle (new[i] = old[perm[i]])


def _empty(rules: Rules, b: int) -> Deals:
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
    return out


def deal_by_stdlib(rules: Rules, seeds: np.ndarray) -> Deals:
    """The deals made by calling the stdlib generator game by game, exactly as the engine does."""
    out = _empty(rules, len(seeds))
    k = rules.symbols_in_play
    sizes = rules.reshuffle_sizes
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


# ---- the same, vectorised over the batch --------------------------------------------------------
def deal(rules: Rules, seeds: np.ndarray) -> Deals:
    """The engine's deals for these seeds."""
    seeds = np.asarray(seeds, dtype=np.int64)
    if not _vectorised_matches_stdlib():
        return deal_by_stdlib(rules, seeds)
    return _deal_vectorised(rules, seeds)


def _streams(rules: Rules) -> list[tuple[str, int]]:
    """The draws of a game in order, each as (what is drawn, the length of its list)."""
    k, n = rules.symbols_in_play, rules.num_players
    streams = [] if rules.fixed_symbols is not None else [("sample", k)]
    streams += [("tiles", rules.tiles), ("deck", rules.deck_size), ("start", n)]
    streams += [("reshuffle", size) for size in rules.reshuffle_sizes]
    return streams


def _words_needed(kind: str, size: int) -> int:
    calls = size if kind in ("sample", "start") else size - 1
    return 2 * calls + 24  # each call is accepted with probability > 1/2


def _draw_words(seeds: list[int], streams: list[tuple[str, int]]) -> list[np.ndarray]:
    """For each draw, the first 32-bit outputs of `random.Random(f"{seed}:{draw}")`: [B, m]."""
    r = random.Random()
    cseed = super(random.Random, r).seed  # the C seeding, given the int random.seed would make
    getrandbits = r.getrandbits
    widths = [_words_needed(kind, size) for kind, size in streams]
    outputs: list[list[bytes]] = [[] for _ in widths]
    draws = [(f":{draw}".encode(), 32 * w, 4 * w, chunks.append)
             for draw, (w, chunks) in enumerate(zip(widths, outputs, strict=True))]
    from_bytes = int.from_bytes
    for seed in seeds:
        prefix = b"%d" % seed
        for suffix, bits, size, append in draws:
            key = prefix + suffix
            cseed(from_bytes(key + sha512(key).digest()))
            append(getrandbits(bits).to_bytes(size, "little"))
    return [np.frombuffer(b"".join(c), dtype="<u4").reshape(len(seeds), w)
            for c, w in zip(outputs, widths, strict=True)]


class _Words:
    """One stdlib generator per game, read as CPython's randbelow reads it."""

    def __init__(self, words: np.ndarray) -> None:
        self.words = words
        self.rows = np.arange(len(words))
        self.next = np.zeros(len(words), dtype=np.intp)
        self.exhausted = np.zeros(len(words), dtype=bool)

    def randbelow(self, n: int) -> np.ndarray:
        shift = 32 - n.bit_length()
        last = self.words.shape[1] - 1
        waiting = self.rows
        result = np.zeros(len(self.rows), dtype=np.intp)
        while len(waiting):
            at = self.next[waiting]
            self.exhausted[waiting[at > last]] = True
            r = (self.words[waiting, np.minimum(at, last)] >> shift).astype(np.intp)
            self.next[waiting] += 1
            done = (r < n) | (at > last)
            result[waiting[done]] = r[done]
            waiting = waiting[~done]
        return result

    def shuffle(self, items: np.ndarray) -> None:
        """random.shuffle, in place, on each row."""
        rows = self.rows
        for i in range(items.shape[1] - 1, 0, -1):
            j = self.randbelow(i + 1)
            a, b = items[rows, i].copy(), items[rows, j]
            items[rows, i] = b
            items[rows, j] = a

    def sample(self, n: int, k: int) -> np.ndarray:
        """random.sample(range(n), k) for a small n (the stdlib's pool method)."""
        pool = np.broadcast_to(np.arange(n), (len(self.rows), n)).copy()
        result = np.empty((len(self.rows), k), dtype=np.intp)
        for i in range(k):
            j = self.randbelow(n - i)
            result[:, i] = pool[self.rows, j]
            pool[self.rows, j] = pool[:, n - i - 1]
        return result


def _deal_vectorised(rules: Rules, seeds: np.ndarray) -> Deals:
    b = len(seeds)
    out = _empty(rules, b)
    streams = _streams(rules)
    words = iter(_draw_words(seeds.tolist(), streams))
    used = []
    if rules.fixed_symbols is None:
        gen = _Words(next(words))
        in_play = np.sort(gen.sample(rules.symbols, rules.symbols_in_play), axis=1)
        used.append(gen)
    else:
        in_play = np.broadcast_to(np.array(rules.fixed_symbols), (b, rules.symbols_in_play))
    out.symbols_in_play[:] = in_play
    for target, per in ((out.tile_symbols, rules.tiles_per_symbol),
                        (out.deck, rules.cards_per_symbol)):
        gen = _Words(next(words))
        items = np.repeat(in_play, per, axis=1)
        gen.shuffle(items)
        target[:] = items
        used.append(gen)
    gen = _Words(next(words))
    out.start_player[:] = gen.randbelow(rules.num_players)
    used.append(gen)
    for i, size in enumerate(rules.reshuffle_sizes):
        gen = _Words(next(words))
        perm = np.broadcast_to(np.arange(size), (b, size)).copy()
        gen.shuffle(perm)
        out.reshuffles[:, i, :size] = perm
        used.append(gen)
    redo = np.flatnonzero(np.any([g.exhausted for g in used], axis=0))
    if len(redo):
        again = deal_by_stdlib(rules, seeds[redo])
        for name in vars(out):
            getattr(out, name)[redo] = getattr(again, name)
    return out


@cache
def _vectorised_matches_stdlib() -> bool:
    """Whether this Python's `random` draws as the vectorised deal assumes (checked once)."""
    from .rules import make_rules

    seeds = np.arange(-3, 40, dtype=np.int64) * 7919
    for n in (2, 4):
        rules = make_rules(n, {"advanced": True})
        a, b = _deal_vectorised(rules, seeds), deal_by_stdlib(rules, seeds)
        if any(not np.array_equal(getattr(a, k), getattr(b, k)) for k in vars(a)):
            return False
    return True
