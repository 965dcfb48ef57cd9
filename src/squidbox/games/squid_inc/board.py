"""The Workplace board: Tiers of spaces, their names and orthogonal adjacency (rulebook
"Adjacent": above, below and to the sides, never across Tiers)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .data import TierShape

# (row step, column step) of the four orthogonal directions, and their names.
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))
DIRECTION_NAMES = ("up", "down", "left", "right")


@dataclass(frozen=True)
class Geometry:
    multipliers: tuple[int, ...]  # per Tier, bottom first
    tier_of: tuple[int, ...]  # per space
    names: tuple[str, ...]  # per space: Tier number, column letter, row number ("1A1")
    tier_spaces: tuple[tuple[int, ...], ...]  # spaces of each Tier
    step: tuple[tuple[int | None, ...], ...]  # per space, neighbour in each DIRECTION or None

    @property
    def size(self) -> int:
        return len(self.names)

    @cached_property  # frozen: worked out once
    def top(self) -> int:
        return len(self.multipliers) - 1

    @cached_property  # frozen: worked out once
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """Per space, its adjacent spaces (in the order of DIRECTIONS)."""
        return tuple(tuple(s for s in steps if s is not None) for steps in self.step)

    def direction(self, origin: int, target: int) -> int:
        """The index in DIRECTIONS leading from origin to the adjacent target."""
        return self.step[origin].index(target)


def build(tiers: tuple[TierShape, ...]) -> Geometry:
    tier_of: list[int] = []
    names: list[str] = []
    tier_spaces: list[tuple[int, ...]] = []
    step: list[tuple[int | None, ...]] = []
    for t, shape in enumerate(tiers):
        first = len(names)
        tier_spaces.append(tuple(range(first, first + shape.rows * shape.columns)))
        for row in range(shape.rows):
            for column in range(shape.columns):
                tier_of.append(t)
                names.append(f"{t + 1}{chr(ord('A') + column)}{row + 1}")
                step.append(tuple(
                    first + (row + dr) * shape.columns + column + dc
                    if 0 <= row + dr < shape.rows and 0 <= column + dc < shape.columns else None
                    for dr, dc in DIRECTIONS
                ))
    return Geometry(tuple(s.multiplier for s in tiers), tuple(tier_of), tuple(names),
                    tuple(tier_spaces), tuple(step))
