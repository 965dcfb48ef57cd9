"""SQUID's end of game: the last colour in the circle wins; the others by characters left."""

from __future__ import annotations

from typing import Any

from squidbox.games.names import shown
from squidbox.games.results import Results, winners_of
from squidbox.i18n import N_
from squidbox.i18n import gettext as _


def results(state: Any) -> Results:
    names = [shown(state.game, name) for name in state.seat_names()]  # in the reader's language
    players = state.view(None)["state"]["players"]
    left = [p["characters"] for p in players]
    winners = winners_of(state)
    return Results([N_("tricks in hand")], names, left, winners,
                   [[p["tricks"]] for p in players],
                   points_name=N_("characters left"),
                   tie_break="" if len(winners) == 1 else _("Nobody is left alone in the circle."),
                   details=[_("{name}: {count} in the circle").format(name=names[s], count=left[s])
                            for s in range(len(names))])
