"""The circle of characters (rulebook "Spielvorbereitung" and "Wächter bewegen").

A character is an int: its colour's seat times characters_per_colour plus its number (0-based).
The circle is a list of characters in clockwise order; the guard is an index into it.
"""

from __future__ import annotations

from squidbox.engine import Rng, Rng1

LAYOUTS = ("even", "random", "grouped")


def lay_out(seats: int, per_colour: int, in_circle: int, layout: str,
            rng: Rng | Rng1) -> list[int]:
    """The starting circle: `in_circle` characters of each colour. "even" lays the colours in
    turn (A B C A B C …), "grouped" keeps each colour together, "random" shuffles them."""
    if layout == "grouped":
        return [seat * per_colour + k for seat in range(seats) for k in range(in_circle)]
    circle = [seat * per_colour + k for k in range(in_circle) for seat in range(seats)]
    if layout == "random":
        rng.shuffle(circle)
    return circle


def step(circle: list[int], guard: int, positions: int) -> int:
    """The guard's index after moving `positions` clockwise (counter-clockwise if negative)."""
    return (guard + positions) % len(circle)


def colours_left(circle: list[int], per_colour: int) -> set[int]:
    return {character // per_colour for character in circle}
