"""Per-piece counts of a finished game, for the designer's report: which seat drew, played or
owned which card, Employee, trick or Event, and how often.

`piece_counts(state)` -> {category: {piece: [count of seat 0, count of seat 1, …]}}, computed once
per game from the history (seat, action), the full event log and the final state. Each game has
one small function here; a game without one (a test's toy game) gets {}. Categories:

    grid_squid    dealt (cards dealt, by symbol), placed (cubes placed on a tile of that
                  symbol), discarded (advanced rule), in game (the symbols in play)
    squid_circle  drawn (tricks drawn), played (tricks played), guard action (guard actions
                  revealed on the seat's characters)
    squid_game    played (player cards 0-5, every game), chose (shapes, marble modes and
                  rolls, final-game moves)
    squid_inc     owned at end (Employees in the seat's Workplace spaces at the end),
                  mailroom at end (Employees still waiting in its Mailroom)
    directors     drawn, played (cards), in play at end (cards in the seat's area), resolved
                  Event (Events whose choice the seat made), in game (the Events of the game)

The category IN_GAME holds what the whole table shares (every seat counts 1): the report shows
it per game (game length and the first player's win rate in the games that had it), since a
seat's win rate there is always the fair share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from squidbox.engine import State

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
    count = COUNTERS.get(state.game.id)
    if count is None:
        return {}
    tally = Tally(state.num_players)
    count(state, tally)
    return tally.counts


def _events(state: State, kind: str) -> Iterable[dict[str, Any]]:
    return (full for _, full, _ in state.entries() if full.get("type") == kind)


def _actions(state: State, prefix: str) -> Iterable[tuple[int, str]]:
    """(seat, the rest of the action) for every action in the history starting with prefix."""
    return ((seat, action[len(prefix):]) for seat, action in state.history
            if isinstance(action, str) and action.startswith(prefix))


def _grid_squid(state: Any, tally: Tally) -> None:
    symbols = state.game.data.symbols
    tally.in_game(symbols[index] for index in state.symbols_in_play)
    for event in _events(state, "deal"):
        tally.add_all("dealt", event["cards"], event["seat"])
    tiles = {name: t for t, name in enumerate(state.game.place_actions)}
    for seat, action in state.history:
        if action in tiles:
            tally.add("placed", symbols[state.tile_symbols[tiles[action]]], seat)
    for seat, symbol in _actions(state, "discard "):
        tally.add("discarded", symbol, seat)


def _squid_circle(state: Any, tally: Tally) -> None:
    for event in _events(state, "draw_tricks"):
        tally.add_all("drawn", event["tricks"], event["seat"])
    for seat, trick in _actions(state, "play "):
        tally.add("played", trick, seat)
    for event in _events(state, "guard_action"):
        tally.add("guard action", event["action"], event["seat"])


SQUID_GAME_CHOICES = ("shape ", "roll ", "odd even", "wall", "alone", "block", "stab", "push",
                      "move")


def _squid_game(state: Any, tally: Tally) -> None:
    for seat, action in state.history:
        if not isinstance(action, str):
            continue
        if action.startswith("card ") or action.startswith("play "):
            tally.add("played", "card " + action.split()[1], seat)
        elif action.startswith(SQUID_GAME_CHOICES):
            tally.add("chose", action, seat)


def _squid_inc(state: Any, tally: Tally) -> None:
    employees = state.game.data.employees
    for space, piece in enumerate(state.board):
        seat = state.owner[space]
        if piece >= 0 and seat >= 0:
            tally.add("owned at end", employees[state.piece_type[piece]].name, seat)
    for seat, mailroom in enumerate(state.mailrooms):
        for card, _clout in mailroom:
            tally.add("mailroom at end", employees[state.piece_type[card]].name, seat)


def _directors(state: Any, tally: Tally) -> None:
    for visible_to, full, _ in state.entries():
        if full.get("type") == "draw" and visible_to is not None and len(visible_to) == 1:
            tally.add_all("drawn", full["cards"], visible_to[0])
    for event in _events(state, "play"):
        tally.add("played", event["card"], event["seat"])
    for seat, area in enumerate(state.areas):
        tally.add_all("in play at end", (card["card"] for card in area), seat)
    for seat, resolved in _actions(state, "resolve "):
        tally.add("resolved Event", resolved, seat)
    tally.in_game(state.event_names)


COUNTERS: dict[str, Callable[[Any, Tally], None]] = {
    "grid_squid": _grid_squid,
    "squid_circle": _squid_circle,
    "squid_game": _squid_game,
    "squid_inc": _squid_inc,
    "directors": _directors,
}
