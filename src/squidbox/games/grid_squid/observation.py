"""Grid Squid's observation: the board tile by tile, the seat's own cards, every seat's public
counts from the seat's own place round the table, and the round.

The batched Grid Squid (`squidbox.vector.observations`) writes the same layout for B games at
once from its arrays; this module writes it for one engine state, and both read their offsets
and scales from `GridSquidLayout`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import Layout

if TYPE_CHECKING:
    from .game import GridSquid
    from .state import GridSquidState

SCORE_SCALE = 10.0  # a score s is shown as s / (s + 10)


class GridSquidLayout(Layout):
    def __init__(self, game: GridSquid, num_players: int) -> None:
        super().__init__()
        data = game.data
        n = self.num_players = num_players
        s = self.symbols = len(data.symbols)
        self.tiles = data.board_columns * data.setups[num_players].board_rows
        self.rounds = data.rounds
        growth = max(0, data.hand_size - data.cards_played_per_round)
        # the most cards a hand can hold, under any options
        self.max_hand = max(data.hand_size, data.advanced_hand_size) + (data.rounds - 1) * growth
        self.cubes = data.cubes_per_player
        self.cards_per_symbol = data.cards_per_symbol
        self.per_round = data.cards_played_per_round
        self.deck_size = max(setup.symbols_in_play for setup in data.setups.values()) \
            * data.cards_per_symbol
        self.width = s + n + 2  # per tile: symbol, owner slot (0 = nobody), cubes
        self.add("tiles", self.tiles * self.width,
                 f"per tile in board order ({self.tiles} tiles, row by row), {self.width} "
                 f"values: its symbol one-hot ({s} symbols in data order), its owner one-hot "
                 f"({n + 1}: nobody, then seat slots 0–{n - 1}), its cubes / {self.cubes}")
        self.hand = self.add("hand", s, f"the observer's cards per symbol / {self.max_hand}")
        self.discard = self.add("discard", s,
                                f"face-up discards per symbol / {self.cards_per_symbol}")
        self.supply = self.add("supply", n, f"per seat slot: cubes left to place / {self.cubes}")
        self.score = self.add("score", n,
                              f"per seat slot: points so far p, as p / (p + {SCORE_SCALE:g})")
        self.in_hand = self.add("cards in hand", n, f"per seat slot: cards held / {self.max_hand}")
        self.played = self.add("played this round", n, f"per seat slot: cards played this round / "
                 f"{self.per_round}")
        self.deck = self.add("deck", 1, f"cards in the draw pile / {self.deck_size}")
        self.round = self.add("round", self.rounds, f"the round, one-hot ({self.rounds} rounds)")
        self.to_move = self.add("to move", 1, "1 when the observer is to move")
        self.tile_starts = np.arange(self.tiles) * self.width
        # Values are written raw, then multiplied by this once.
        self.scale = np.ones(self.size, dtype=np.float32)
        self.scale[self.tile_starts + s + n + 1] = 1 / self.cubes
        for part, divisor in ((self.hand, self.max_hand), (self.discard, self.cards_per_symbol),
                              (self.supply, self.cubes), (self.in_hand, self.max_hand),
                              (self.played, self.per_round), (self.deck, self.deck_size)):
            self.scale[part] = 1 / divisor
        # owner slot column of each tile, by seat of the observer and owner + 1 (0: nobody)
        self.owner_column = np.array(
            [[0] + [(owner - seat) % n + 1 for owner in range(n)] for seat in range(n)],
            dtype=np.intp) + s
        self.cube_columns = self.tile_starts + s + n + 1
        self._symbols_of: list[int] | None = None
        self._symbol_cells = np.zeros(self.tiles, dtype=np.intp)

    def symbol_cells(self, tile_symbols: list[int]) -> np.ndarray:
        """Each tile's symbol cell; the board is laid out once per game, so it is kept for the
        last board seen (clones share their board's list)."""
        if tile_symbols is not self._symbols_of:
            self._symbol_cells = self.tile_starts + np.array(tile_symbols, dtype=np.intp)
            self._symbols_of = tile_symbols
        return self._symbol_cells


def layout(game: GridSquid, num_players: int) -> GridSquidLayout:
    return GridSquidLayout(game, num_players)


def write(state: GridSquidState, seat: int, out: np.ndarray, layout: GridSquidLayout) -> None:
    n = layout.num_players
    out[layout.symbol_cells(state.tile_symbols)] = 1.0
    owner = np.array(state.owner, dtype=np.intp)
    out[layout.tile_starts + layout.owner_column[seat][owner + 1]] = 1.0
    out[layout.cube_columns] = state.cubes
    out[layout.hand.start:layout.discard.stop] = state.hands[seat] + state.discard
    # supply, score, cards in hand and played this round: consecutive, n values each
    scores = [sum(points[s] for points in state.round_points) for s in range(n)]
    out[layout.supply.start:layout.played.stop] = (
        _rotated(state.supply, seat)
        + [p / (p + SCORE_SCALE) for p in _rotated(scores, seat)]
        + _rotated([sum(hand) for hand in state.hands], seat)
        + _rotated(state.played, seat))
    out[layout.deck.start] = len(state.deck)
    out[layout.round.start + state.round - 1] = 1.0
    out[layout.to_move.start] = state.current == seat
    out *= layout.scale


def _rotated(values: list[int], seat: int) -> list[int]:
    return values[seat:] + values[:seat]
