"""Scoring (rulebook "Scoring"): each Employee you control scores its printed Clout Value times
its Tier's multiplier (x1, x3, x5, x7), plus 1 for each Clout token on it. Ties go to the most
Employees in the Workplace, then the most in the Mailroom; still tied, the victory is shared."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import SquidIncState


def tier_totals(st: SquidIncState, seat: int) -> list[int]:
    """Printed Clout Value times multiplier, per Tier (bottom first)."""
    totals = [0] * len(st.geo.multipliers)
    for space in st.own_spaces(seat):
        tier = st.geo.tier_of[space]
        totals[tier] += st.value_of(st.board[space]) * st.geo.multipliers[tier]
    return totals


def clout_tokens(st: SquidIncState, seat: int) -> int:
    return sum(st.clout[s] for s in st.own_spaces(seat))


def final_scores(st: SquidIncState) -> list[int]:
    return [sum(tier_totals(st, seat)) + clout_tokens(st, seat) for seat in range(st.num_players)]


def winners(st: SquidIncState) -> list[int]:
    scores = final_scores(st)
    ranks = [(scores[seat], len(st.own_spaces(seat)), len(st.mailrooms[seat]))
             for seat in range(st.num_players)]
    return [seat for seat, rank in enumerate(ranks) if rank == max(ranks)]
