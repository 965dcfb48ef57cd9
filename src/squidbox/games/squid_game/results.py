"""Squid Game's end: who survived each game, and who won the final Squid Game; the teams left
with nobody rank by when their last token was eliminated (the later out ranks higher)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.games.names import shown as shown_name
from squidbox.games.pieces import look
from squidbox.games.results import Results, winners_of
from squidbox.i18n import N_, ngettext
from squidbox.i18n import gettext as _

if TYPE_CHECKING:
    from .state import SquidGameState


def results(state: SquidGameState) -> Results:
    """In the reader's language; the browser translates `points_name` (a message id) itself."""
    names = [shown_name(state.game, name) for name in state.seat_names()]  # reader's language
    done = state.results
    titles = look(__package__)["stage_titles"]
    winners = winners_of(state)
    shown = [_(titles.get(r["game"], r["game"])) for r in done]
    columns = [_("{game} survivors").format(game=title) for title in shown]
    breakdown = [[len(r["survivors"][seat]) for r in done] for seat in range(len(names))]
    last = [len(done[-1]["survivors"][seat]) if done else 0 for seat in range(len(names))]
    points: list[float | int | None] = list(last)
    details = [f"{title}: " + "; ".join(
        f"{names[s]} {', '.join(f'{t:03d}' for t in team) or _('nobody')}"
        for s, team in enumerate(r["survivors"])) for title, r in zip(shown, done, strict=True)]
    found = Results(columns, names, points, winners, breakdown,
                    points_name=N_("survivors of the last game"), details=details,
                    out=out_moments(state.log(None), last))
    if state.games[-1] == "squid_game" and state.winner is not None:
        found.tie_break = _how_won(names[state.winner], done[-1].get("won_by"))
    elif len(winners) > 1:
        count = last[winners[0]]
        found.tie_break = ngettext("{names} have {count} survivor each: they share the win.",
                                   "{names} have {count} survivors each: they share the win.",
                                   count).format(
            names=(" " + _("and") + " ").join(names[s] for s in winners), count=count)
    found.tie_break = " ".join(part for part in (found.tie_break, found.out_order()) if part)
    return found


def out_moments(log: list[dict[str, Any]], last: list[int]) -> list[int | None]:
    """When each team with no survivor of the last game lost its last token in that game: the
    place in the log of the eliminations that did it (tokens eliminated one after another
    with nothing between, as at the Squid Head, go out together); None for the others."""
    start = max((i for i, event in enumerate(log) if event.get("type") == "game"), default=0)
    out: list[int | None] = [None] * len(last)
    moment = None
    for place in range(start, len(log)):
        event = log[place]
        if event.get("type") != "eliminated":
            moment = None
            continue
        moment = place if moment is None else moment
        seat = event.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(last) and not last[seat]:
            out[seat] = moment
    return out


def _how_won(name: str, won_by: str | None) -> str:
    """How the final Squid Game was won (`won_by` is recorded in its results entry)."""
    if won_by == "squid_head":
        return _("{name}'s token reached the Squid Head first.").format(name=name)
    if won_by == "last_team":
        return _("{name} was the only team left in the final Squid Game.").format(name=name)
    return _("{name} won the final Squid Game.").format(name=name)
