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
        # for the one-state writer: per observer seat, the owner slot column by owner (0…n-1,
        # then nobody last, so that EMPTY = -1 reads it); the cells written with values
        self.owner_columns = [[(owner - seat) % n + 1 for owner in range(n)] + [0]
                              for seat in range(n)]
        self.owner_starts = (self.tile_starts + s).tolist()
        # the cells of the cubes, the hand, the discards, each seat's supply, score, cards in
        # hand and played this round in seat order (so placed round the table from `seat`),
        # and the deck
        self.value_cells = [np.concatenate([
            self.cube_columns, np.arange(self.hand.start, self.discard.stop),
            *[np.array([part.start + (other - seat) % n for other in range(n)])
              for part in (self.supply, self.score, self.in_hand, self.played)],
            [self.deck.start]]) for seat in range(n)]
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
    out[layout.symbol_cells(state.tile_symbols)] = 1.0
    column = layout.owner_columns[seat]  # by owner; an empty tile's owner, -1, reads the last
    hot = [start + column[owner] for start, owner in zip(layout.owner_starts, state.owner,
                                                          strict=True)]
    hot.append(layout.round.start + state.round - 1)
    if state.current == seat:
        hot.append(layout.to_move.start)
    out[hot] = 1.0
    scores = state.scores()
    out[layout.value_cells[seat]] = (
        state.cubes + state.hands[seat] + state.discard + state.supply
        + [p / (p + SCORE_SCALE) for p in scores]
        + [sum(hand) for hand in state.hands] + state.played + [len(state.deck)])
    out *= layout.scale
