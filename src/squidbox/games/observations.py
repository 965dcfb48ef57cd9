"""What one seat may see, as fixed-size numbers a network can learn from.

Every game has a designed observation in `games/<id>/observation.py`: a `layout(game,
num_players)` naming each slice of a flat float32 vector (what it means, and whether its values
lie in [0, 1] or [-1, 1]), and a `write(state, seat, layout)` that returns the vector, a float32
`array.array` of that size, written straight from the state's fields. Writers start from a copy
of a zero (or per-game) template and set only the cells that may not be zero, one Python store
each: for vectors of a few hundred values with a few dozen set, that costs a fraction of
NumPy's per-call overhead. A count is stored already scaled (count × its float32 scale, exact
in a Python float, so the same float32 as NumPy's multiplication). Layouts share these
conventions:

- The size depends on the game and the player count only.
- Seats are seen from the observer: seat slot 0 is the observer, slot 1 the next seat in seat
  order, and so on round the table.
- Cards, tiles, spaces and tokens are one-hot or count planes by identity (card type, space
  index, character), never by position in a list, so reordering a hand changes nothing.
- Only what that seat may see: the tests resample everything the seat cannot see and check that
  the vector stays the same.

The information-state tensor is the observation followed by the public history the seat saw, in
a fixed size (see `history_layout`): per seat, how often it took each action that seat may see,
how many of its decisions the seat could not see, and the last few decisions in order. It is a
function of what the seat has seen (perfect recall in that sense), not a lossless record of it.

`observer(game, num_players)` gives both; `python -m squidbox.games.observations` prints
docs/observations.md.
"""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from squidbox.engine import HIDDEN_ACTION, Game, State

RECENT = 8  # decisions kept in order at the end of the information-state tensor


@dataclass(frozen=True)
class Part:
    name: str
    start: int
    size: int
    low: float  # 0.0 or -1.0; every part's values are at most 1
    meaning: str

    @property
    def slice(self) -> slice:
        return slice(self.start, self.start + self.size)


class Layout:
    """Named consecutive slices of one flat vector."""

    def __init__(self) -> None:
        self.parts: list[Part] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str, low: float = 0.0) -> slice:
        if size < 1 or low not in (0.0, -1.0):
            raise ValueError(f"part {name!r}: size {size}, low {low}")
        part = Part(name, self.size, size, low, meaning)
        self.parts.append(part)
        self.size += size
        return part.slice

    def __getitem__(self, name: str) -> Part:
        for part in self.parts:
            if part.name == name:
                return part
        raise KeyError(name)

    def low(self) -> np.ndarray:
        low = np.zeros(self.size, dtype=np.float32)
        for part in self.parts:
            low[part.slice] = part.low
        return low

    def high(self) -> np.ndarray:
        return np.ones(self.size, dtype=np.float32)

    def table(self) -> str:
        rows = ["| slice | size | range | name | meaning |", "|---|---:|---|---|---|"]
        for part in self.parts:
            last = part.start + part.size - 1
            span = f"{part.start}–{last}" if part.size > 1 else str(part.start)
            bounds = "[0, 1]" if part.low == 0.0 else "[−1, 1]"
            rows.append(f"| {span} | {part.size} | {bounds} | {part.name} | {part.meaning} |")
        return "\n".join(rows)


def squash(value: float, scale: float) -> float:
    """A count with no useful upper bound, in [0, 1): value / (value + scale), 0.5 at `scale`."""
    return value / (value + scale)


def put_scaled(out: array[float], start: int, counts: list[int], scale: float) -> None:
    """counts[k] × scale at start + k."""
    for cell, count in enumerate(counts, start):
        out[cell] = count * scale


class CountPlane:
    """A count plane by identity: how many of `items` fall in each column (index[item]), each
    count times its column's float32 scale. Piles change far less often than decisions are
    taken, so the written plane of each pile seen lately is kept, keyed by the pile's items."""

    KEPT = 4096  # planes kept per count plane before they are all dropped

    def __init__(self, index: Any, scales: list[float]) -> None:
        self.index = index  # a dict, or a list for small ints
        self.scales = scales
        self.size = len(scales)
        self._kept: dict[tuple[Any, ...], array[float]] = {}

    def put(self, out: array[float], start: int, items: list[Any]) -> None:
        key = tuple(items)
        plane = self._kept.get(key)
        if plane is None:
            plane = self._plane(items)
            if len(self._kept) >= self.KEPT:
                self._kept.clear()
            self._kept[key] = plane
        out[start:start + self.size] = plane

    def _plane(self, items: list[Any]) -> array[float]:
        counts = [0] * self.size
        for item in items:
            counts[self.index[item]] += 1
        return array("f", [count * scale for count, scale in zip(counts, self.scales,
                                                                  strict=True)])


def relative(seat: int, observer_seat: int, num_players: int) -> int:
    """A seat's slot as the observer sees the table: 0 the observer, 1 the next seat, …"""
    return (seat - observer_seat) % num_players


Writer = Callable[[Any, int, Any], "array[float]"]


class Observer:
    """The designed observation and information-state tensor of one game and player count."""

    def __init__(self, game: Game, num_players: int) -> None:
        module = importlib.import_module(f"squidbox.games.{game.id}.observation")
        self.game = game
        self.num_players = num_players
        self.layout: Layout = module.layout(game, num_players)
        self._write: Writer = module.write
        self.history = history_layout(game, num_players)
        self.size = self.layout.size
        self.info_size = self.size + self.history.size
        self._action_ids = {action: i for i, action in enumerate(game.actions)}
        self._no_actions = bytes(len(self._action_ids))

    def observation(self, state: State, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """The seat's observation, written into `out` (a float32 vector of `size`) if given."""
        values = np.frombuffer(self._write(state, seat, self.layout), dtype=np.float32)
        if out is None:
            return values
        out[:] = values
        return out

    def action_mask(self, state: State, seat: int) -> np.ndarray:
        """1 for each action id legal for the seat now (int8, one per distinct action)."""
        mask = bytearray(self._no_actions)  # faster than NumPy's indexing for a few ids
        ids = self._action_ids
        for action in state.legal_actions(seat):
            mask[ids[action]] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def information_state(self, state: State, seat: int,
                          out: np.ndarray | None = None) -> np.ndarray:
        """The observation, then the public history the seat saw (`history_layout`)."""
        if out is None:
            out = np.zeros(self.info_size, dtype=np.float32)
        self.observation(state, seat, out[:self.size])
        self._write_history(state, seat, out[self.size:])
        return out

    def _write_history(self, state: State, seat: int, out: np.ndarray) -> None:
        out.fill(0.0)
        n = self.num_players
        actions = len(self.game.actions)
        counts = np.zeros((n, actions + 1), dtype=np.float32)  # the last column: unseen ones
        recent: list[tuple[int, int]] = []
        ids = self._action_ids
        public = state._action_is_public
        for actor, action in state.history:
            slot = relative(actor, seat, n)
            seen = actor == seat or (action != HIDDEN_ACTION and public(actor, action))
            column = ids[action] if seen else actions
            counts[slot, column] += 1.0
            recent.append((slot, column))
        layout = self.history
        out[layout["actions taken"].slice] = (counts[:, :actions] / (counts[:, :actions] + 1.0)
                                              ).reshape(-1)
        out[layout["unseen decisions"].slice] = counts[:, actions] / (counts[:, actions] + 4.0)
        total = len(state.history)
        out[layout["decisions so far"].start] = squash(total, 50.0)
        width = n + actions + 1
        start = layout["last decisions"].start
        for k, (slot, column) in enumerate(reversed(recent[-RECENT:])):
            out[start + k * width + slot] = 1.0
            out[start + k * width + n + column] = 1.0


def history_layout(game: Game, num_players: int) -> Layout:
    n, actions = num_players, len(game.actions)
    layout = Layout()
    layout.add("actions taken", n * actions,
               f"per seat slot (observer first) × action id ({actions} ids): c / (c + 1) for "
               "the c times that seat took that action where the observer saw which")
    layout.add("unseen decisions", n,
               "per seat slot: u / (u + 4) for the u decisions of that seat the observer saw "
               "being taken but not which (a hidden vote or play)")
    layout.add("decisions so far", 1, "d / (d + 50), d the decisions taken in the game")
    layout.add("last decisions", RECENT * (n + actions + 1),
               f"the last {RECENT} decisions, newest first, each a seat slot one-hot ({n}) then "
               f"an action id one-hot ({actions}) and a last column for a decision the observer "
               "did not see; all zero before the game's first decisions")
    return layout


@cache
def _observer(game_id: str, num_players: int) -> Observer:
    import squidbox

    return Observer(squidbox.get_game(game_id), num_players)


def observer(game: Game, num_players: int) -> Observer:
    """The observer of `game` at `num_players` (made once, then shared)."""
    return _observer(game.id, num_players)


def markdown() -> str:
    """docs/observations.md: every game's layout, at its fewest players, as a table."""
    import squidbox

    lines = [
        "# Observations",
        "",
        "Generated by `python -m squidbox.games.observations > docs/observations.md` from the",
        "layouts in `src/squidbox/games/<id>/observation.py` (a test checks that this page is",
        "current). Each game's observation is a flat float32 vector: the adapters (Gymnasium,",
        "PettingZoo, OpenSpiel) give it as `observation`, bounded by each slice's range, and",
        "OpenSpiel's `information_state_tensor` is the observation followed by the history",
        "block below. Seat slots are seen from the observer: slot 0 is the observer, slot 1 the",
        "next seat in seat order, and so on. Counts are by identity (card type, space, tile),",
        "never by position in a list, and hold only what the observer may see at the table:",
        "the tests redeal everything hidden from the observer and check that nothing changes.",
        "Tables show the fewest players; parts per seat grow with the player count.",
        "",
    ]
    for game in squidbox.list_games():
        counts = game.player_counts
        obs = observer(game, counts[0])
        sizes = ", ".join(
            f"{n} players: {observer(game, n).size} / {observer(game, n).info_size}"
            for n in counts)
        lines += [f"## {game.name} (`{game.id}`)", "",
                  f"Observation / information-state sizes: {sizes}.", "",
                  obs.layout.table(), ""]
    game = squidbox.list_games()[0]
    lines += [
        "## The history block of the information-state tensor", "",
        "Appended to every game's observation (slices count from its first value after the",
        f"observation); shown for {game.name} at {game.player_counts[0]} players "
        f"({len(game.actions)} action ids, squidbox's stable ids). It is written from the",
        "state's history as that seat saw it (another seat's hidden vote or play counts as",
        "unseen), so it needs a state that keeps records: a search state (`clone(records=False)`,",
        "`resample` without records) has an empty history and a zero block.", "",
        history_layout(game, game.player_counts[0]).table(), "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(markdown(), end="")
