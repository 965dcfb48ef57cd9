"""Snapshots whose deal log named the whole hand: with the Advanced rule and kept leftovers, a
release logged each later round's deal as the hand held after it ("You are dealt" seven cards,
"Blue is dealt 7 cards") where five were dealt on top of the two kept. `upgraded` gives such a
snapshot's deal entries the cards dealt and their number, as this release logs them, and keeps
the words its players read (a snapshot keeps its log's text)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .board import tile_name
from .data import GridSquidData


def upgraded(doc: Any, data: GridSquidData) -> Any:
    """`doc` with its later rounds' deal entries holding only the new cards (unchanged when
    there are none to fix, or when it is not a Grid Squid snapshot this can read)."""
    try:
        options, events, tile_symbols = doc["options"], doc["events"], doc["state"]["tile_symbols"]
        kept_leftovers = options.get("advanced") and options.get("advanced_leftovers") == "keep"
        symbol_of_tile = {tile_name(t, data.board_columns): data.symbols[s]
                          for t, s in enumerate(tile_symbols)}
    except (KeyError, TypeError, AttributeError, IndexError):
        return doc
    if not kept_leftovers:
        return doc
    growth = data.hand_size - data.cards_played_per_round
    fixed = []
    held: dict[int, Counter[str]] = {}  # per seat, its hand as far as its own entries tell
    deals: Counter[int] = Counter()  # per seat, the deals met so far
    for event in events:
        try:
            visible_to, full, redacted = event
            kind, seat = full["type"], full.get("seat")
        except (TypeError, ValueError, KeyError):
            return doc
        if kind == "place" and seat in held:
            held[seat][symbol_of_tile.get(full.get("tile"), "")] -= 1
        elif kind == "discard" and seat in held:
            held[seat][full.get("symbol", "")] -= 1
        elif kind == "deal" and "cards" in full:
            hand = Counter(full["cards"])
            deals[seat] += 1
            whole_hand = data.advanced_hand_size + (deals[seat] - 1) * growth
            if (seat in held and whole_hand != data.hand_size and isinstance(redacted, dict)
                    and redacted.get("count") == whole_hand):
                dealt = sorted((hand - +held[seat]).elements(), key=full["cards"].index)
                full = {**full, "cards": dealt}
                redacted = {**redacted, "count": len(dealt)}
                event = [visible_to, full, redacted]
            held[seat] = hand
        fixed.append(event)
    return {**doc, "events": fixed}
