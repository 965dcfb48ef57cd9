"""Squid Game's end: who survived each game, and who won the final Squid Game."""

from __future__ import annotations

from typing import Any

from squidbox.games.pieces import look
from squidbox.games.results import Results, plural, winners_of


def results(state: Any) -> Results:
    names = state.seat_names()
    done = state.results
    titles = look(__package__)["stage_titles"]
    winners = winners_of(state)
    columns = [f"{titles.get(r['game'], r['game'])} survivors" for r in done]
    breakdown = [[len(r["survivors"][seat]) for r in done] for seat in range(len(names))]
    points = [len(done[-1]["survivors"][seat]) if done else 0 for seat in range(len(names))]
    details = [f"{titles.get(r['game'], r['game'])}: " + "; ".join(
        f"{names[s]} {', '.join(f'{t:03d}' for t in team) or 'nobody'}"
        for s, team in enumerate(r["survivors"])) for r in done]
    found = Results(columns, names, points, winners, breakdown,
                    points_name="survivors of the last game", details=details)
    if state.games[-1] == "squid_game" and state.winner is not None:
        found.tie_break = _how_won(names[state.winner], done[-1].get("won_by"))
    elif len(winners) > 1:
        found.tie_break = (f"{' and '.join(names[s] for s in winners)} have "
                           f"{plural(points[winners[0]], 'survivor')} each: they share the win.")
    return found


def _how_won(name: str, won_by: str | None) -> str:
    """How the final Squid Game was won (`won_by` is recorded in its results entry)."""
    if won_by == "squid_head":
        return f"{name}'s token reached the Squid Head first."
    if won_by == "last_team":
        return f"{name} was the only team left in the final Squid Game."
    return f"{name} won the final Squid Game."
