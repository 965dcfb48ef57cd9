"""The trick windows (rulebook "So funktionieren die Tricks", moments (b) and (c)): who is asked
next, and when a window closes. The asking order is our ruling (rulings.md in this folder):

- the first asked is the owner of the character under the guard (the one at risk), then the
  other players clockwise round the table (seat order 0, 1, 2, …);
- each asked player plays one fitting trick or passes;
- every trick played changes the situation, so everyone who passed is asked again, once more
  starting with the owner of the character now under the guard;
- the window closes when every eligible player has passed since the last trick.

Eligible: still in the game and holding at least one trick. The number of tricks in a hand is
public, so skipping empty hands reveals nothing; a player holding no fitting trick is still
asked (and can only pass), since skipping them would tell the table what their hand holds.
"""

from __future__ import annotations


def next_to_ask(first: int, active: list[bool], hands: list[list[int]],
                passed: list[bool]) -> int | None:
    """The first seat from `first` clockwise that is eligible (`active` and holding a trick in
    `hands`) and has not passed, or None when the window closes."""
    seats = len(active)
    for offset in range(seats):
        seat = (first + offset) % seats
        if active[seat] and hands[seat] and not passed[seat]:
            return seat
    return None
