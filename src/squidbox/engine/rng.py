"""The seeded generators every state keeps.

Both are counter-based: the whole state is (seed, draws), so cloning and snapshotting a
generator is free and exact, and the same seed gives the same draws on any machine.

`Rng` (snapshot format 2, every new game) draws 32-bit values. Value number `d`
(from 0) of seed `s` is a half of the 64-bit word number `w = d // 2`:

    key  = mix64(s mod 2**64)
    word = mix64((key + (w + 1) * GAMMA) mod 2**64)      # SplitMix64's stream from `key`
    value = word >> 32 if d is even else word & 0xFFFFFFFF

`mix64` is SplitMix64's output function. `randrange(n)` (1 <= n <= 2**32) takes one value `v`
and returns `v % n`, unbiased: a value at or above the largest multiple of n below 2**32 is
replaced by `mix64((v + GAMMA) mod 2**64) >> 32` until one fits (about n / 2**32 of the time),
without using another draw. `shuffle` is Fisher–Yates from the top (`j = randrange(i + 1)` for
i = n-1 … 1); `sample(items, k)` is Fisher–Yates from the bottom (k draws); `choice` one
randrange. Every step is plain 64-bit integer arithmetic, so NumPy reproduces a deal for a batch
of seeds (a batched version's deals, `games/<id>/batched/deals.py`). Two values per word halve
the cost of the mixing, which is most of a draw's cost in Python (a 60-card shuffle: about 45 µs;
randrange: about 1 µs).

`Rng1` (snapshot format 1, the games stored before format 2): each draw makes a fresh
`random.Random(f"{seed}:{draws}")` (SHA-512 seeding, about 23 µs) and one draw serves a whole
shuffle. Kept so that those games still load and replay exactly.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
HALF = (1 << 32) - 1
TOP = 1 << 32
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
FORMAT = 2  # the snapshot format (and generator) of new games


def mix64(z: int) -> int:
    """SplitMix64's output function: a bijection on 64-bit words."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK
    z = ((z ^ (z >> 27)) * MIX2) & MASK
    return z ^ (z >> 31)


def _refit(value: int, stop: int) -> int:
    """Rejection for randrange: remix `value` until it lies below the largest multiple of
    `stop` that fits in 32 bits."""
    limit = TOP - TOP % stop
    while value >= limit:
        value = mix64((value + GAMMA) & MASK) >> 32
    return value


class Rng:
    """The format-2 generator (see the module text). `_at`/`_word` cache the last 64-bit word
    (its number and value); they are derived from (seed, draws) and never change a draw."""

    __slots__ = ("seed", "draws", "_key", "_at", "_word")
    format = FORMAT

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.seed = seed
        self.draws = draws
        self._key = mix64(seed & MASK)
        self._at = -1
        self._word = 0

    def _value(self) -> int:
        """The next 32-bit value."""
        d = self.draws
        self.draws = d + 1
        w = d >> 1
        if w != self._at:
            z = (self._key + (w + 1) * GAMMA) & MASK
            z = ((z ^ (z >> 30)) * MIX1) & MASK
            z = ((z ^ (z >> 27)) * MIX2) & MASK
            self._word = z ^ (z >> 31)
            self._at = w
        return self._word & HALF if d & 1 else self._word >> 32

    def randrange(self, stop: int) -> int:
        """Uniform in range(stop), 1 <= stop <= 2**32."""
        if not 1 <= stop <= TOP:
            raise ValueError(f"randrange({stop}): the range must hold 1 to 2**32 values")
        value = self._value()
        if value >= TOP - stop:
            value = _refit(value, stop)
        return value % stop

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Fisher–Yates from the top; the same draws as randrange(i + 1) for i = n-1 … 1."""
        key, d, at, word = self._key, self.draws, self._at, self._word
        for i in range(len(items) - 1, 0, -1):
            w = d >> 1
            if w != at:
                z = (key + (w + 1) * GAMMA) & MASK
                z = ((z ^ (z >> 30)) * MIX1) & MASK
                z = ((z ^ (z >> 27)) * MIX2) & MASK
                word = z ^ (z >> 31)
                at = w
            value = word & HALF if d & 1 else word >> 32
            d += 1
            stop = i + 1
            if value >= TOP - stop:
                value = _refit(value, stop)
            j = value % stop
            items[i], items[j] = items[j], items[i]
        self.draws, self._at, self._word = d, at, word

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """k distinct items: Fisher–Yates from the bottom, stopped after k steps."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"sample of {k} from {len(pool)} items")
        randrange = self.randrange
        for i in range(k):
            j = i + randrange(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def copy(self) -> Rng:
        new = object.__new__(Rng)
        new.seed, new.draws, new._key, new._at, new._word = (
            self.seed, self.draws, self._key, self._at, self._word)
        return new

    def to_json(self) -> list[int]:
        return [self.seed, self.draws]

    @classmethod
    def from_json(cls, doc: Any) -> Rng:
        return cls(*_seed_and_draws(doc))


class Rng1:
    """The format-1 generator of the games stored before format 2 (see the module text)."""

    __slots__ = ("seed", "draws")
    format = 1

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.seed = seed
        self.draws = draws

    def _next(self) -> random.Random:
        generator = random.Random(f"{self.seed}:{self.draws}")
        self.draws += 1
        return generator

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._next().shuffle(items)

    def randrange(self, stop: int) -> int:
        return self._next().randrange(stop)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        return self._next().sample(list(items), k)

    def copy(self) -> Rng1:
        return Rng1(self.seed, self.draws)

    def to_json(self) -> list[int]:
        return [self.seed, self.draws]

    @classmethod
    def from_json(cls, doc: Any) -> Rng1:
        return cls(*_seed_and_draws(doc))


def _seed_and_draws(doc: Any) -> tuple[int, int]:
    if (
        not isinstance(doc, list)
        or len(doc) != 2
        or not all(type(x) is int for x in doc)
        or doc[1] < 0
    ):
        raise ValueError(f"rng must be [seed, draws] with draws >= 0, got {doc!r}")
    return doc[0], doc[1]


GENERATORS: dict[int, type[Rng] | type[Rng1]] = {1: Rng1, 2: Rng}


def generator(format: int, seed: int, draws: int = 0) -> Rng | Rng1:
    """The generator of snapshot format `format` (1 or 2)."""
    if format not in GENERATORS:
        raise ValueError(f"no generator for snapshot format {format!r}; known: 1, 2")
    return GENERATORS[format](seed, draws)
