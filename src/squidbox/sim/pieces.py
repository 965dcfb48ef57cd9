"""Per-piece counts of a finished game, for the designer's report: which seat drew, played or
owned which card, Employee, trick or Event, and how often.

`piece_counts(state)` -> {category: {piece: [count of seat 0, count of seat 1, …]}}, computed once
per game from the history (seat, action), the full event log and the final state. Each game
counts its own pieces in its folder's `tally` part (`count(state, tally)`, reading actions
through the game's decode table; its docstring lists the categories); a game without one (a
test's toy game) gets {}.

The category IN_GAME holds what the whole table shares (every seat counts 1): the report shows
it per game (game length and the first player's win rate in the games that had it), since a
seat's win rate there is always the fair share.
"""

from __future__ import annotations

from collections.abc import Iterable

from squidbox.engine import State
from squidbox.registry import game_part

Counts = dict[str, dict[str, list[int]]]
IN_GAME = "in game"


class Tally:
    def __init__(self, players: int) -> None:
        self.players = players
        self.counts: Counts = {}

    def add(self, category: str, piece: str, seat: int, count: int = 1) -> None:
        row = self.counts.setdefault(category, {}).setdefault(piece, [0] * self.players)
        row[seat] += count

    def add_all(self, category: str, pieces: Iterable[str], seat: int) -> None:
        for piece in pieces:
            self.add(category, piece, seat)

    def in_game(self, pieces: Iterable[str]) -> None:
        for piece in pieces:
            self.counts.setdefault(IN_GAME, {})[piece] = [1] * self.players


def piece_counts(state: State) -> Counts:
    part = game_part(state.game.id, "tally")
    if part is None:
        return {}
    tally = Tally(state.num_players)
    part.count(state, tally)
    return tally.counts
