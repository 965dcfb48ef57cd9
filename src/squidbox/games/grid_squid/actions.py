"""Grid Squid's actions: play a card to place cubes on a tile ("place C2"), or play a card
that can take no tile ("discard Squid"). The decode table maps each text to its move."""

from __future__ import annotations

from dataclasses import dataclass

from squidbox.engine.actions import ActionTable

from .board import tile_name


@dataclass(frozen=True, slots=True)
class Place:
    """Play the tile's symbol and place cubes on the tile."""

    tile: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Play a card of `symbol` that can place no cube anywhere."""

    symbol: int


Move = Place | Discard


def action_table(tiles: int, columns: int, symbols: tuple[str, ...] | list[str]
                 ) -> ActionTable[Move]:
    """Every tile of the largest board (row by row), then every symbol."""
    places: list[tuple[str, Move]] = [(f"place {tile_name(t, columns)}", Place(t))
                                      for t in range(tiles)]
    discards: list[tuple[str, Move]] = [(f"discard {symbol}", Discard(s))
                                        for s, symbol in enumerate(symbols)]
    return ActionTable(places + discards)
