"""A small evaluation of a Grid Squid position, for the heuristic bot and cut-off search.

Lines on the board score again at every scoring still to come, so a seat's prospects are its
points plus its current lines times the scorings left, plus a little for cubes that could still
grow into lines and for reinforced tiles that are dear to take. The estimate compares that with
the best opponent's."""

from __future__ import annotations

import math
from typing import Any

from .board import EMPTY, geometry, score
from .data import GridSquidData

GROWTH_PER_CUBE = 0.15  # an own cube on a line still open to you
DEFENCE_PER_EXTRA_CUBE = 0.05


def evaluate(data: GridSquidData, view: dict[str, Any], seat: int) -> float:
    state = view["state"]
    board = state["board"]
    owners = [EMPTY if t["owner"] is None else t["owner"] for t in board["tiles"]]
    geo = geometry(board["columns"], board["rows"], view["options"]["diagonals"],
                   data.shortest_line)
    scorings_left = state["rounds"] - state["round"] + (0 if view["is_terminal"] else 1)
    prospects = []
    for player in state["players"]:
        s = player["seat"]
        lines = score(owners, geo, s, data.line_points, data.squid_bonus).points
        growth = sum(
            sum(1 for t in tiles if owners[t] == s)
            for _, tiles in geo.lines
            if all(owners[t] in (s, EMPTY) for t in tiles)
        )
        defence = sum(t["cubes"] - 1 for t in board["tiles"] if t["owner"] == s)
        prospects.append(player["score"] + lines * scorings_left
                         + GROWTH_PER_CUBE * growth * min(scorings_left, 1)
                         + DEFENCE_PER_EXTRA_CUBE * defence)
    lead = prospects[seat] - max(p for s, p in enumerate(prospects) if s != seat)
    return 1 / (1 + math.exp(-lead / 2))
