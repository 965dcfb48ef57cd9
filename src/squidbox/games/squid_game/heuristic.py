"""A rough evaluation for the heuristic bot: your share of the living tokens, and in the final
Squid Game how far your best token has come. Judged from a seat's view alone."""

from __future__ import annotations

from typing import Any


def evaluate(view: dict[str, Any], seat: int) -> float:
    if view["is_terminal"]:
        return float(view["returns"][seat])
    state = view["state"]
    teams = state["teams"]
    living = sum(len(team) for team in teams)
    share = len(teams[seat]) / living if living else 0.0
    game = state.get("game")
    if state["games"][state["stage"]] != "squid_game" or game is None:
        return share
    mine = [place for token, place in game["at"].items() if int(token) in teams[seat]]
    head = game["triangle_spaces"] + 1
    progress = (max(mine) + 1) / (head + 1) if mine else 0.0
    return 0.5 * share + 0.5 * progress
