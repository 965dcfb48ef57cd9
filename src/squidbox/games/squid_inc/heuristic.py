"""A small evaluation of a Squid, Inc. position, for the heuristic bot and cut-off search.

A seat's prospects are its score if the game ended now (printed value times Tier multiplier,
plus Clout tokens, on its Workplace Employees; the view's "scores"), plus what its Mailroom is
worth once brought in, plus anything of its own still in transit on its turn (a chosen card, Clout
not yet placed, an Employee entering). The estimate compares that with the best opponent's,
on a scale that widens as the scores grow."""

from __future__ import annotations

import math
from typing import Any

from .data import SquidIncData

HOLD_VALUE = 2.0  # a Mailroom Employee: its value on the x1 Tier, and more as it may rise later
MAILROOM_CLOUT = 1.0  # Mailroom Clout pays the hire cost, so it is worth a token on the board
CHOSEN_SHARE = 1.0  # a chosen card still becomes its value (+ line modifier) in Clout or a hire
LAST_TURNS = 3  # in the game's last turns a seat has little time left to bring its Mailroom in
SCALE_BASE = 4.0  # a lead of about this many points early on is a fair edge
SCALE_SHARE = 0.15  # ... and the scale grows with the scores, as late leads are larger


def evaluate(data: SquidIncData, view: dict[str, Any], seat: int) -> float:
    state = view["state"]
    if view["is_terminal"]:
        return _result(state, seat)
    prospects = [float(s) for s in state["scores"]]
    time_left = _time_left(data, view)
    for s, room in enumerate(state["mailrooms"]):
        prospects[s] += time_left * sum(HOLD_VALUE * e["value"]
                                        + MAILROOM_CLOUT * (e["clout"] - e["hire_cost"])
                                        for e in room)
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
            prospects[current] += values.get(pending.get("moving", ""), 0)
    lead = prospects[seat] - max(p for s, p in enumerate(prospects) if s != seat)
    scale = SCALE_BASE + SCALE_SHARE * max(0.0, *prospects)
    return 1 / (1 + math.exp(-lead / scale))


def _time_left(data: SquidIncData, view: dict[str, Any]) -> float:
    """1 while the game can go on; once it ends when the deck and line run out (the endgame, or
    the last reshuffle used), the share of LAST_TURNS that each seat still has."""
    state = view["state"]
    if not state["endgame"] and state["reshuffles"] < data.reshuffle_limit:
        return 1.0
    turns = (state["deck_size"] + len(state["line"])) / view["num_players"]
    return min(1.0, turns / LAST_TURNS)


def _result(state: dict[str, Any], seat: int) -> float:
    """The game's own result: most points, then most Employees in the Workplace, then most in
    the Mailroom; a shared victory splits 1."""
    ranks = [(score, sum(1 for cell in state["board"] if cell["owner"] == s),
              len(state["mailrooms"][s])) for s, score in enumerate(state["scores"])]
    winners = [s for s, rank in enumerate(ranks) if rank == max(ranks)]
    return 1 / len(winners) if seat in winners else 0.0
