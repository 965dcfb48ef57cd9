"""Squid, Inc.'s end of game: Clout per Tier, Clout tokens, and the rulebook's tie-breaks."""

from __future__ import annotations

from typing import Any

from squidbox.games.results import Results, plural, tied_at_top, winners_of

from .scoring import clout_tokens, tier_totals


def results(state: Any) -> Results:
    names = state.seat_names()
    seats = range(state.num_players)
    points = [int(p) for p in state.scores()]
    winners = winners_of(state)
    multipliers = state.geo.multipliers
    columns = [f"Tier {t + 1} (×{m})" for t, m in enumerate(multipliers)]
    columns += ["Clout tokens", "in Workplace", "in Mailroom"]
    breakdown = [[*tier_totals(state, s), clout_tokens(state, s), len(state.own_spaces(s)),
                  len(state.mailrooms[s])] for s in seats]
    found = Results(columns, names, points, winners, breakdown, points_name="Clout")
    top = tied_at_top(points, winners)
    if len(top) > 1:
        who = " and ".join(names[s] for s in top)
        found.tie_break = (f"{who} tie on {points[top[0]]} Clout; the tie goes to the most "
                           "Employees in the Workplace, then in the Mailroom: "
                           + ", ".join(f"{names[s]} {plural(breakdown[s][-2], 'Employee')} in the "
                                       f"Workplace and {breakdown[s][-1]} in the Mailroom"
                                       for s in top)
                           + (". Still tied: they share the victory." if len(winners) > 1
                              else "."))
    return found
