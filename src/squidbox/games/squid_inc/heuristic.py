"""A small evaluation of a Squid, Inc. position, for the heuristic bot and cut-off search.

A seat's prospects are its score if the game ended now (printed value times Tier multiplier,
plus Clout tokens, on its Workplace Employees; the view's "scores"), plus what its Employees may
still earn (each one in the Workplace can rise and act; each in the Mailroom, once brought in,
less the Clout it still needs), plus anything of its own still in transit on its turn (a chosen
card, Clout not yet placed, an Employee entering, an ability being used, a Promotion under way).
The estimate compares that with the best opponent's, on a scale that widens as the scores grow.

Hiring and Promoting are what fill the Workplace, the rulebook's way to end the game, so the
weights make both worth doing (see src/squidbox/games/squid_inc/rulings.md, "How the game ends").
"""

from __future__ import annotations

import math
from typing import Any

from .data import SquidIncData

# An Employee in the Workplace is worth more than its points while the game goes on: it may be
# Promoted (x3 is +2 values) and use its ability. A Mailroom Employee is worth as much once in,
# less the Clout it still needs; each missing token counts a little more than a token held
# elsewhere, so Clout goes toward bringing Employees in rather than sitting on the board.
WORKPLACE_BONUS = 1.5  # times the printed value
SHORTFALL = 1.25  # per Clout token a Mailroom Employee still needs to enter
CHOSEN_SHARE = 1.0  # a chosen card still becomes its value (+ line modifier) in Clout or a hire
LAST_TURNS = 3  # in the game's last turns a seat has little time left to bring its Mailroom in
# An ability being used is worth the Clout paid for it and a little more, until its effect shows
# on the board: without this a one-decision look-ahead sees only the Clout spent and never
# activates anything (no Promotions, so the Workplace never fills).
ABILITY_RETURN = 1.25
SCALE_BASE = 4.0  # a lead of about this many points early on is a fair edge
SCALE_SHARE = 0.15  # ... and the scale grows with the scores, as late leads are larger


def evaluate(data: SquidIncData, view: dict[str, Any], seat: int) -> float:
    state = view["state"]
    if view["is_terminal"]:
        return _result(state, seat)
    prospects = [float(s) for s in state["scores"]]
    time_left = _time_left(data, view)
    for cell in state["board"]:
        if cell["owner"] is not None:
            prospects[cell["owner"]] += time_left * WORKPLACE_BONUS * cell["value"]
    for s, room in enumerate(state["mailrooms"]):
        prospects[s] += time_left * sum(_mailroom_worth(e) for e in room)
    current = state["current_player"]
    values = {e.name: e.clout for e in data.employees}
    if state["chosen"] is not None:
        chosen = state["chosen"]
        prospects[current] += CHOSEN_SHARE * max(0, values.get(chosen["employee"], 0)
                                                 + chosen["modifier"])
    pending = state["pending"]
    if pending is not None:
        if pending["task"] in ("clout", "split", "share"):
            prospects[current] += pending.get("amount", 0)
        elif pending["task"] == "enter":
            entering = values.get(pending.get("moving", ""), 0)
            prospects[current] += entering * (1 + time_left * WORKPLACE_BONUS)
        elif pending["task"] == "ability":
            prospects[current] += ABILITY_RETURN * pending["paid"]
        elif pending["task"] == "rise" and pending.get("owner", -1) >= 0:
            prospects[pending["owner"]] += _promotion_gain(data, pending, values)
    lead = prospects[seat] - max(p for s, p in enumerate(prospects) if s != seat)
    scale = SCALE_BASE + SCALE_SHARE * max(0.0, *prospects)
    return 1 / (1 + math.exp(-lead / scale))


def _mailroom_worth(employee: dict[str, Any]) -> float:
    """Its worth once in the Workplace, less the Clout still needed (plus any Clout beyond)."""
    missing = employee["hire_cost"] - employee["clout"]
    return float((1 + WORKPLACE_BONUS) * employee["value"]
                 - (SHORTFALL * missing if missing > 0 else missing))


def _promotion_gain(data: SquidIncData, pending: dict[str, Any], values: dict[str, int]) -> float:
    """What a Promotion under way adds: the Employee's value times the rise in multiplier."""
    tier = pending["tier"]  # 1-based: data.tiers[tier] is the Tier above
    if tier >= len(data.tiers):
        return 0.0
    rise = data.tiers[tier].multiplier - data.tiers[tier - 1].multiplier
    return float(values.get(pending["moving"], 0) * rise)


def _time_left(data: SquidIncData, view: dict[str, Any]) -> float:
    """1 while the game can go on; once it ends when the deck and line run out (the endgame, or
    the last reshuffle used), the share of LAST_TURNS that each seat still has."""
    state = view["state"]
    if not state["endgame"] and state["reshuffles"] < data.reshuffle_limit:
        return 1.0
    turns: float = (state["deck_size"] + len(state["line"])) / view["num_players"]
    return min(1.0, turns / LAST_TURNS)


def _result(state: dict[str, Any], seat: int) -> float:
    """The game's own result: most points, then most Employees in the Workplace, then most in
    the Mailroom; a shared victory splits 1."""
    ranks = [(score, sum(1 for cell in state["board"] if cell["owner"] == s),
              len(state["mailrooms"][s])) for s, score in enumerate(state["scores"])]
    winners = [s for s, rank in enumerate(ranks) if rank == max(ranks)]
    return 1 / len(winners) if seat in winners else 0.0
