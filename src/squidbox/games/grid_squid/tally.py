"""Grid Squid's per-piece counts for the designer's report (squidbox.sim.pieces): dealt (cards
dealt, by symbol), placed (cubes placed on a tile of that symbol), discarded (advanced rule),
in game (the symbols in play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Discard, Place

if TYPE_CHECKING:
    from squidbox.sim.pieces import Tally

    from .state import GridSquidState


def count(state: GridSquidState, tally: Tally) -> None:
    symbols = state.game.data.symbols
    tally.in_game(symbols[index] for index in state.symbols_in_play)
    for _, full, _ in state.entries():
        if full.get("type") == "deal":
            tally.add_all("dealt", full["cards"], full["seat"])
    decode = state.game.moves.decode
    moves = [(seat, decode.get(action) if isinstance(action, str) else None)
             for seat, action in state.history]
    for seat, move in moves:
        if isinstance(move, Place):
            tally.add("placed", symbols[state.tile_symbols[move.tile]], seat)
    for seat, move in moves:
        if isinstance(move, Discard):
            tally.add("discarded", symbols[move.symbol], seat)
