"""SQUID's end of game: the last colour in the circle wins; the others rank by when they went
out (the later out ranks higher)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.games.names import shown
from squidbox.games.results import Results, winners_of
from squidbox.i18n import N_
from squidbox.i18n import gettext as _

if TYPE_CHECKING:
    from .state import SquidCircleState


def results(state: SquidCircleState) -> Results:
    names = [shown(state.game, name) for name in state.seat_names()]  # in the reader's language
    players = state.view(None)["state"]["players"]
    left = [p["characters"] for p in players]
    winners = winners_of(state)
    found = Results([N_("tricks in hand")], names, left, winners,
                    [[p["tricks"]] for p in players],
                    points_name=N_("characters left"),
                    details=[_("{name}: {count} in the circle").format(name=names[s],
                                                                       count=left[s])
                             for s in range(len(names))],
                    out=out_moments(state))
    alone = "" if len(winners) == 1 else _("Nobody is left alone in the circle.")
    found.tie_break = " ".join(part for part in (alone, found.out_order()) if part)
    return found


def out_moments(state: SquidCircleState) -> list[int | None]:
    """When each player went out: the place in the box (characters eliminated, in order) of
    their last character; None for a player still in the circle."""
    last_boxed: dict[int, int] = {}
    for place, character in enumerate(state.boxed):
        last_boxed[state.owner(character)] = place
    return [None if state.active[seat] else last_boxed.get(seat)
            for seat in range(state.num_players)]
