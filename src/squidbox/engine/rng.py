"""The seeded generator every state keeps.

It is counter-based: each draw makes a fresh `random.Random` keyed by (seed, draws). Its whole
state is two integers, so cloning and snapshotting it is free and exact, and the same seed gives
the same draws on any machine (string seeds are hashed with SHA-512 by `random`).
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng:
    __slots__ = ("seed", "draws")

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

    def copy(self) -> Rng:
        return Rng(self.seed, self.draws)

    def to_json(self) -> list[int]:
        return [self.seed, self.draws]

    @classmethod
    def from_json(cls, doc: Any) -> Rng:
        if (
            not isinstance(doc, list)
            or len(doc) != 2
            or not all(type(x) is int for x in doc)
            or doc[1] < 0
        ):
            raise ValueError(f"rng must be [seed, draws] with draws >= 0, got {doc!r}")
        return cls(doc[0], doc[1])
