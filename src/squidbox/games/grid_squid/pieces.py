"""Grid Squid's pieces as players read them: the symbol cards and tiles, and the cubes."""

from __future__ import annotations

from typing import Any

from squidbox.games.pieces import Piece, Pieces, comment_statuses, look

from .data import DATA_FILE


def pieces(game: Any) -> Pieces:
    data = game.data
    statuses = comment_statuses(DATA_FILE)
    drawing = look(__package__)
    fills = drawing["symbol_fills"]
    found = Pieces.of(game, {**fills, **drawing["marks"]})
    points = ", ".join(f"{length} in a row {p} point{'s' if p != 1 else ''}"
                       for length, p in sorted(data.line_points.items()))
    for symbol in data.symbols:
        found.add(Piece(
            f"card:{symbol}", "Card", symbol, colour=fills.get(symbol),
            text=f"Play it to put a cube on a {symbol} tile: 1 cube on an empty tile, or one "
                 "more than the cubes another player has there (theirs go back to them).",
        ).value("copies in the deck", data.cards_per_symbol,
                statuses.get("cards_per_symbol") == "proposed"))
        found.add(Piece(
            f"tile:{symbol}", "Tile", f"{symbol} tile", colour=fills.get(symbol),
            text=f"Played {symbol} cards put cubes here. Straight lines of your cubes score: "
                 f"{points}; two of your lines crossing (a Squid) {data.squid_bonus} more.",
        ))
    found.add(Piece("cube", "Cube", "Cube",
                    text=f"Each player has {data.cubes_per_player}. The cubes on a tile show who "
                         "holds it; after each scoring a tile keeps only one cube."))
    return found
