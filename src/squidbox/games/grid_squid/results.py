"""Grid Squid's end of game: points per round and the lines that scored them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from squidbox.games.names import shown
from squidbox.games.results import Results, tied_at_top, winners_of
from squidbox.i18n import N_, ngettext
from squidbox.i18n import gettext as _

if TYPE_CHECKING:
    from .state import GridSquidState

DIRECTION_WORDS = (N_("row"), N_("column"), N_("diagonal"), N_("anti-diagonal"))  # board.py


def points_text(count: int) -> str:
    return ngettext("{count} point", "{count} points", count).format(count=count)


def results(state: Any) -> Results:
    names = [shown(state.game, name) for name in state.seat_names()]  # in the reader's language
    rounds = state.round_points
    points = [int(p) for p in state.scores()]
    winners = winners_of(state)
    found = Results([_("round {round}").format(round=r + 1) for r in range(len(rounds))], names,
                    list(points), winners,
                    [[rounds[r][seat] for r in range(len(rounds))] for seat in range(len(names))])
    top = tied_at_top(points, winners)
    if len(top) > 1:
        found.tie_break = _("{names} have {points} each: equal totals share the win.").format(
            names=(" " + _("and") + " ").join(names[s] for s in top),
            points=points_text(points[top[0]]))
    found.details = scoring_lines(names, state.log(None), state.game.data.squid_bonus)
    return found


def scoring_so_far(state: GridSquidState) -> list[str]:
    """Why points were scored in the rounds played so far, in the reader's language."""
    names = [shown(state.game, name) for name in state.seat_names()]
    return scoring_lines(names, state.log(None), state.game.data.squid_bonus)


def scoring_lines(names: list[str], log: list[dict[str, Any]], squid_bonus: int) -> list[str]:
    """Why points were scored, from the log's scoring events: one line per player and round."""
    found = []
    for event in log:
        if event.get("type") != "score":
            continue
        for player in event.get("players", []):
            lines = [f"{_(direction)} {tiles[0]}–{tiles[-1]} ({points_text(value)})"
                     for direction, tiles, value in player.get("lines", [])]
            if player.get("squids"):
                lines.append(ngettext("{count} Squid (+{bonus} each)",
                                      "{count} Squids (+{bonus} each)",
                                      player["squids"]).format(count=player["squids"],
                                                               bonus=squid_bonus))
            if lines:
                found.append(_("Round {round}: {name}: {lines} = {points}").format(
                    round=event.get("round"), name=names[player["seat"]], lines="; ".join(lines),
                    points=points_text(player["points"])))
    return found
