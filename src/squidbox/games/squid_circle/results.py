"""SQUID's end of game: the last colour in the circle wins; the others by characters left."""

from __future__ import annotations

from typing import Any

from squidbox.games.results import Results, winners_of


def results(state: Any) -> Results:
    names = state.seat_names()
    players = state.view(None)["state"]["players"]
    left = [p["characters"] for p in players]
    winners = winners_of(state)
    return Results(["tricks in hand"], names, left, winners,
                   [[p["tricks"]] for p in players],
                   points_name="characters left",
                   tie_break="" if len(winners) == 1 else "Nobody is left alone in the circle.",
                   details=[f"{names[s]}: {left[s]} in the circle" for s in range(len(names))])
