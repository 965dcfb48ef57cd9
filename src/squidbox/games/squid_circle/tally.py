"""SQUID's per-piece counts for the designer's report (squidbox.sim.pieces): drawn (tricks
drawn), played (tricks played), guard action (guard actions revealed on the seat's
characters)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PlayTrick

if TYPE_CHECKING:
    from squidbox.sim.pieces import Tally

    from .state import SquidCircleState


def count(state: SquidCircleState, tally: Tally) -> None:
    entries = [full for _, full, _ in state.entries()]
    for event in entries:
        if event.get("type") == "draw_tricks":
            tally.add_all("drawn", event["tricks"], event["seat"])
    decode, tricks = state.game.moves.decode, state.game.data.tricks
    for seat, action in state.history:
        move = decode.get(action) if isinstance(action, str) else None
        if isinstance(move, PlayTrick):
            tally.add("played", tricks[move.trick].name, seat)
    for event in entries:
        if event.get("type") == "guard_action":
            tally.add("guard action", event["action"], event["seat"])
