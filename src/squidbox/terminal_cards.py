"""The terminal's `c` key: the full text of every piece in a seat's view and why points were
scored, wrapped to 80 columns. The texts come from each game folder's pieces.py (the same the
browser shows); PROPOSED values end in *."""

from __future__ import annotations

import textwrap
from typing import Any

from .engine import Game, State
from .i18n import gettext as _
from .registry import game_part

WIDTH = 80


def strings_in(value: Any) -> set[str]:
    """Every string in a view (names of cards, Employees, tricks...)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v) for v in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(strings_in(v) for v in value)) if value else set()
    return set()


def cards_text(game: Game, state: State, seat: int | None) -> str:
    """The pieces `seat` can see right now, each with its full text, then the scoring so far."""
    part = game_part(game.id, "pieces")
    if part is None:
        return _("This game has no piece texts.")
    book = part.pieces(game)
    view = state.view(seat)
    shown = strings_in(view.get("state"))
    out = [_("Pieces in view (* = PROPOSED value, compare with your printed copy):")]
    for key, piece in book.pieces.items():
        if key.split(":", 1)[-1] not in shown:
            continue
        first, *rest = piece.lines()
        out += textwrap.wrap(first, WIDTH, initial_indent="  ", subsequent_indent="      ")
        for line in rest:
            out += textwrap.wrap(line, WIDTH, initial_indent="      ",
                                 subsequent_indent="      ")
    if len(out) == 1:
        out.append("  " + _("(none)"))
    out += scoring_text(game, state)
    return "\n".join(out)


def scoring_text(game: Game, state: State) -> list[str]:
    results = game_part(game.id, "results")
    if results is None:
        return []
    if state.is_terminal():
        lines = results.results(state).details
    elif hasattr(results, "scoring_so_far"):
        lines = results.scoring_so_far(state)
    else:
        return []
    if not lines:
        return []
    out = [_("Why points were scored:")]
    for line in lines:
        out += textwrap.wrap(line, WIDTH, initial_indent="  ", subsequent_indent="    ")
    return out
