"""The end of a game for people: each game folder's `results.py` has `results(state)`, built
with `Results` here: every seat's rank and points, the game's own breakdown, the tie-breaks in
words, and the lines that explain the points. Ranks follow the game's returns (the winners
first), then points, then, in games that eliminate players, the order they went out in (the
later out ranks higher)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from squidbox.i18n import gettext as _


@dataclass
class Results:
    columns: list[str]
    names: list[str]
    points: list[float | int | None]
    winners: list[int]
    breakdown: list[list[Any]]
    points_name: str = "points"
    tie_break: str = ""
    details: list[str] = field(default_factory=list)
    # per seat, when the player went out (a larger number is later; equal: out together), or
    # None for a player never out; empty in games that eliminate nobody
    out: list[int | None] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        order = sorted(range(len(self.names)), key=self._sort_key)
        rows: list[dict[str, Any]] = []
        for position, seat in enumerate(order):
            tied = position > 0 and self._sort_key(order[position - 1]) == self._sort_key(seat)
            rank = rows[-1]["rank"] if tied else position + 1
            rows.append({"seat": seat, "name": self.names[seat], "rank": rank,
                         "winner": seat in self.winners, "points": self.points[seat],
                         "breakdown": self.breakdown[seat]})
        return {"columns": self.columns, "points_name": self.points_name, "rows": rows,
                "winners": [self.names[s] for s in self.winners],
                "summary": self.summary(), "tie_break": self.tie_break,
                "details": self.details}

    def _sort_key(self, seat: int) -> tuple[int, float, float]:
        points = self.points[seat]
        out = self.out[seat] if self.out else None
        return (0 if seat in self.winners else 1, -(points if points is not None else 0),
                -(math.inf if out is None else out))

    def out_order(self) -> str:
        """ "Out in this order: Red, then Green and Yellow together." (empty: nobody out)."""
        moments = sorted({moment for moment in self.out if moment is not None})
        if not moments:
            return ""
        groups = []
        for moment in moments:
            together = [self.names[s] for s, m in enumerate(self.out) if m == moment]
            groups.append(together[0] if len(together) == 1 else _(
                "{names} and {last} together").format(names=", ".join(together[:-1]),
                                                      last=together[-1]))
        return _("Out in this order: {order}; the later out ranks higher.").format(
            order=(", " + _("then") + " ").join(groups))

    def summary(self) -> str:
        names = [self.names[s] for s in self.winners]
        if not names:
            return _("Nobody wins.")
        if len(names) == 1:
            return _("{name} wins.").format(name=names[0])
        return _("{names} and {last} share the win.").format(names=", ".join(names[:-1]),
                                                             last=names[-1])


def plural(count: int | float, word: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "−1 crown" (never "1 cards" or "-0 crowns")."""
    value = int(count) if float(count).is_integer() else count
    shown = str(value).replace("-", "−") if value != 0 else "0"
    return f"{shown} {word if abs(value) == 1 else (many or word + 's')}"


def winners_of(state: Any) -> list[int]:
    returns = state.returns()
    best = max(returns)
    return [seat for seat, r in enumerate(returns) if r == best and best > 0]


def tied_at_top(points: list[Any], winners: list[int]) -> list[int]:
    """The seats level on points with the best (so a tie-break decided or shared)."""
    best = max(p for p in points if p is not None)
    return [seat for seat, p in enumerate(points) if p == best]
