"""Squid, Inc.'s end of game: Clout per Tier, Clout tokens, and the rulebook's tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from squidbox.games.names import shown
from squidbox.games.results import Results, tied_at_top, winners_of
from squidbox.i18n import gettext as _
from squidbox.i18n import ngettext

from .scoring import clout_tokens, tier_totals

if TYPE_CHECKING:
    from .state import SquidIncState


def results(state: SquidIncState) -> Results:
    names = [shown(state.game, name) for name in state.seat_names()]  # in the reader's language
    seats = range(state.num_players)
    points: list[float | int | None] = [int(p) for p in state.scores()]
    winners = winners_of(state)
    multipliers = state.geo.multipliers
    columns = [_("Tier {tier} (×{multiplier})").format(tier=t + 1, multiplier=m)
               for t, m in enumerate(multipliers)]
    columns += [_("Clout tokens"), _("in Workplace"), _("in Mailroom")]
    breakdown = [[*tier_totals(state, s), clout_tokens(state, s), len(state.own_spaces(s)),
                  len(state.mailrooms[s])] for s in seats]
    found = Results(columns, names, points, winners, breakdown, points_name="Clout")
    top = tied_at_top(points, winners)
    if len(top) > 1:
        counts = ", ".join(
            ngettext("{name} {count} Employee in the Workplace and {mailroom} in the Mailroom",
                     "{name} {count} Employees in the Workplace and {mailroom} in the Mailroom",
                     breakdown[s][-2]).format(name=names[s], count=breakdown[s][-2],
                                              mailroom=breakdown[s][-1])
            for s in top)
        found.tie_break = _("{names} tie on {points} Clout; the tie goes to the most Employees "
                            "in the Workplace, then in the Mailroom: {counts}.").format(
            names=(" " + _("and") + " ").join(names[s] for s in top), points=points[top[0]],
            counts=counts)
        if len(winners) > 1:
            found.tie_break += " " + _("Still tied: they share the victory.")
    return found
