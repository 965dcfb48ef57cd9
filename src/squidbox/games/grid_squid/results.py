"""Grid Squid's end of game: points per round and the lines that scored them."""

from __future__ import annotations

from typing import Any

from squidbox.games.results import Results, plural, tied_at_top, winners_of


def results(state: Any) -> Results:
    names = state.seat_names()
    rounds = state.round_points
    points = [int(p) for p in state.scores()]
    winners = winners_of(state)
    found = Results([f"round {r + 1}" for r in range(len(rounds))], names, points, winners,
                    [[rounds[r][seat] for r in range(len(rounds))] for seat in range(len(names))])
    top = tied_at_top(points, winners)
    if len(top) > 1:
        found.tie_break = (f"{' and '.join(names[s] for s in top)} have "
                           f"{plural(points[top[0]], 'point')} each: equal totals share the win.")
    for event in state.log(None):
        if event.get("type") != "score":
            continue
        for player in event.get("players", []):
            lines = [f"{direction} {tiles[0]}–{tiles[-1]} ({plural(value, 'point')})"
                     for direction, tiles, value in player.get("lines", [])]
            if player.get("squids"):
                lines.append(plural(player["squids"], "Squid") + " (+2 each)")
            if lines:
                found.details.append(f"Round {event.get('round')}: {names[player['seat']]}: "
                                     f"{'; '.join(lines)} = {plural(player['points'], 'point')}")
    return found
