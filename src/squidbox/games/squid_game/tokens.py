"""Teams and their numbered tokens: who owns a token, and the turn-order rule.

Seat i plays the i-th colour of the data file. A token is its printed number (unique over all
colours), so "token 325" names one team member everywhere.
"""

from __future__ import annotations

from .actions import token_action
from .data import SquidGameData


class Tokens:
    """Read-only lookups built once from the data file."""

    def __init__(self, data: SquidGameData) -> None:
        self.data = data
        self.owner: dict[int, int] = {}
        for seat, colour in enumerate(data.colours):
            for number in data.tokens[colour]:
                self.owner[number] = seat
        self.all_numbers: tuple[int, ...] = tuple(
            n for colour in data.colours for n in data.tokens[colour])
        # Texts made once: a token's key in a game's `g["at"]` (JSON keys are strings) and its
        # "token N" action (str() of an int costs more than a lookup, and these are hot).
        self.key: dict[int, str] = {n: str(n) for n in self.all_numbers}
        self.action: dict[int, str] = {n: token_action(n) for n in self.all_numbers}

    def of_seat(self, seat: int) -> tuple[int, ...]:
        return self.data.tokens[self.data.colours[seat]]


def label(number: int) -> str:
    """A token as printed: three digits."""
    return f"{number:03d}"


def first_player(counts: list[int], highest: list[int]) -> int:
    """TAKING TURNS: the player with the most tokens goes first; a tie goes to the player with
    the highest-numbered token. Seats with no token never go first unless nobody has one."""
    return max(range(len(counts)), key=lambda seat: (counts[seat], highest[seat]))


def clockwise_from(first: int, num_players: int) -> list[int]:
    """Play continues clockwise: seat order 0, 1, 2, … wraps around."""
    return [(first + k) % num_players for k in range(num_players)]


def turn_order(teams: list[list[int]]) -> list[int]:
    """The turn order of a game whose teams hold these tokens."""
    counts = [len(team) for team in teams]
    highest = [max(team, default=0) for team in teams]
    return clockwise_from(first_player(counts, highest), len(teams))
