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
    found.details = scoring_lines(names, state.log(None), state.game.data.squid_bonus)
    return found


def scoring_lines(names: list[str], log: list[dict[str, Any]], squid_bonus: int) -> list[str]:
    """Why points were scored, from the log's scoring events: one line per player and round."""
    found = []
    for event in log:
        if event.get("type") != "score":
            continue
        for player in event.get("players", []):
            lines = [f"{direction} {tiles[0]}–{tiles[-1]} ({plural(value, 'point')})"
                     for direction, tiles, value in player.get("lines", [])]
            if player.get("squids"):
                lines.append(f"{plural(player['squids'], 'Squid')} (+{squid_bonus} each)")
            if lines:
                found.append(f"Round {event.get('round')}: {names[player['seat']]}: "
                             f"{'; '.join(lines)} = {plural(player['points'], 'point')}")
    return found
