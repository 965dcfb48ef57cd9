"""Squid, Inc.'s per-piece counts for the designer's report (squidbox.sim.pieces): owned at
end (Employees in the seat's Workplace spaces at the end), mailroom at end (Employees still
waiting in its Mailroom)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from squidbox.sim.pieces import Tally

    from .state import SquidIncState


def count(state: SquidIncState, tally: Tally) -> None:
    employees = state.game.data.employees
    for space, piece in enumerate(state.board):
        seat = state.owner[space]
        if piece >= 0 and seat >= 0:
            tally.add("owned at end", employees[state.piece_type[piece]].name, seat)
    for seat, mailroom in enumerate(state.mailrooms):
        for card, _clout in mailroom:
            tally.add("mailroom at end", employees[state.piece_type[card]].name, seat)
