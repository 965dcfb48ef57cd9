"""Directors' per-piece counts for the designer's report (squidbox.sim.pieces): drawn, played
(cards), in play at end (cards in the seat's area), resolved Event (Events whose choice the seat
made), in game (the Events of the game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Choice

if TYPE_CHECKING:
    from squidbox.sim.pieces import Tally

    from .state import DirectorsState


def count(state: DirectorsState, tally: Tally) -> None:
    entries = state.entries()
    for visible_to, full, _ in entries:
        if full.get("type") == "draw" and visible_to is not None and len(visible_to) == 1:
            tally.add_all("drawn", full["cards"], visible_to[0])
    for _, full, _ in entries:
        if full.get("type") == "play":
            tally.add("played", full["card"], full["seat"])
    for seat, area in enumerate(state.areas):
        tally.add_all("in play at end", (card["card"] for card in area), seat)
    decode = state.game.moves.decode
    for seat, action in state.history:
        move = decode.get(action) if isinstance(action, str) else None
        if isinstance(move, Choice) and move.verb == "resolve":
            tally.add("resolved Event", move.what, seat)
    tally.in_game(state.event_names)
