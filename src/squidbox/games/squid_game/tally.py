"""Squid Game's per-piece counts for the designer's report (squidbox.sim.pieces): played
(player cards 0-5, every game), chose (shapes, marble modes and rolls, final-game moves)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Alone, Card, Final, OddEven, Play, Roll, Shape, Wall, card_action

if TYPE_CHECKING:
    from squidbox.sim.pieces import Tally

    from .state import SquidGameState

CHOICES = (Shape, Roll, OddEven, Wall, Alone, Final)  # counted under the action's own text


def count(state: SquidGameState, tally: Tally) -> None:
    decode = state.game.moves.decode
    for seat, action in state.history:
        if not isinstance(action, str):
            continue
        move = decode.get(action)
        if isinstance(move, Card | Play):
            tally.add("played", card_action(move.value), seat)
        elif isinstance(move, CHOICES):
            tally.add("chose", action, seat)
