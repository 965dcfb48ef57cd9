"""Grid Squid's observation: the board tile by tile, the seat's own cards, every seat's public
counts from the seat's own place round the table, and the round.

The batched Grid Squid (`batched/observations.py`) writes the same layout for B games at
once from its arrays; this module writes it for one engine state, and both read their offsets
and scales from `GridSquidLayout`.
"""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from squidbox.games.observations import Layout, put_scaled

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
        # The one-state writer copies a template holding what stays put for a whole game (each
        # tile's symbol, and "nobody" as every tile's owner), then writes only the cells that
        # may not be zero, each already scaled: a count times its float32 scale is exact in a
        # Python float, so it rounds to the float32 NumPy's multiplication gives.
        self.nobody = s
        self.cube_offset = s + n + 1
        # per observer seat: each owner's column within a tile
        self.owner_offsets = [[s + (owner - seat) % n + 1 for owner in range(n)]
                              for seat in range(n)]
        self.tile_start_list = self.tile_starts.tolist()
        self.cube_scale, self.hand_scale, self.discard_scale, self.supply_scale, \
            self.in_hand_scale, self.played_scale, self.deck_scale = (
                float(self.scale[cell]) for cell in (
                    self.cube_columns[0], self.hand.start, self.discard.start, self.supply.start,
                    self.in_hand.start, self.played.start, self.deck.start))
        # the last board seen and its template, as one pair so that threads read them together
        self._kept: tuple[list[int] | None, array[float]] = (None, array("f"))

    def template(self, tile_symbols: list[int]) -> array[float]:
        """A zero observation but for each tile's symbol, and "nobody" as its owner. The board
        is laid out once per game, so the template of the last board seen is kept (clones share
        their board's list)."""
        board, template = self._kept
        if tile_symbols is not board:
            template = array("f", bytes(4 * self.size))
            for start, symbol in zip(self.tile_start_list, tile_symbols, strict=True):
                template[start + symbol] = 1.0
                template[start + self.nobody] = 1.0
            self._kept = (tile_symbols, template)
        return template


def layout(game: GridSquid, num_players: int) -> GridSquidLayout:
    return GridSquidLayout(game, num_players)


def write(state: GridSquidState, seat: int, layout: GridSquidLayout) -> array[float]:
    out = layout.template(state.tile_symbols)[:]
    column = layout.owner_offsets[seat]
    nobody, cube, cube_scale = layout.nobody, layout.cube_offset, layout.cube_scale
    for start, owner, cubes in zip(layout.tile_start_list, state.owner, state.cubes,
                                   strict=True):
        if owner >= 0:
            out[start + nobody] = 0.0
            out[start + column[owner]] = 1.0
        if cubes:
            out[start + cube] = cubes * cube_scale
    put_scaled(out, layout.hand.start, state.hands[seat], layout.hand_scale)
    put_scaled(out, layout.discard.start, state.discard, layout.discard_scale)
    n = layout.num_players
    hands, supply, played = state.hands, state.supply, state.played
    # each seat's points so far (its scores() without a generator per seat)
    scores = [sum(per_round) for per_round in zip(*state.round_points, strict=True)] or [0] * n
    supply_at, score_at = layout.supply.start, layout.score.start
    in_hand_at, played_at = layout.in_hand.start, layout.played.start
    for slot in range(n):
        other = (seat + slot) % n
        out[supply_at + slot] = supply[other] * layout.supply_scale
        points = scores[other]
        out[score_at + slot] = points / (points + SCORE_SCALE)
        out[in_hand_at + slot] = sum(hands[other]) * layout.in_hand_scale
        out[played_at + slot] = played[other] * layout.played_scale
    out[layout.deck.start] = len(state.deck) * layout.deck_scale
    out[layout.round.start + state.round - 1] = 1.0
    if state.current == seat:
        out[layout.to_move.start] = 1.0
    return out

